/**
 * Normalized {@link ChatMessage}s to an Anthropic Messages API request.
 * @module
 */
import type { ChatMessage } from '../types.js';
import type {
  AnthropicContentBlock,
  AnthropicMessageParam,
  AnthropicPrompt,
  AnthropicToolResultBlock,
} from './anthropic-types.js';
import type { ExportOptions } from './options.js';
import { PART_SEPARATOR } from './read.js';
import { parseToolArgs } from './tool-args.js';

/** Options of {@link toAnthropic}. */
export interface AnthropicExportOptions extends ExportOptions {
  /**
   * The API requires the first message to be `user`: when the history starts with the
   * assistant (a greeting, or a window that begins mid-turn), a user message with this text is
   * put first. Default `'(conversation continues)'`.
   */
  leadingUserText?: string;
}

/**
 * Converts messages to the Anthropic Messages API shape.
 * - Every `system` message (summaries, context) goes, in order, into `system`, joined by a blank line.
 * - Assistant `tool_calls` become `tool_use` blocks (`input` parsed; non-object arguments as `{ _raw }`).
 * - Tool results become `tool_result` blocks in the user message right after the `tool_use`,
 *   parallel results in one message, in call order; `is_error` from `options.toolErrors`.
 * - Consecutive same-role messages are merged (the API needs alternation); empty or
 *   whitespace-only text is dropped; a leading assistant message gets a user message before it.
 * @example
 * const { system, messages } = toAnthropic(context.messages);
 * await anthropic.messages.create({ model, max_tokens: 1024, system, messages });
 */
export function toAnthropic(messages: readonly ChatMessage[], options: AnthropicExportOptions = {}): AnthropicPrompt {
  const system: string[] = [];
  const out: AnthropicMessageParam[] = [];
  const push = (role: AnthropicMessageParam['role'], blocks: AnthropicContentBlock[]): void => {
    if (blocks.length === 0) return;
    const last = out.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  let callOrder = new Map<string, number>();
  let results: AnthropicToolResultBlock[] = [];
  const flushResults = (): void => {
    const order = (block: AnthropicToolResultBlock): number => callOrder.get(block.tool_use_id) ?? Infinity;
    push(
      'user',
      results.sort((a, b) => order(a) - order(b)),
    );
    results = [];
  };

  for (const message of messages) {
    if (message.role === 'system') {
      if (hasText(message.content)) system.push(message.content);
      continue; // system messages do not end a run of tool results
    }
    if (message.role === 'tool') {
      results.push(toolResult(message, options.toolErrors));
      continue;
    }
    flushResults();
    if (message.role === 'user') {
      push('user', textBlocks(message.content));
    } else {
      const calls = message.tool_calls ?? [];
      if (calls.length > 0) callOrder = new Map(calls.map((call, i) => [call.id, i]));
      push('assistant', [
        ...textBlocks(message.content),
        ...calls.map((call): AnthropicContentBlock => ({
          type: 'tool_use',
          id: call.id,
          name: call.function.name,
          input: parseToolArgs(call.function.arguments),
        })),
      ]);
    }
  }
  flushResults();
  if (out[0]?.role === 'assistant') {
    out.unshift({
      role: 'user',
      content: [{ type: 'text', text: options.leadingUserText ?? '(conversation continues)' }],
    });
  }
  return { system: system.join(PART_SEPARATOR), messages: out };
}

function toolResult(message: ChatMessage, errors: ReadonlySet<string> | undefined): AnthropicToolResultBlock {
  const id = message.tool_call_id ?? '';
  const block: AnthropicToolResultBlock = { type: 'tool_result', tool_use_id: id };
  if (hasText(message.content)) block.content = message.content;
  if (errors?.has(id)) block.is_error = true;
  return block;
}

function textBlocks(content: string | null): AnthropicContentBlock[] {
  return hasText(content) ? [{ type: 'text', text: content }] : [];
}

function hasText(content: string | null): content is string {
  return content !== null && content.trim() !== '';
}
