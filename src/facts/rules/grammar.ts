/**
 * Regular-expression pieces the readers share, over a clause's plain form (`canonical.ts`): the
 * first-person subject, the adverbs allowed between it and its verb, and a compiler that joins
 * pieces into one case-insensitive pattern.
 * @module
 */

/** Relatives a user includes themselves with ("my wife and I", "me and my kids"). */
const KIN =
  String.raw`(?:wife|husband|partner|spouse|family|fianc[ée]e?|boyfriend|girlfriend|bf|gf|kids|children` +
  String.raw`|son|daughter|parents|mom|mum|dad|roommate|flatmate|hubby|wifey|other half|significant other` +
  String.raw`|dog|cat|sister|brother|best friend)`;

/**
 * The first-person subject: "I", "we", "my wife and I", "me and my kids", "Tom and I". Used at a
 * clause start or after a comma, never after a verb (so "my friend lives…" has none).
 */
export const SUBJ =
  String.raw`(?:I|we|we both|we all|both of us|the two of us|our family|my ${KIN} and I|me and my ${KIN}` +
  String.raw`|the family and I)`;

/** Adverbs between the subject and its verb ("I just moved", "we have finally settled"). */
export const ADV =
  String.raw`(?:(?:just|now|currently|still|actually|really|also|finally|recently|already|both|all` +
  String.raw`|officially|happily|proudly|originally|even|definitely|honestly|basically|literally|technically` +
  String.raw`|mostly|kind of|kinda|sort of|pretty much|newly|only|temporarily|permanently|at last` +
  String.raw`|ultimately|since|luckily|thankfully|sadly|unfortunately|fortunately|eventually|suddenly` +
  String.raw`|never|always|usually|normally|mainly|primarily|full[- ]time|part[- ]time|now officially` +
  String.raw`|finally officially)\s+)*`;

/** Forms of "be" after the subject ("I am", "we are", "I have been"). */
export const BE = String.raw`(?:am|are|is|was|were|have been|has been|had been)`;

/** The present forms of "be" only. */
export const BE_NOW = String.raw`(?:am|are|is|have been|has been)`;

/** A clause-start subject or an elided one ("Just moved to Berlin!"). */
export const SUBJ_OR_NONE = String.raw`(?:${SUBJ}\s+|^)`;

/** A negation before a verb ("I do not", "we no longer", "I never"). */
export const NOT = String.raw`(?:(?:do|does|did|am|are|is|have|has) not|no longer|not|never)`;

/** A case-insensitive Unicode pattern from pieces. */
export function pattern(...pieces: string[]): RegExp {
  return new RegExp(pieces.join(''), 'iu');
}
