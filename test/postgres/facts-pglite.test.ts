/**
 * The facts engine tests (test/unit/facts-engine.test.ts) with every in-memory store replaced by
 * a postgresStore on PGlite (a fresh tenant each time).
 */
import { afterAll, vi } from 'vitest';
import { closeShared } from './support.js';

vi.mock('../../src/store/memory/memory-store.js', async () => {
  const { postgresStore } = await import('../../src/server/index.js');
  const support = await import('./support.js');
  return { memoryStore: () => postgresStore({ pglite: support.sharedPGliteNow(), tenant: support.freshTenant() }) };
});

afterAll(closeShared);

await import('../unit/facts-engine.test.js');
