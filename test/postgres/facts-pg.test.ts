/**
 * The facts engine tests (test/unit/facts-engine.test.ts) with every in-memory store replaced by
 * a postgresStore on the throwaway cluster (pg driver, a fresh tenant each time): facts live in
 * the tenant's rows, survive a reload, and are forgotten there.
 */
import { afterAll, vi } from 'vitest';
import { closeShared } from './support.js';

vi.mock('../../src/store/memory/memory-store.js', async () => {
  const { postgresStore } = await import('../../src/server/index.js');
  const support = await import('./support.js');
  return { memoryStore: () => postgresStore({ pool: support.sharedPool(), tenant: support.freshTenant() }) };
});

afterAll(closeShared);

await import('../unit/facts-engine.test.js');
