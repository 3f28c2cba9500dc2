/**
 * Names without speaker metadata: the names one side of a chat calls the other by tell recall
 * whose turns a question about that person means.
 */
import { describe, expect, it } from 'vitest';
import { addressedTerms } from '../../src/recall/text/addressed.js';
import { createRecallIndex, loadRecallIndex } from '../../src/recall/recall-index.js';
import { createMemory } from '../../src/create-memory.js';

const at = (d: number, minute = 0) => new Date(Date.UTC(2023, 4, d, 10, minute)).toISOString();

describe('addressedTerms', () => {
  it('finds names after greetings, thanks and reactions, and closing a clause after a comma', () => {
    expect(addressedTerms('Thanks, Mel! Hey Caroline, how are you?')).toEqual(['@mel', '@carol']);
    expect(addressedTerms('Wow, John! That is great.')).toEqual(['@john']);
    expect(addressedTerms('How was the trip, Maria?')).toEqual(['@maria']);
  });

  it('leaves out lists, lower-case words, weekdays and a sentence-initial word', () => {
    expect(addressedTerms('I went to Paris, London and Rome.')).toEqual([]);
    expect(addressedTerms('Hey there, how are you?')).toEqual([]);
    expect(addressedTerms('See you on Friday, Monday is busy. Thanks, Friday.')).toEqual([]);
    expect(addressedTerms('Caroline went home.')).toEqual([]);
  });
});

/** Caroline (the user, never named by the app) talks with a friend who calls her by name. */
const turns: ['user' | 'assistant', string][] = [
  ['user', 'I painted a lake at dawn last weekend.'],
  ['assistant', 'Wow, Caroline! That sounds lovely.'],
  ['user', 'It took me three mornings to finish it.'],
  ['assistant', 'Thanks for sharing, Caroline!'],
  ['user', 'My cousin visited from Lisbon yesterday.'],
  ['assistant', 'Hey Caroline, how was the visit?'],
  ['user', 'We cooked a big dinner together.'],
  ['assistant', 'Caroline, guess what: I painted my garden fence blue.'],
];

describe('a question naming the person the other side addresses', () => {
  it("ranks that person's own turns first (index without speaker names)", () => {
    const index = createRecallIndex();
    turns.forEach(([role, text], i) => index.add({ id: `t${i}`, text, role, timestamp: at(1 + i) }));
    expect(index.search('What did Caroline paint?', { topK: 1 })[0]!.id).toBe('t0');
    // Without the speaker boost, the friend's turn that says both words wins.
    expect(index.search('What did Caroline paint?', { topK: 1, ranking: { speakerBoost: 0 } })[0]!.id).toBe('t7');
  });

  it('is kept by a persisted index, and given speaker names take precedence', async () => {
    const index = createRecallIndex();
    turns.forEach(([role, text], i) => index.add({ id: `t${i}`, text, role, timestamp: at(1 + i) }));
    const aux = index.toAux();
    const loaded = (await loadRecallIndex(async (key) => aux[key]))!;
    expect(loaded.search('What did Caroline paint?', { topK: 1 })[0]!.id).toBe('t0');
    // The app names the speakers: the friend is the one called Caroline here (a name, not a guess).
    const named = createRecallIndex();
    turns.forEach(([role, text], i) =>
      named.add({ id: `t${i}`, text, role, speaker: role === 'user' ? 'Jo' : 'Caroline', timestamp: at(1 + i) }),
    );
    expect(named.search('What did Caroline paint?', { topK: 1 })[0]!.id).toBe('t7');
  });

  it("scope 'all' decides from every chat's turns together", async () => {
    const memory = await createMemory({ store: 'memory' });
    // Each chat alone has too few addresses to tell; together they do.
    for (const [n, chunk] of [turns.slice(0, 4), turns.slice(4)].entries()) {
      for (const [i, [role, text]] of chunk.entries()) {
        if (role === 'user')
          await memory.addUserMessage(`chat-${n}`, text, undefined, { timestamp: at(1 + n * 4 + i) });
        else await memory.addAssistantMessage(`chat-${n}`, text, undefined, { timestamp: at(1 + n * 4 + i) });
      }
    }
    const hits = await memory.recall('chat-2', 'What did Caroline paint?', { scope: 'all', topK: 1 });
    expect(hits[0]!.entry.content).toBe('I painted a lake at dawn last weekend.');
  });
});
