import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { ValidationError } from '../../src/errors.js';
import { formatIds, parseMessages, registerFormat, toFormat, type MessageFormat } from '../../src/formats/index.js';
import type { ChatMessage } from '../../src/types.js';

/** A format of "role: text" lines, written the way an app would add one. */
registerFormat({
  id: 'lines',
  parse(input) {
    if (!Array.isArray(input)) throw new ValidationError('messages', 'an array of "role: text" lines', input);
    return input.map((line: unknown, i): ChatMessage => {
      const match = typeof line === 'string' ? /^(user|assistant|system): (.*)$/s.exec(line) : null;
      if (!match) throw new ValidationError(`messages[${i}]`, 'a "role: text" line', line);
      return { role: match[1] as 'user' | 'assistant' | 'system', content: match[2]! };
    });
  },
  write: (messages) => ({ messages: messages.map((m) => `${m.role}: ${m.content ?? ''}`) }),
});

const LINES = 'lines' as MessageFormat;

describe('registerFormat', () => {
  it('a registered format is read by addMessages and written by getContextForLLM', async () => {
    const memory = await createMemory({ store: 'memory' });
    await memory.addMessages('s', ['user: my dog is Rex', 'assistant: noted'], { format: LINES });
    expect((await memory.getActiveEntries('s')).map((e) => [e.role, e.content])).toEqual([
      ['user', 'my dog is Rex'],
      ['assistant', 'noted'],
    ]);
    const context = await memory.getContextForLLM('s', { format: LINES });
    expect(context.messages).toEqual(['user: my dog is Rex', 'assistant: noted']);
    await expect(memory.addMessages('s', ['robot: hi'], { format: LINES })).rejects.toThrow(
      /messages\[0\]: expected a "role: text" line/,
    );
    await memory.close();
  });

  it('parseMessages and toFormat use the same registry', () => {
    expect(parseMessages(['user: hi'], LINES)).toEqual([{ role: 'user', content: 'hi' }]);
    expect(toFormat([{ role: 'assistant', content: 'yo' }], LINES)).toEqual({ messages: ['assistant: yo'] });
  });

  it('unknown formats list every known one, the registered included; taken ids and malformed codecs are refused', async () => {
    expect(formatIds()).toEqual(['openai', 'anthropic', 'ai-sdk', 'langchain', 'lines']);
    expect(() => parseMessages([], 'xml' as MessageFormat)).toThrow(
      'format: expected one of "openai", "anthropic", "ai-sdk", "langchain", "lines", received "xml"',
    );
    const memory = await createMemory({ store: 'memory' });
    await expect(memory.getContextForLLM('s', { format: 'xml' as MessageFormat })).rejects.toThrow(
      /options\.format: expected one of .*"lines"/,
    );
    await memory.close();
    const codec = { id: 'anthropic', parse: () => [], write: () => ({ messages: [] }) };
    expect(() => registerFormat(codec)).toThrow(/codec\.id: expected a format id not already registered/);
    expect(() => registerFormat({ ...codec, id: '' })).toThrow(/codec\.id: expected a non-empty string/);
    expect(() => registerFormat({ ...codec, id: 'x', write: 3 as never })).toThrow(/codec\.write: expected a function/);
    expect(formatIds()).not.toContain('x');
  });
});
