/**
 * Counting long texts line by line, exactly. tiktoken first cuts a text into pieces with a
 * regular expression, then encodes each piece on its own, so the count of a text is the sum
 * of the counts of any parts cut where a piece ends (and only there: a cut anywhere else can
 * change the count). In `o200k_base` and `cl100k_base` a piece
 * never runs past a run of line breaks except into whitespace (which may lead to another
 * line break) or, after punctuation in `o200k_base`, into `/`: a cut just after a run of line
 * breaks that is followed by any other character is such a place. Counting by those parts lets
 * a counter remember the count of each line, so a text assembled from known lines (a recalled
 * block) costs a few lookups.
 * @module
 */

/** Texts shorter than this are counted whole (splitting would not pay). */
const SPLIT_FROM = 256;

/** Whitespace as tiktoken's `\s` (Unicode White_Space) or JavaScript's sees it, and `/`: no cut before these. */
const NO_CUT_BEFORE = /[\s\u0085/]/;

/** The text cut just after each run of line breaks followed by a character that is neither whitespace nor `/`. */
export function pieceChunks(text: string): string[] {
  if (text.length < SPLIT_FROM) return [text];
  const out: string[] = [];
  let start = 0;
  let at = text.indexOf('\n');
  while (at >= 0) {
    let end = at + 1;
    while (end < text.length && (text[end] === '\n' || text[end] === '\r')) end++;
    if (end < text.length && !NO_CUT_BEFORE.test(text[end] as string)) {
      out.push(text.slice(start, end));
      start = end;
    }
    at = text.indexOf('\n', end);
  }
  out.push(text.slice(start));
  return out;
}

/**
 * The parts a text is counted by: {@link pieceChunks}. The sum of their counts is the whole
 * text's count.
 * @example
 * ```ts
 * let n = 0;
 * for (const part of countingParts(text)) n += bpe.count(part);
 * ```
 */
export function countingParts(text: string): string[] {
  return pieceChunks(text);
}

/** Counts remembered, up to `limit` texts (forgotten all at once when full). */
export function createCountCache(
  limit = 20_000,
  longest = 4096,
): (text: string, count: (text: string) => number) => number {
  const known = new Map<string, number>();
  return (text, count) => {
    if (text.length > longest) return count(text);
    let n = known.get(text);
    if (n === undefined) {
      if (known.size >= limit) known.clear();
      known.set(text, (n = count(text)));
    }
    return n;
  };
}
