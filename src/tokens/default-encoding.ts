/**
 * The encoding used when no `tokenizer` option is given, in a module of its own so the page of
 * `createWorkerMemory` can name it without loading the tokenizer.
 * @module
 */
import type { TiktokenEncoding } from './types.js';

/** The encoding used when no `tokenizer` option is given. */
export const DEFAULT_ENCODING: TiktokenEncoding = 'o200k_base';

/** The encodings whose rank files ship with RecallKit (the same list as `TIKTOKEN_ENCODINGS`). */
const SHIPPED: readonly string[] = ['o200k_base', 'cl100k_base'];

/** The encoding a `tokenizer` option names, `DEFAULT_ENCODING` when it is absent; `undefined` for anything else. */
export function encodingOf(option: unknown): TiktokenEncoding | undefined {
  if (option === undefined) return DEFAULT_ENCODING;
  return typeof option === 'string' && SHIPPED.includes(option) ? (option as TiktokenEncoding) : undefined;
}
