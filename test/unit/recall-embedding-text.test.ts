/**
 * What the embedder is given for a question: its content clause, without the interrogative
 * frame, the session's speakers in the first person.
 */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/index.js';
import { createRecallIndex } from '../../src/recall/recall-index.js';
import { questionForEmbedding } from '../../src/recall/vectors/embedding-text.js';

/** A fake embedder recording its texts: one fixed-length vector per text, from its characters. */
function recording(): ((texts: string[]) => Promise<number[][]>) & { texts: string[] } {
  const texts: string[] = [];
  const embed = (batch: string[]): Promise<number[][]> => {
    texts.push(...batch);
    return Promise.resolve(batch.map((t) => [t.length % 7, (t.charCodeAt(0) || 1) % 11, 1]));
  };
  return Object.assign(embed, { texts });
}

describe('questionForEmbedding', () => {
  it.each([
    ['When did Caroline go to the LGBTQ support group?', 'Caroline go to the LGBTQ support group'],
    ["What is Caroline's identity?", "Caroline's identity"],
    ['How long has Caroline had her current group of friends for?', 'Caroline had her current group of friends for'],
    ['What kind of car does Evan drive?', 'car Evan drive'],
    ['What fields would Caroline be likely to pursue?', 'fields Caroline be likely to pursue'],
    ['In what ways is Caroline participating in the community?', 'Caroline participating in the community'],
    ['Would Melanie go camping again?', 'Melanie go camping again'],
    ["Why didn't Jon open the studio?", 'Jon open the studio'],
    ['Where has Melanie camped?', 'Melanie camped'],
  ])('%s → %s', (question, clause) => {
    expect(questionForEmbedding(question)).toBe(clause);
  });

  it('leaves what is not a question as it is, and never returns an empty text', () => {
    expect(questionForEmbedding('  painting supplies for the studio ')).toBe('painting supplies for the studio');
    expect(questionForEmbedding("Will's birthday party")).toBe("Will's birthday party");
    expect(questionForEmbedding('Why?')).toBe('Why?');
  });
});

describe('speaker names', () => {
  it('puts the words namesSpeaker takes for a name in the first person', () => {
    const speakers = new Set(['Caroline', 'Melanie']);
    const named = (w: string): boolean => speakers.has(w);
    expect(questionForEmbedding('When did Caroline go to the LGBTQ support group?', named)).toBe(
      'I go to the LGBTQ support group',
    );
    expect(questionForEmbedding("What do Melanie's kids like?", named)).toBe('my kids like');
    expect(questionForEmbedding('What did Caroline, Melanie and Evan talk about?', named)).toBe(
      'I, I and Evan talk about',
    );
    expect(questionForEmbedding('Who is Caroline?', named)).toBe('I');
  });

  it("a recall index knows its speakers' names, not roles nor other words", () => {
    const index = createRecallIndex();
    index.add({ id: 'a', text: 'I went to a support group.', speaker: 'Caroline', role: 'user' });
    index.add({ id: 'b', text: 'Hey Caroline! Melanie here.', role: 'assistant' });
    expect(index.namesSpeaker('Caroline')).toBe(true);
    expect(index.namesSpeaker("Caroline's")).toBe(true);
    expect(index.namesSpeaker('caroline')).toBe(true);
    expect(index.namesSpeaker('Melanie')).toBe(false); // named in a text, never a speaker given
    expect(index.namesSpeaker('user')).toBe(false);
    expect(index.namesSpeaker('assistant')).toBe(false);
    expect(index.namesSpeaker('group')).toBe(false);
  });
});

describe('through createMemory', () => {
  it("embeds the question's content clause, the session's speakers in the first person", async () => {
    const embedder = recording();
    const memory = await createMemory({ store: 'memory', embedder, embeddingModel: 'fake' });
    await memory.addUserMessage('s', 'I went to a support group yesterday.', { speaker: 'Caroline' });
    await memory.addAssistantMessage('s', 'That sounds lovely.', { name: 'Melanie' });
    await memory.idle('s');
    // Turns are embedded as they are.
    expect(embedder.texts).toEqual(['I went to a support group yesterday.', 'That sounds lovely.']);
    await memory.recall('s', 'When did Caroline go to the support group?');
    expect(embedder.texts.at(-1)).toBe('I go to the support group');
    await memory.recall('s', "What does Melanie's brother Evan paint?", { scope: 'all' });
    expect(embedder.texts.at(-1)).toBe('my brother Evan paint');
    await memory.close();
  });
});
