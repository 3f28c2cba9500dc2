/**
 * The format registry: every message format `getContextForLLM(s, { format })`, `addMessages`,
 * `parseMessages` and `toFormat` accept, built-in or added with {@link registerFormat}.
 * @module
 */
import { ValidationError } from '../errors.js';
import { aiSDKCodec } from './ai-sdk-codec.js';
import { anthropicCodec } from './anthropic-codec.js';
import type { FormatCodec, FormattedPrompt } from './format-codec.js';
import { langChainCodec } from './langchain-codec.js';
import { openaiCodec } from './openai-codec.js';
import { codecs } from './registered-formats.js';

/**
 * Add a message format, in this thread (for `createWorkerMemory`, in your worker entry):
 * `format: codec.id` is then accepted wherever a format is.
 * @throws ValidationError when the id is taken or the codec is malformed.
 * @example
 * ```ts
 * import { registerFormat } from 'recallkit/formats';
 * registerFormat({
 *   id: 'plain',
 *   parse: (input) => (input as string[]).map((content) => ({ role: 'user', content })),
 *   write: (messages) => ({ messages: messages.map((m) => `${m.role}: ${m.content ?? ''}`) }),
 * });
 * ```
 */
export function registerFormat<Out extends FormattedPrompt>(codec: FormatCodec<Out>): void {
  const c = codec as Partial<FormatCodec> | null;
  if (typeof c !== 'object' || c === null) throw new ValidationError('codec', 'an object { id, parse, write }', c);
  if (typeof c.id !== 'string' || c.id.length === 0) throw new ValidationError('codec.id', 'a non-empty string', c.id);
  if (codecs.has(c.id))
    throw new ValidationError(
      'codec.id',
      `a format id not already registered (${formatIds()
        .map((f) => JSON.stringify(f))
        .join(', ')})`,
      c.id,
    );
  for (const key of ['parse', 'write'] as const) {
    if (typeof c[key] !== 'function') throw new ValidationError(`codec.${key}`, 'a function', c[key]);
  }
  if (c.withSystem !== undefined && typeof c.withSystem !== 'function')
    throw new ValidationError('codec.withSystem', 'a function or undefined', c.withSystem);
  if (c.timeField !== undefined && typeof c.timeField !== 'string')
    throw new ValidationError('codec.timeField', 'a string or undefined', c.timeField);
  if (c.messageId !== undefined && typeof c.messageId !== 'function')
    throw new ValidationError('codec.messageId', 'a function or undefined', c.messageId);
  codecs.set(c.id, codec as FormatCodec);
}

/** The registered format ids, built-in first, then in registration order. */
export function formatIds(): string[] {
  return [...codecs.keys()];
}

/**
 * The codec of `format`.
 * @throws ValidationError at `field` listing the known formats.
 */
export function formatCodec(format: unknown, field = 'format'): FormatCodec {
  const codec = typeof format === 'string' ? codecs.get(format) : undefined;
  if (!codec)
    throw new ValidationError(
      field,
      `one of ${formatIds()
        .map((f) => JSON.stringify(f))
        .join(', ')}`,
      format,
    );
  return codec;
}

// Once per process: another copy of this module (the bundled server entry's) finds them registered.
for (const codec of [openaiCodec, anthropicCodec, aiSDKCodec, langChainCodec] as FormatCodec[])
  if (!codecs.has(codec.id)) registerFormat(codec);
