/**
 * The version checks a server's engines make before their reads, grouped: meta reads of many
 * tenants' stores made in one turn of the event loop go as one statement, and each is answered
 * with its own tenant's session only (or none).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { PgPoolLike } from '../../src/store/postgres/driver-pg.js';
import { postgresStore } from '../../src/server/index.js';
import { makeMeta } from '../../src/testing/index.js';
import { closeShared, countingPool, freshTenant, sharedPool } from './support.js';
import { PROTOTYPE_NAMES } from '../support/idempotent-adds.js';

afterAll(closeShared);

/** The shared pool, counting the statements that read sessions' meta (on its connections too). */
function metaCountingPool(): { pool: PgPoolLike; metaReads: () => number } {
  let metaReads = 0;
  const pool = countingPool(sharedPool(), (text) => {
    if (/meta FROM|s\.meta/.test(text) && !text.startsWith('SELECT 0 AS k')) metaReads++;
  });
  return { pool, metaReads: () => metaReads };
}

describe('postgresStore meta reads (pg)', () => {
  it('60 reads of 3 tenants in one turn: one statement, each answered with its own session (or none)', async () => {
    const { pool, metaReads } = metaCountingPool();
    const tenants = [freshTenant(), freshTenant(), freshTenant()];
    const stores = tenants.map((tenant) => postgresStore({ pool, tenant }));
    const sessions = ['chat', ...PROTOTYPE_NAMES.slice(0, 9), 'a"b', '\u0000nul'];
    // Each tenant stores the sessions under its own versions; the last tenant stores none of them.
    for (const [t, store] of stores.entries()) {
      if (t === 2) continue;
      for (const [i, id] of sessions.entries()) await store.write(id, { meta: makeMeta(id, 10 * t + i + 1) });
    }
    const before = metaReads();
    const reads = stores.flatMap((store, t) =>
      [...sessions, 'missing', ...sessions.slice(0, 7)].map(async (id) => [t, id, (await store.loadMeta(id))?.version]),
    );
    const answers = await Promise.all(reads);
    expect(answers).toHaveLength(60);
    expect(metaReads() - before).toBe(1);
    for (const [t, id, version] of answers) {
      const i = sessions.indexOf(id as string);
      expect(version).toBe(t === 2 || i < 0 ? undefined : 10 * (t as number) + i + 1);
    }
    // Alone in its turn, a read is the plain one.
    expect((await stores[0]!.loadMeta('chat'))?.sessionId).toBe('chat');
    for (const store of stores) await store.close();
  });
});
