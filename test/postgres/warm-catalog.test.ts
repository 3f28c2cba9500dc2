/**
 * A PGlite instance's catalog is read in steps when a store opens it (#31, #35): the statements
 * of a session's first reads run once for no session (reading no row), every table touched,
 * other work running between them, once per instance; the store then reads and writes as before.
 */
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/index.js';
import { postgresStore } from '../../src/server/index.js';
import { WARM_STATEMENTS } from '../../src/store/postgres/warm-catalog.js';
import { makeEntry, makeMeta } from '../../src/testing/index.js';

describe('warmCatalog (PGlite)', () => {
  it('runs the first reads for no session, letting other work run between them, once per instance', async () => {
    const db = await PGlite.create();
    const seen: string[] = [];
    let ticks = 0;
    let ticking = true;
    const tick = (): void => {
      ticks++;
      if (ticking) setImmediate(tick);
    };
    const ticksAt: number[] = [];
    const watched = {
      query: (text: string, params?: unknown[]) => {
        // The warming statements name no tenant; the store's own reads of the same kind name 't'.
        const warming = WARM_STATEMENTS.includes(text) && params?.[0] === '';
        seen.push(warming ? `warm: ${text}` : text);
        if (warming) ticksAt.push(ticks);
        return db.query(text, params);
      },
      transaction: db.transaction.bind(db),
      listen: db.listen.bind(db),
      close: async () => undefined,
    };
    tick();
    const store = postgresStore({ pglite: watched as never, tenant: 't' });
    await store.write('s', { meta: makeMeta('s', 1), putEntries: [makeEntry('s', 0)], expectVersion: 0 });
    ticking = false;
    expect(ticksAt).toHaveLength(WARM_STATEMENTS.length);
    // Every warming statement came before the first read or write of the store's own.
    const firstOwn = seen.findIndex((text) => /recallkit_changes|WITH b AS/.test(text));
    expect(Math.max(...WARM_STATEMENTS.map((w) => seen.indexOf(`warm: ${w}`)))).toBeLessThan(firstOwn);
    const tables = [
      'recallkit_sessions',
      'recallkit_entries',
      'recallkit_summaries',
      'recallkit_summary_ids',
      'recallkit_aux',
    ];
    for (const table of tables) expect(WARM_STATEMENTS.some((w) => w.includes(`FROM ${table} `))).toBe(true);
    // Other work (a timer's callbacks) ran between every two of them.
    for (let i = 1; i < ticksAt.length; i++) expect(ticksAt[i]!).toBeGreaterThan(ticksAt[i - 1]!);
    expect((await store.loadSession('s'))?.activeEntries).toEqual([makeEntry('s', 0)]);

    // Another store on the same instance does not warm it again.
    const again = postgresStore({ pglite: watched as never, tenant: 'u' });
    expect(await again.loadSession('s')).toBeUndefined();
    expect(ticksAt).toHaveLength(WARM_STATEMENTS.length);
    await again.close();
    await store.close();
    await db.close();
  });

  it('has run every statement of a first recall and a first context after a reopen', async () => {
    const db = await PGlite.create();
    let seen: string[] | undefined;
    const watched = {
      query: (text: string, params?: unknown[]) => (seen?.push(text), db.query(text, params)),
      transaction: <T>(fn: (tx: { query: typeof db.query }) => Promise<T>) =>
        db.transaction((tx) =>
          fn({ query: (text: string, params?: unknown[]) => (seen?.push(text), tx.query(text, params)) }),
        ),
      listen: db.listen.bind(db),
      close: async () => undefined,
    };
    const open = () => createMemory({ store: postgresStore({ pglite: watched as never, tenant: 't' }) });
    const writer = await open();
    for (let i = 0; i < 70; i++)
      await writer.addUserMessage('chat', `turn ${i}: the dog ${i % 7} went to the park ${i}`);
    // What the memory that holds the session finds (warm): the cold recall after the reopen finds it too.
    const expected = (await writer.recall('chat', 'dog park', { topK: 5 })).map((r) => r.entry.id);
    expect(expected).toHaveLength(5);
    await writer.close();

    for (const call of [
      (m: Awaited<ReturnType<typeof open>>) => m.recall('chat', 'dog park', { topK: 5 }),
      (m: Awaited<ReturnType<typeof open>>) =>
        m.getContextForLLM('chat', { query: 'dog park', recall: { maxTokens: 200 } }),
    ]) {
      const memory = await open();
      seen = [];
      const result = await call(memory);
      const ran = seen;
      seen = undefined;
      expect(ran.length).toBeGreaterThan(0);
      expect(ran.filter((text) => !WARM_STATEMENTS.includes(text))).toEqual([]);
      if (Array.isArray(result)) expect(result.map((r) => r.entry.id)).toEqual(expected);
      await memory.close();
    }
    await db.close();
  });
});
