/**
 * Opening PGlite is the process's own work (its WASM start, a recovery), not a wait for a
 * database that may never answer: on a busy machine it can take far longer than the bound a call
 * waits for a server's answer, and neither `createServerMemory` nor `postgresStore` may fail it
 * with "no answer from the database" (#33's bounds are for a server; CI at load average 20 opened
 * PGlite in more than the default 4 s). Here the instance's first answers are held back for ten
 * times the bound set, and every call still succeeds once PGlite answers.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServerMemory, postgresStore } from '../../src/server/index.js';
import { createMemory } from '../../src/create-memory.js';
import type { PGliteLike } from '../../src/store/postgres/driver-pglite.js';

/** The bound set below: a call waits this long for an answer from a server. */
const BOUND = { acquireTimeoutMs: 25, statementTimeoutMs: 25 };
/** How long the instance keeps its first answers back: ten times the bound. */
const HELD_MS = 500;

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
});
afterAll(() => db.close());

/** `db`, whose statements wait until `release` resolves (as a slow open would). */
function slowToOpen(release: Promise<void>): PGliteLike {
  return {
    query: async (text, params) => (await release, db.query(text, params)),
    transaction: async (fn) => (await release, db.transaction(fn)),
    listen: async (channel, callback) => (await release, db.listen(channel, callback)),
    close: async () => undefined,
  };
}

const later = (ms: number): Promise<void> => new Promise((ok) => setTimeout(ok, ms));

it('createServerMemory over a PGlite slow to open: the first calls wait for it and succeed', async () => {
  const memories = createServerMemory({ pglite: slowToOpen(later(HELD_MS)), ...BOUND });
  try {
    const memory = memories.forUser('slow-open');
    await memory.addUserMessage('s', 'first, while the database opens');
    await memory.addAssistantMessage('s', 'answered');
    expect((await memory.getStats('s')).totalEntries).toBe(2);
  } finally {
    await memories.close();
  }
});

it('postgresStore over a PGlite slow to open: the first write waits for it and succeeds', async () => {
  const memory = await createMemory({
    store: postgresStore({ pglite: slowToOpen(later(HELD_MS)), tenant: 'slow-open-store', ...BOUND }),
  });
  try {
    await memory.addUserMessage('s', 'first, while the database opens');
    expect((await memory.getStats('s')).totalEntries).toBe(1);
  } finally {
    await memory.close();
  }
});
