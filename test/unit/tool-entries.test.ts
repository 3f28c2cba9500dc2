/**
 * Tool entries keep the memory-manager seed's roles (a tool result is a `system` entry), so
 * selecting entries goes by type as well: getActiveEntries' filter. A tool result that answers
 * no call is refused with an error naming what is waiting, never stored and left out silently.
 */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { ValidationError } from '../../src/errors.js';

async function session() {
  const memory = await createMemory({ store: 'memory' });
  await memory.addMessages('s', [{ role: 'system', content: 'You are a travel agent.' }]);
  await memory.addUserMessage('s', 'Weather in Lisbon?');
  await memory.addToolCall('s', 'weather', { city: 'Lisbon' }, { callId: 'call_1' });
  await memory.addToolResult('s', 'weather', { sky: 'sunny' });
  await memory.addContext('s', 'The user prefers Celsius.', 'profile.md');
  await memory.addAssistantMessage('s', 'Sunny.');
  return memory;
}

describe('roles and the filter', () => {
  it("a tool result has the seed's role system; types/roles select system messages alone", async () => {
    const memory = await session();
    const results = await memory.getActiveEntries('s', { types: ['tool_result'] });
    expect(results.map((e) => [e.role, e.content])).toEqual([['system', '{"sky":"sunny"}']]);
    expect(
      (await memory.getActiveEntries('s', { types: ['message'], roles: ['system'] })).map((e) => e.content),
    ).toEqual(['You are a travel agent.']);
    expect((await memory.getActiveEntries('s', { roles: ['system'] })).map((e) => e.type)).toEqual([
      'message',
      'tool_result',
      'context',
    ]);
    expect(
      (await memory.getActiveEntries('s', { types: ['tool_call', 'tool_result'] })).map((e) => e.tool?.callId),
    ).toEqual(['call_1', 'call_1']);
    expect(await memory.getActiveEntries('s')).toHaveLength(6);
    // The model still sees the result as a tool message.
    const { messages } = await memory.getContextForLLM('s');
    expect(messages.find((m) => m.role === 'tool')).toMatchObject({
      tool_call_id: 'call_1',
      content: '{"sky":"sunny"}',
    });
  });

  it.each([
    [{ types: ['tool'] }, /filter\.types: expected an array of 'message', 'tool_call', 'tool_result', 'context'/],
    [{ roles: ['tool'] }, /filter\.roles: expected an array of 'user', 'assistant', 'system'/],
    [{ type: ['message'] }, /filter\.type: expected only types and roles/],
    ['message', /filter: expected an object/],
  ])('refuses the filter %j', async (filter, message) => {
    const memory = await session();
    await expect(memory.getActiveEntries('s', filter as never)).rejects.toThrow(message);
  });
});

describe('a tool result with no matching call', () => {
  it('without callId and no unanswered call of that tool: refused, nothing stored', async () => {
    const memory = await session();
    const before = await memory.exportSession('s');
    const error = await memory.addToolResult('s', 'search', 'found 3').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(
      /^toolName: expected a tool with an unanswered call in session "s" \(it has no unanswered calls\): add the call first with addToolCall, or pass options\.callId, received "search"$/,
    );
    expect(await memory.exportSession('s')).toEqual(before);
  });

  it('with a callId that names no call: refused, listing the unanswered calls', async () => {
    const memory = await session();
    await memory.addToolCall('s', 'search', { q: 'hotels' }, { callId: 'call_2' });
    const error = await memory
      .addToolResult('s', 'search', 'found 3', { callId: 'call_typo' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ValidationError', field: 'options.callId' });
    expect((error as Error).message).toMatch(/unanswered: search "call_2"/);
    await memory.addToolResult('s', 'search', 'found 3', { callId: 'call_2' });
    expect((await memory.getContextForLLM('s')).messages.filter((m) => m.role === 'tool')).toHaveLength(2);
  });

  it('answers a call that was compressed before its result arrived (read from the store)', async () => {
    const memory = await createMemory({
      store: 'memory',
      config: { maxEntries: 4, recentWindow: 1, minEntriesToCompress: 2 },
    });
    await memory.addUserMessage('s', 'Start a long job');
    await memory.addToolCall('s', 'job', { n: 1 }, { callId: 'call_job' });
    for (let i = 0; i < 4; i++) {
      await memory.addUserMessage('s', `meanwhile ${i}`);
      await memory.addAssistantMessage('s', `ok ${i}`);
    }
    expect(await memory.getActiveEntries('s', { types: ['tool_call'] })).toEqual([]);
    const result = await memory.addToolResult('s', 'job', 'done', { callId: 'call_job' });
    expect(result.tool).toMatchObject({ callId: 'call_job', name: 'job' });
  });

  it('addMessages with a tool message answering no call is refused whole', async () => {
    const memory = await session();
    const before = await memory.exportSession('s');
    await expect(
      memory.addMessages('s', [
        { role: 'user', content: 'and Porto?' },
        { role: 'tool', tool_call_id: 'call_missing', content: 'rainy' },
      ]),
    ).rejects.toThrow(
      /^messages: expected every tool result to answer a tool call .*tool_call_id "call_missing" answers none \(nothing was added\)$/,
    );
    expect(await memory.exportSession('s')).toEqual(before);
    // A tool message answering a call already stored is fine.
    await memory.addToolCall('s', 'weather', { city: 'Porto' }, { callId: 'call_porto' });
    await memory.addMessages('s', [{ role: 'tool', tool_call_id: 'call_porto', content: 'rainy' }]);
    expect((await memory.getActiveEntries('s', { types: ['tool_result'] })).map((e) => e.tool?.name)).toEqual([
      'weather',
      'weather',
    ]);
  });
});
