/**
 * Adds under a caller's id on PostgreSQL and PGlite (the suite in test/support/idempotent-adds.ts):
 * each `open` is a new engine over a new store of the same tenant, as after a restart. Several
 * processes retrying at once: processes.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { postgresStore } from '../../src/server/index.js';
import { describeIdempotentAdds } from '../support/idempotent-adds.js';
import { closeShared, freshTenant, sharedPGlite, sharedPool } from './support.js';

afterAll(closeShared);

describeIdempotentAdds('postgresStore (pg)', async () => {
  const tenant = freshTenant();
  return {
    open: (options = {}) => createMemory({ ...options, store: postgresStore({ pool: sharedPool(), tenant }) }),
    dispose: async () => undefined,
  };
});

describeIdempotentAdds('postgresStore (PGlite)', async () => {
  const tenant = freshTenant();
  const lite = await sharedPGlite();
  return {
    open: (options = {}) => createMemory({ ...options, store: postgresStore({ pglite: lite, tenant }) }),
    dispose: async () => undefined,
  };
});

describeIdempotentAdds('postgresStore (a PGlite directory, reopened from disk)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'recallkit-idempotent-'));
  const tenant = freshTenant();
  return {
    open: (options = {}) => createMemory({ ...options, store: postgresStore({ pglite: dir, tenant }) }),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
});
