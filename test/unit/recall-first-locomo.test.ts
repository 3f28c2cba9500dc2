/**
 * A first call after a reopen answers what a warm one does (#35), on LoCoMo conversations: for
 * every question, a memory opened over the stored chat answers its first `recall` (read cold,
 * from the stored index) and its first `getContextForLLM` with `contextRecall` (the session and
 * its index loaded) with the same entries, in the same order, with the same scores, as a memory
 * that indexed the same turns as they were added (its index never stored nor restored). The data is research evaluation data, never shipped: the test is
 * skipped when it is absent.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import type { Memory } from '../../src/memory.js';
import type { RecallResult, StoreAdapter } from '../../src/types.js';
import { loadConversations } from '../../bench/eval-locomo.js';

const ROOT = resolve(__dirname, '../..');
const DIR =
  process.env.LOCOMO_DIR ??
  [resolve(ROOT, '../shared/data/locomo'), resolve(ROOT, '../../shared/data/locomo')].find((d) => existsSync(d));
const S = 'chat';
/** Conversations of the test, and questions asked of each (every question would take minutes). */
const CONVERSATIONS = ['conv-26', 'conv-41'];
const QUESTIONS = 60;

/** A store whose `close` keeps its data, so a second memory over it is a reopen. */
const keepOpen = (store: StoreAdapter): StoreAdapter => ({ ...store, close: async () => undefined });

/**
 * A value with the ids the memory made (summaries: random UUIDs) named by their order of
 * appearance instead, and without the times it made them at, so two memories that compressed
 * alike compare equal.
 */
function sameIds(value: unknown): unknown {
  const names = new Map<string, string>();
  const text = JSON.stringify(value)
    .replace(/"createdAt":"[^"]*"/g, '"createdAt":""')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
      if (!names.has(id)) names.set(id, `id-${names.size}`);
      return names.get(id)!;
    });
  return JSON.parse(text) as unknown;
}

const hits = (results: RecallResult[]) => results.map((r) => ({ id: r.entry.id, score: r.score }));

async function ingest(memory: Memory, docs: ReturnType<typeof loadConversations>[number]['docs']): Promise<void> {
  for (const d of docs) {
    const metadata = { ...d.metadata, speaker: d.speaker };
    const at = { id: d.id, ...(typeof d.timestamp === 'string' ? { timestamp: d.timestamp } : {}) };
    if (d.role === 'user') await memory.addUserMessage(S, d.text, metadata, at);
    else await memory.addAssistantMessage(S, d.text, metadata, at);
  }
  await memory.idle();
}

describe.skipIf(!DIR || !existsSync(resolve(DIR, 'conv-26.json')))('a first call after a reopen on LoCoMo', () => {
  const conversations = DIR ? loadConversations(DIR).filter((c) => CONVERSATIONS.includes(c.name)) : [];
  for (const conv of conversations) {
    it(`${conv.name}: the first recall and the first context answer as warm ones do`, async () => {
      const store = memoryStore();
      const options = { contextRecall: { maxTokens: 1000 } };
      const writer = await createMemory({ store: keepOpen(store), ...options });
      await ingest(writer, conv.docs);
      await writer.close();
      // The same turns (the same ids) in a memory of its own, kept open: its index is the one built by the adds.
      const added = await createMemory({ store: memoryStore(), ...options });
      await ingest(added, conv.docs);
      const questions = conv.questions.slice(0, QUESTIONS).map((q) => q.question);
      let found = 0;
      for (const q of questions) {
        const expected = hits(await added.recall(S, q, { topK: 10 }));
        found += expected.length;
        const cold = await createMemory({ store: keepOpen(store), ...options });
        expect(hits(await cold.recall(S, q, { topK: 10 })), q).toEqual(expected);
        await cold.close();
        const loaded = await createMemory({ store: keepOpen(store), ...options });
        const context = sameIds(await loaded.getContextForLLM(S, { query: q }));
        expect(context, q).toEqual(sameIds(await added.getContextForLLM(S, { query: q })));
        await loaded.close();
      }
      expect(found).toBeGreaterThan(questions.length * 5); // the questions find turns
      await added.close();
      await store.close();
    }, 600_000);
  }
});
