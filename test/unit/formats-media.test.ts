/**
 * Images and files in imported messages are kept as the source wrote them (entry
 * `metadata.parts`, with `metadata.partsFormat`) and come back verbatim from exportSession and
 * through an import; the context carries the text with an `[image]` / `[file]` marker and counts
 * exactly that text.
 */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { loadTiktoken } from '../../src/tokens/tiktoken.js';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const cases = {
  openai: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is in this picture?' },
        { type: 'image_url', image_url: { url: PNG, detail: 'low' } },
      ],
    },
  ],
  anthropic: [
    {
      role: 'user',
      content: [
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG.split(',')[1] } },
        { type: 'text', text: 'What is in this picture?' },
      ],
    },
  ],
  'ai-sdk': [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is in this picture?' },
        { type: 'image', image: PNG, mediaType: 'image/png' },
      ],
    },
  ],
  langchain: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is in this picture?' },
        { type: 'image_url', image_url: { url: PNG } },
      ],
    },
  ],
} as const;

describe.each(Object.entries(cases))('%s', (format, messages) => {
  it('keeps the image parts in the entry, gives them back on export and through an import', async () => {
    const memory = await createMemory({ store: 'memory' });
    const [entry] = await memory.addMessages('s', messages, { format: format as never });
    const sourceParts = (messages[0]!.content as readonly { type: string }[]).filter((p) => p.type !== 'text');
    expect(entry!.metadata).toEqual({ parts: sourceParts, partsFormat: format });
    expect(entry!.content).toContain('[image]');
    expect(entry!.content).toContain('What is in this picture?');

    const state = JSON.parse(JSON.stringify(await memory.exportSession('s')));
    expect(state.entries[0].metadata.parts).toEqual(sourceParts);
    const copy = await createMemory({ store: 'memory' });
    await copy.importSession(state);
    expect((await copy.exportSession('s')).entries[0]!.metadata).toEqual({ parts: sourceParts, partsFormat: format });
  });

  it('counts the text sent, marker included, exactly', async () => {
    const memory = await createMemory({ store: 'memory' });
    const [entry] = await memory.addMessages('s', messages, { format: format as never });
    const o200k = await loadTiktoken('o200k_base');
    // A user message as sent: the text (with its [image] marker) plus the chat framing tokens.
    const { tokenCount, messages: sent } = await memory.getContextForLLM('s');
    expect(sent).toEqual([{ role: 'user', content: entry!.content }]);
    expect(entry!.tokenCount).toBeLessThan(o200k.count(entry!.content) + 8);
    expect(tokenCount).toBeGreaterThan(o200k.count(entry!.content));
  });
});

it('a message without media gets no parts metadata', async () => {
  const memory = await createMemory({ store: 'memory' });
  const [entry] = await memory.addMessages('s', [{ role: 'user', content: [{ type: 'text', text: 'just text' }] }]);
  expect(entry!.metadata).toBeUndefined();
});
