/**
 * Real Chromium, real IndexedDB: vectors made in the background are kept with the session, so
 * a reopened memory embeds only the question; a new model name embeds the history again.
 */
import { expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';

const tokenizer = { count: (t: string) => Math.ceil(t.length / 4) };
const WORDS = ['garden', 'tomato', 'piano', 'concert', 'flight', 'airport', 'kitten', 'vet'];

/** A toy embedder (one dimension per word), recording every call. */
function counting(): ((texts: string[]) => Promise<number[][]>) & { calls: string[][] } {
  const calls: string[][] = [];
  const embed = async (texts: string[]) => {
    calls.push(texts);
    return texts.map((t) => WORDS.map((w) => (t.toLowerCase().includes(w) ? 1 : 0.05)));
  };
  return Object.assign(embed, { calls });
}

it('a reopened IndexedDB memory embeds only the question; a new model name re-embeds in the background', async () => {
  const dbName = `semantic-${crypto.randomUUID()}`;
  const first = counting();
  const a = await createMemory({ store: 'indexeddb', dbName, tokenizer, embedder: first, embeddingModel: 'toy-1' });
  for (let i = 0; i < 24; i++) await a.addUserMessage('s', `note ${i}: ${WORDS[i % WORDS.length]} and more`);
  await a.idle();
  expect(first.calls.flat()).toHaveLength(24);
  await a.close();

  const second = counting();
  const b = await createMemory({ store: 'indexeddb', dbName, tokenizer, embedder: second, embeddingModel: 'toy-1' });
  const hits = await b.recall('s', 'the kitten at the vet', { topK: 2 });
  await b.idle();
  expect(second.calls).toEqual([['the kitten at the vet']]);
  expect(hits[0]!.entry.content).toMatch(/kitten|vet/);
  await b.close();

  const third = counting();
  const c = await createMemory({ store: 'indexeddb', dbName, tokenizer, embedder: third, embeddingModel: 'toy-2' });
  await c.recall('s', 'piano concert');
  await c.idle();
  expect(third.calls.flat().filter((t) => t.startsWith('note '))).toHaveLength(24);
  await c.close();
});
