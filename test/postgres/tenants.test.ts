import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { makeEntry, makeMeta, makeSummary, snapshot } from '../../src/testing/index.js';
import type { StoreAdapter } from '../../src/types.js';
import { DRIVERS, closeShared, freshTenant } from './support.js';

afterAll(closeShared);

/** Ids and text that would break string-built SQL. */
const CRAFTED = [
  "s' OR '1'='1",
  "'; DROP TABLE recallkit_entries; --",
  'x", "other',
  '$1',
  '\\\' \\" %_ *',
  'a\u0000b',
  '" OR tenant <> "',
  "') UNION SELECT meta FROM recallkit_sessions --",
];

for (const [driver, make] of DRIVERS) {
  describe(`postgresStore (${driver}): tenants`, () => {
    const pair = async (): Promise<[StoreAdapter, StoreAdapter]> => {
      const a = freshTenant();
      // B's tenant itself carries SQL and quotes around A's name.
      return [await make(a), await make(`${a}' OR tenant = '${a}`)];
    };

    it('tenant B cannot read, list, overwrite or delete tenant A sessions, even with crafted ids', async () => {
      const [a, b] = await pair();
      for (const s of ['s', ...CRAFTED]) {
        await a.write(s, {
          meta: makeMeta(s, 1, { nextSeq: 2 }),
          putEntries: [makeEntry(s, 0, { content: `A's secret in ${s}` }), makeEntry(s, 1, { compressed: true })],
          putSummaries: [makeSummary(s, 'sum')],
          aux: { 'recall:manifest': { of: 'A' } },
        });
      }
      const before = await Promise.all(['s', ...CRAFTED].map((s) => snapshot(a, s, ['recall:manifest'])));
      for (const s of ['s', ...CRAFTED]) {
        expect(await b.loadSession(s)).toBeUndefined();
        expect(await b.loadMeta(s)).toBeUndefined();
        expect(await b.loadEntries(s)).toEqual([]);
        expect(await b.getEntries(s, ['e0', 'e1'])).toEqual([undefined, undefined]);
        expect(await b.loadAux(s, 'recall:manifest')).toBeUndefined();
        expect((await b.loadAuxPrefix!(s, '')).size).toBe(0);
        // B's writes to the same ids create B's own sessions; expectVersion 1 (A's version) is a conflict for B.
        await expect(
          b.write(s, { meta: makeMeta(s, 2), putEntries: [makeEntry(s, 0, { content: 'B' })], expectVersion: 1 }),
        ).rejects.toMatchObject({ name: 'ConflictError' });
        await b.write(s, {
          meta: makeMeta(s, 1),
          putEntries: [makeEntry(s, 0, { content: 'B overwrote?' })],
          aux: { 'recall:manifest': null },
        });
        await b.write(s, { meta: makeMeta(s, 2), replace: true, putEntries: [makeEntry(s, 5)] });
        await b.deleteSession(s);
      }
      expect(await b.listSessions()).toEqual([]);
      const after = await Promise.all(['s', ...CRAFTED].map((s) => snapshot(a, s, ['recall:manifest'])));
      expect(after).toEqual(before);
      expect((await a.listSessions()).map((m) => m.sessionId).sort()).toEqual(['s', ...CRAFTED].sort());
      await a.close();
      await b.close();
    });

    it('through the memory: listSessions, recall and export stay within the tenant', async () => {
      const [sa, sb] = await pair();
      const a = await createMemory({ store: sa });
      const b = await createMemory({ store: sb });
      await a.addUserMessage('chat', 'My locker code is 4512.');
      await b.addUserMessage('other', 'Hello from B.');
      expect((await b.listSessions()).map((m) => m.sessionId)).toEqual(['other']);
      expect(await b.recall('chat', 'locker code')).toEqual([]);
      expect((await b.exportSession('chat')).entries).toEqual([]);
      // Importing A's export under B stores it for B only, and leaves A's untouched.
      const exported = await a.exportSession('chat');
      await b.importSession({
        ...exported,
        entries: exported.entries.map((e) => ({ ...e, content: 'replaced by B' })),
      });
      expect((await a.getContextForLLM('chat')).messages.map((m) => m.content)).toEqual(['My locker code is 4512.']);
      expect((await a.recall('chat', 'locker code'))[0]?.entry.content).toContain('4512');
      await a.close();
      await b.close();
    });

    it('stores content, metadata, ids and aux keys carrying SQL and odd unicode verbatim (fuzzed)', async () => {
      const store = await make(freshTenant());
      const piece = fc.oneof(
        fc.string({ maxLength: 12, unit: 'binary' }),
        fc.constantFrom(...CRAFTED, "'", '"', ';', '--', '/*', '\\', '\u0000', '\uD800', 'é'),
      );
      const text = fc.array(piece, { maxLength: 4 }).map((p) => p.join(''));
      const id = text.filter((s) => s.length > 0);
      const meta = fc.dictionary(text, fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 3 });
      let n = 0;
      await fc.assert(
        fc.asyncProperty(id, id, text, meta, text, async (sessionId, entryId, content, metadata, auxKey) => {
          const s = `${n++}:${sessionId}`;
          const entry = makeEntry(s, 0, { id: entryId, content, metadata });
          await store.write(s, {
            meta: makeMeta(s, 1, { strategyState: { content } }),
            putEntries: [entry],
            aux: { [auxKey]: { content, metadata } },
          });
          const loaded = await store.loadSession(s);
          expect(loaded?.activeEntries).toEqual([entry]);
          expect(loaded?.activeEntries[0]?.content === content).toBe(true);
          expect(loaded?.meta.strategyState).toEqual({ content });
          expect(await store.getEntries(s, [entryId])).toEqual([entry]);
          expect(await store.loadAux(s, auxKey)).toEqual({ content, metadata });
          expect((await store.loadAuxPrefix!(s, auxKey)).get(auxKey)).toEqual({ content, metadata });
        }),
        { numRuns: 60 },
      );
      expect((await store.listSessions()).length).toBe(n);
      await store.close();
    });
  });
}
