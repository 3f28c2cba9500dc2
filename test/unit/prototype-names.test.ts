/**
 * Issue #31: no name an object inherits (`constructor`, `__proto__`, `toString`, …) breaks a
 * chat. The shared suite (test/support/prototype-suite.ts) on the memory store.
 */
import { createMemory } from '../../src/create-memory.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import { describePrototypeSafety } from '../support/prototype-suite.js';

describePrototypeSafety('memory store', {
  async storage() {
    const shared = memoryStore();
    // A reopen over the same data: the memory's close leaves the shared store open.
    const store = { ...shared, close: async () => undefined };
    return (options = {}) => createMemory({ ...options, store });
  },
});
