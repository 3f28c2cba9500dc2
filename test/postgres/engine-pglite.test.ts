/**
 * A representative set of the engine's tests, run with every in-memory store replaced by a
 * postgresStore (PGlite driver, a fresh tenant each time).
 */
import { afterAll, vi } from 'vitest';
import { closeShared } from './support.js';

vi.mock('../../src/store/memory/memory-store.js', async () => {
  const { postgresStore } = await import('../../src/server/index.js');
  const support = await import('./support.js');
  return { memoryStore: () => postgresStore({ pglite: support.sharedPGliteNow(), tenant: support.freshTenant() }) };
});

afterAll(closeShared);

await import('../unit/engine-manager.test.js');
await import('../unit/engine-recall.test.js');
await import('../unit/recall-cold.test.js');
await import('../unit/engine-profiles.test.js');
await import('../unit/engine-knowledge-base.test.js');
await import('../unit/reliability-import.test.js');
