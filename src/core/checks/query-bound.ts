/**
 * How long a recall question may be. A question is searched term by term against the whole
 * history, so its length bounds the work of a recall (analysis, and the posting lists read);
 * past a few thousand characters a "question" is a document, and ranking by shared words
 * finds whatever shares the most words.
 * @module
 */
import { ValidationError } from '../../errors.js';

/**
 * The longest query `recall` and `getContextForLLM({ query })` accept, in characters
 * (`string.length`): 10,000, about 2,500 tokens. A longer one is refused with a
 * `ValidationError` naming the field: the app decides what to search for.
 */
export const MAX_QUERY_LENGTH = 10_000;

/**
 * Characters of the newest user message that recall searches for when the context's query is
 * that message (no `query` given): a longer message is searched by its first and last
 * `MESSAGE_QUERY_LENGTH / 2` characters, where a question around a pasted text usually is.
 */
export const MESSAGE_QUERY_LENGTH = 4_000;

/** `query` when it is a string of at most {@link MAX_QUERY_LENGTH} characters; else a `ValidationError` on `field`. */
export function checkQuery(query: unknown, field = 'query'): string {
  if (typeof query !== 'string') throw new ValidationError(field, 'a string', query);
  if (query.length > MAX_QUERY_LENGTH)
    throw new ValidationError(
      field,
      `a question of at most ${MAX_QUERY_LENGTH.toLocaleString('en-US')} characters (MAX_QUERY_LENGTH)`,
      query,
    );
  return query;
}

/**
 * The part of a message recall searches for: all of it up to {@link MESSAGE_QUERY_LENGTH}
 * characters, else its first and last halves of that, joined by a line break.
 */
export function messageQuery(text: string): string {
  if (text.length <= MESSAGE_QUERY_LENGTH) return text;
  const half = MESSAGE_QUERY_LENGTH / 2;
  return `${text.slice(0, half)}\n${text.slice(text.length - half)}`;
}
