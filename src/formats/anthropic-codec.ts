/**
 * The `anthropic` format: the Anthropic Messages API (`system` kept apart).
 * @module
 */
import type { AnthropicPrompt } from './anthropic-types.js';
import type { FormatCodec } from './format-codec.js';
import { fromAnthropic } from './from-anthropic.js';
import { isRecord, readArray } from './read.js';
import { toAnthropic } from './to-anthropic.js';

/** Reads the messages array or `{ system?, messages }`; writes `{ system, messages }`. */
export const anthropicCodec: FormatCodec<AnthropicPrompt> = {
  id: 'anthropic',
  parse(input, meta) {
    if (isRecord(input)) return fromAnthropic(input['system'], readArray(input['messages'], 'messages'), meta);
    return fromAnthropic(undefined, readArray(input, 'messages'), meta);
  },
  write: (messages, options) => toAnthropic(messages, options),
  withSystem: (messages, system) => ({ system, messages }),
};
