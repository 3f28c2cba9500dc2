import { describe, expect, it } from 'vitest';
import { compileCondition } from '../../src/conditions/compile.js';
import { ExpressionError } from '../../src/errors.js';

const message = (fields: Record<string, unknown>) => ({ message: fields });

describe('compileCondition: the conditions users write', () => {
  it("keeps everything but tool messages with the contract's `message.role != 'tool'`", () => {
    const keep = compileCondition("message.role != 'tool'", { names: ['message'] });
    expect(keep(message({ role: 'user', content: 'hi' }))).toBe(true);
    expect(keep(message({ role: 'tool', content: '{}' }))).toBe(false);
    expect(keep.source).toBe("message.role != 'tool'");
  });

  it('reads nested interaction data: tokenCount and the first message content', () => {
    const hot = compileCondition("interaction.tokenCount > 100 and 'refund' in interaction.messages[0].content", {
      names: ['interaction'],
    });
    const interaction = (tokenCount: number, content: string) => ({
      interaction: { index: 1, tokenCount, messages: [{ content }] },
    });
    expect(hot(interaction(150, 'I want a refund please'))).toBe(true);
    expect(hot(interaction(150, 'Thanks!'))).toBe(false);
    expect(hot(interaction(50, 'refund'))).toBe(false);
    expect(hot({ interaction: { tokenCount: 150, messages: [] } })).toBe(false);
  });

  it('treats missing metadata as None instead of throwing', () => {
    const failedTool = compileCondition("message.type == 'tool_result' and message.metadata.isError", {
      names: ['message'],
    });
    expect(failedTool(message({ type: 'tool_result', metadata: { isError: true } }))).toBe(true);
    expect(failedTool(message({ type: 'tool_result', metadata: { isError: false } }))).toBe(false);
    expect(failedTool(message({ type: 'tool_result' }))).toBe(false);
    expect(failedTool(message({ type: 'message', metadata: { isError: true } }))).toBe(false);
    const high = compileCondition("message.metadata.priority == 'high'");
    expect(high(message({}))).toBe(false);
    expect(high({})).toBe(false);
  });

  it('refuses names outside `names` at compile time, naming it, its position and the allowed names', () => {
    const error = catchError(() => compileCondition("message.role == 'user' or msg.role", { names: ['message'] }));
    expect(error).toBeInstanceOf(ExpressionError);
    expect(error.position).toBe(26);
    expect(error.message).toContain('"msg"');
    expect(error.message).toContain('allowed names: message');
  });
});

/** The ExpressionError `fn` throws; fails the test when it throws nothing or something else. */
function catchError(fn: () => unknown): ExpressionError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ExpressionError) return error;
    throw error;
  }
  throw new Error('expected an ExpressionError');
}
