/**
 * Checks a clause passes before the frame reader may read it. The frame reader scores the words
 * of a predicate without a pattern per phrasing, so it reads more than the patterns do, including
 * clauses that are not about the user: the clause-level checks of `detectors.ts` (questions,
 * hypotheticals, reported speech, fiction, jokes) have already run; these add the shapes in which
 * a first-person word sits inside someone else's subject or a plan talked over and dropped:
 * - a possession of a possession ("my office's number is…", "our kid's favourite food is…"): the
 *   value is the office's or the kid's;
 * - a subject opened by a determiner that is not the user's ("the main character of my book
 *   is…", "this guy from my class lives…"), unless the clause is a short ellipsis ("a nurse now!");
 * - a plan only talked about or decided against ("we talked about moving to Canada", "decided
 *   against it", "called it off").
 * @module
 */

/** "my office's number is", "our kid's favourite food was": someone's possession, then its verb. */
const POSSESSED = new RegExp(
  String.raw`\b(?:my|our|the|a|an|his|her|their|your)\s+(?:[\p{L}-]+\s+)?[\p{L}-]+'s\s+(?:[\p{L}-]+\s+){0,2}?` +
    String.raw`(?:is|are|was|were|has|have|had)\b`,
  'iu',
);

/** A subject opened by someone else's determiner. */
const OTHER_DETERMINER = /^(?:the|this|that|these|those|his|her|their|your|its|some|one of|a|an)\s/iu;

/** A short ellipsis may open with "a"/"an": "a nurse now!", "an engineer these days". */
const ELLIPSIS = /^(?:a|an)\s+(?:\S+\s+){0,3}\S*\s*$/iu;

/** A plan talked about, decided against or dropped. */
const TALKED_OVER = new RegExp(
  String.raw`\b(?:talk(?:ed|ing|s)? (?:about|of)|spoke about|chatted about|joked about|discuss(?:ed|ing)?` +
    String.raw`|decided (?:against|not)|chang(?:ed|ing) (?:my|our) minds?|called (?:it |that |the \S+ )?off` +
    String.raw`|put (?:it |that )?on hold|toyed with)\b`,
  'iu',
);

/** Whether the frame reader must leave `text` (a clause's plain form) unread. */
export function notForFrames(text: string): boolean {
  const clause = text.trim();
  if (POSSESSED.test(clause) || TALKED_OVER.test(clause)) return true;
  return OTHER_DETERMINER.test(clause) && !ELLIPSIS.test(clause);
}
