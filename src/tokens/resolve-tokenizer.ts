/**
 * Turns the `tokenizer` option of `createMemory` into a {@link TokenCounter}.
 * @module
 */
import { ValidationError } from '../errors.js';
import type { TokenCounter } from '../types.js';
import { TIKTOKEN_ENCODINGS, isTiktokenEncoding, loadTiktoken, type TiktokenEncoding } from './tiktoken.js';

/** The encoding used when no `tokenizer` option is given. */
export const DEFAULT_ENCODING: TiktokenEncoding = 'o200k_base';

/** What the `tokenizer` option accepts: an encoding name or your own counter. */
export type TokenizerOption = TiktokenEncoding | TokenCounter;

const ENCODING_NAMES = TIKTOKEN_ENCODINGS.map((name) => `'${name}'`).join(' or ');
const EXPECTED = `${ENCODING_NAMES}, or an object with a count(text) function`;

/**
 * Checks the `tokenizer` option without loading anything: `undefined`, an encoding name, or an
 * object with a `count` function. Anything else is refused with a `ValidationError` on `tokenizer`.
 * @example
 * ```ts
 * checkTokenizer('o200k_base'); // 'o200k_base'
 * checkTokenizer('gpt2'); // throws ValidationError (tokenizer)
 * ```
 */
export function checkTokenizer(option: unknown): TokenizerOption | undefined {
  if (option === undefined) return undefined;
  if (typeof option === 'string') {
    if (isTiktokenEncoding(option)) return option;
    throw new ValidationError('tokenizer', EXPECTED, option);
  }
  if (typeof option === 'object' && option !== null && typeof (option as TokenCounter).count === 'function') {
    return option as TokenCounter;
  }
  throw new ValidationError('tokenizer', EXPECTED, option);
}

/**
 * Resolves the `tokenizer` option: `undefined` gives tiktoken `o200k_base`, an encoding name
 * loads that encoding (lazily, see `loadTiktoken`), and an object with a `count` function is
 * used as it is. Anything else is refused with a `ValidationError` on `tokenizer`.
 * @example
 * ```ts
 * const counter = await resolveTokenizer(undefined); // tiktoken o200k_base
 * const words = await resolveTokenizer({ count: (t) => t.split(/\s+/).length });
 * ```
 */
export async function resolveTokenizer(option: TokenizerOption | undefined): Promise<TokenCounter> {
  const checked = checkTokenizer(option);
  if (typeof checked === 'object') return checked;
  return loadTiktoken(checked ?? DEFAULT_ENCODING);
}
