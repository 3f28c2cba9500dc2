/**
 * What the context evaluation scores: does the context text hold the gold answer's content
 * words, and the evidence turns verbatim?
 * @module
 */

/**
 * Words that do not count as content of a gold answer: articles, conjunctions, prepositions,
 * forms of "to be", pronouns. Kept short on purpose: "yes", "no", numbers, months stay content.
 */
export const ANSWER_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but of to in on at for with by from as about into than ' +
    'is are was were be been being am do does did has have had ' +
    'it its this that these those he she they him her his hers them their theirs ' +
    'i me my we us our you your s'
  ).split(' '),
);

/** Lower-case alphanumeric words of a text. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/** The content words of a gold answer (distinct, stop words removed). */
export function contentWords(answer: string): string[] {
  return [...new Set(words(answer).filter((w) => !ANSWER_STOP_WORDS.has(w)))];
}

/** Collapse whitespace so a turn matches however the context wraps it. */
export function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A context's text prepared once for both checks. */
export interface ScoredText {
  words: ReadonlySet<string>;
  text: string;
}

/** Prepare a context text for scoring. */
export function scoredText(text: string): ScoredText {
  return { words: new Set(words(text)), text: normalizeSpace(text) };
}

/** True when every content word of `answer` is in the context (`undefined`: the answer has none). */
export function answerCovered(answer: string, ctx: ScoredText): boolean | undefined {
  const content = contentWords(answer);
  if (content.length === 0) return undefined;
  return content.every((w) => ctx.words.has(w));
}

/** How many of the evidence turns' texts the context holds verbatim. */
export function evidenceFound(turnTexts: readonly string[], ctx: ScoredText): number {
  let found = 0;
  for (const t of turnTexts) if (ctx.text.includes(normalizeSpace(t))) found++;
  return found;
}
