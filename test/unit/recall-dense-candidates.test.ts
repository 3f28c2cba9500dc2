/**
 * Dense candidates of their own: with an embedder, the turns nearest the question by vector
 * join the lexical candidates, so a paraphrase that shares no word with the question is found
 * even when words find plenty of other turns. Real USE-lite.
 */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/index.js';
import { analyze } from '../../src/recall/text/analyze.js';
import { queryWeights } from '../../src/recall/lexical/bm25-search.js';
import { DEFAULT_RANKING } from '../../src/recall/lexical/ranking.js';
import { countingUseLite } from '../support/use-lite.js';

const QUESTION = 'Which year did you start taking care of your health seriously?';
const PARAPHRASE = 'I got into exercising and eating better in 2019.';
/** Turns that share a word with the question ("year", "seriously"), and never mention health. */
const WORDY = [
  'Seriously, I could not believe the ending of that show.',
  'The pirate movie from last year had silly special effects.',
  'Our cat knocked over the vase again, same as last year.',
  'The lake froze early this year, the kids went skating.',
  'I fixed the old car radio, it only took a year.',
  'The pirate ship ride at the fair was closed last year.',
  'This year the snow came in October, the roads were a mess.',
  'The vase from grandma survived another year somehow.',
  'Last year the skating rink was full of kids every weekend.',
  'The radio station changed its music this year, seriously odd.',
  'The fair was smaller than last year, fewer rides.',
  'The October snow broke a branch of the old oak this year.',
];
const OTHER = ['The concert was loud but fun.', 'My cat knocked the vase over.', 'We watched a movie about pirates.'];

async function fill(memory: Awaited<ReturnType<typeof createMemory>>): Promise<void> {
  const turns = [...OTHER, PARAPHRASE, ...OTHER.map((t) => `${t} Again.`), ...WORDY];
  for (const [i, text] of turns.entries()) {
    if (i % 2 === 0) await memory.addUserMessage('s', text);
    else await memory.addAssistantMessage('s', text);
  }
}

describe('dense candidates', () => {
  it('the paraphrase shares no word with the question, nor a word of its families', () => {
    const q = queryWeights(analyze(QUESTION, true), DEFAULT_RANKING.synonymWeight);
    expect(analyze(PARAPHRASE).filter((t) => q.has(t))).toEqual([]);
  });

  it('with an embedder a paraphrase with no shared word is found among plenty of word matches; without, never', async () => {
    const lexical = await createMemory({ store: 'memory' });
    await fill(lexical);
    const words = await lexical.recall('s', QUESTION, { topK: 10 });
    expect(words).toHaveLength(10); // words alone fill the list
    expect(words.some((h) => h.entry.content === PARAPHRASE)).toBe(false);
    expect((await lexical.recall('s', QUESTION, { topK: 100 })).some((h) => h.entry.content === PARAPHRASE)).toBe(
      false,
    );
    await lexical.close();

    const memory = await createMemory({ store: 'memory', embedder: countingUseLite(), embeddingModel: 'use-lite' });
    await fill(memory);
    await memory.idle('s');
    const hits = await memory.recall('s', QUESTION, { topK: 10 });
    expect(hits).toHaveLength(10);
    expect(hits.some((h) => h.entry.content === PARAPHRASE)).toBe(true);
    await memory.close();
  });
});
