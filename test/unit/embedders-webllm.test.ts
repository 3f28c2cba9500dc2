import { describe, expect, it, vi } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { webLLMEmbedder, type WebLLMEmbeddingEngine } from '../../src/embedders/webllm.js';

/** An engine with WebLLM's embeddings API: one dimension per concept. */
function fakeEngine() {
  const concepts = [/parrot|pet|bird/i, /lisbon|city/i, /budget|money|euros/i];
  const create = vi.fn(async ({ input }: { input: string[] }) => ({
    data: input.map((t, index) => ({ index, embedding: concepts.map((re) => (re.test(t) ? 1 : 0.01)) })).reverse(),
  }));
  return { engine: { embeddings: { create } } satisfies WebLLMEmbeddingEngine, create };
}

describe('webLLMEmbedder', () => {
  it('embeds in batches through embeddings.create, in input order', async () => {
    const { engine, create } = fakeEngine();
    const embed = webLLMEmbedder({ model: 'snowflake-arctic-embed-m-q0f32-MLC-b32', engine, batchSize: 2 });
    const vectors = await embed(['my parrot', 'in Lisbon', 'the budget']);
    expect(create).toHaveBeenCalledTimes(2);
    expect(create.mock.calls[0]![0]).toEqual({
      input: ['my parrot', 'in Lisbon'],
      model: 'snowflake-arctic-embed-m-q0f32-MLC-b32',
    });
    expect(vectors.map((v) => v.indexOf(1))).toEqual([0, 1, 2]);
  });

  it('serves recall: a question finds a turn that shares no word with it', async () => {
    const { engine } = fakeEngine();
    const memory = await createMemory({ store: 'memory', embedder: webLLMEmbedder({ model: 'm', engine }) });
    await memory.addUserMessage('s', 'I have a parrot called Mango.');
    await memory.addUserMessage('s', 'The meeting is on Tuesday.');
    const [top] = await memory.recall('s', 'Which pet do I own?');
    expect(top!.entry.content).toBe('I have a parrot called Mango.');
  });

  it('refuses a missing model id, and never loads WebLLM without WebGPU (Node): recall stays lexical', async () => {
    expect(() => webLLMEmbedder({ model: '' })).toThrow(/model: expected a WebLLM embedding model id/);
    const embed = webLLMEmbedder({ model: 'm' });
    await expect(embed(['x'])).rejects.toThrow(/WebGPU is not available/);
    const errors: string[] = [];
    const memory = await createMemory({ store: 'memory', embedder: embed });
    memory.on('error', (_s, e) => errors.push(e.message));
    await memory.addUserMessage('s', 'budget is 42 euros');
    expect((await memory.recall('s', 'budget'))[0]?.entry.content).toBe('budget is 42 euros');
    expect(errors.some((m) => /WebGPU/.test(m))).toBe(true);
  });
});
