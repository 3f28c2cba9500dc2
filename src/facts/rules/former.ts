/**
 * What the user no longer is or has, said without a verb of their own, rewritten as the plain
 * negative or past statement the rules already read as a retirement:
 * - "ex-pharmacist", "former vegetarian", "formerly Katie", "used to be keto" (no subject) →
 *   "I used to be a pharmacist", …; with a new state after it ("ex-teacher, now a software
 *   engineer", "used to be keto, now fully vegan") → that state, the old one named after "not";
 * - "no more peanut allergy for me", "outgrew my cat allergy" → "I no longer have a peanut allergy";
 * - "I've lost interest in jazz", "I'm bored of hiking" → "I no longer like jazz".
 * Applied to a clause's plain form, at its start only: "my ex-colleague is a nurse" is someone else.
 * @module
 */
import { restoreSubject } from './subject.js';

/** "ex-", "former", "formerly", "used to be" opening a clause with no subject. */
const FORMER =
  /^(?:an?\s+|(?:I|we)\s+(?=used to be))?(?:ex-|ex\s+|former\s+|formerly\s+|once\s+an?\s+|used to be\s+)(\S.*)$/iu;
/** ", now …" / ", but now …" / ", … since March": the state that follows the former one. */
const NOW = new RegExp(
  String.raw`^(.{1,60}?)(?:,?\s+(?:but\s+|and\s+)?now\s+(?:fully\s+|officially\s+|totally\s+)?(.+)` +
    String.raw`|,\s+(\S.{0,40}?\s+(?:since|as of)\s+.+))$`,
  'iu',
);
/** A former thing said with a verb or an owner is someone else's ("ex-colleague of mine is a nurse"). */
const NOT_MINE = /\b(?:of|is|are|was|were|has|have|had|works|lives|says|said)\b|'s\b/iu;
/** A single name. */
const NAME = /^\p{Lu}[\p{Ll}'-]+$/u;

/** "no more X (for me)", "outgrew my X": something the user had and no longer has. */
const NO_MORE = new RegExp(
  String.raw`^(?:I\s+(?:have\s+)?)?(?:no more|outgrew|outgrown|got over|grew out of|beat|kicked)\s+(?:my\s+|the\s+)?` +
    String.raw`(.{1,60}?)(?:\s+for me)?(?:\s+(?:any ?more|now|at last|finally))?[.!]*$`,
  'iu',
);

/** "I've lost interest in jazz", "I'm bored of hiking", "I'm done with running". */
const LOST_INTEREST = new RegExp(
  String.raw`^(.*?\b(?:I|we))\s+(?:have\s+|am\s+|are\s+|got\s+|have gotten\s+|am getting\s+|kind of\s+|kinda\s+)?` +
    String.raw`(?:lost (?:all )?interest in|bored of|bored with|done with|sick of|tired of|grown out of|grew out of` +
    String.raw`|gone off|went off|over)\s+`,
  'iu',
);

/** A bare word after "ex-" or "former" takes an article, as the rules expect ("I used to be a pharmacist"). */
function article(phrase: string): string {
  return /^(?:a|an|the|my|\p{Lu})/u.test(phrase) || /^(?:vegan|vegetarian|pescatarian|keto|paleo)\b/iu.test(phrase)
    ? phrase
    : `${/^[aeiou]/iu.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

/** The clause with these shapes said plainly; other clauses as they are. */
export function sayFormer(text: string): string {
  const former = FORMER.exec(text);
  if (former) {
    const now = NOW.exec(former[1]!);
    const head = (now ? now[1]! : former[1]!).trim().replace(/[.!]+$/u, '');
    if (NOT_MINE.test(head)) return text;
    if (!now) return `I used to be ${article(head)}`;
    const state = (now[2] ?? now[3]!).trim();
    // "formerly Jon, now Jonathan": one name for another.
    if (NAME.test(head) && NAME.test(state.replace(/[.!]+$/u, ''))) return `my name is ${state}, not ${head}`;
    const next = restoreSubject(`now ${state}`);
    return /^I\b/u.test(next) ? next : `I am ${state}`;
  }
  const gone = NO_MORE.exec(text);
  if (gone && !/\?/u.test(text)) return `I no longer have ${gone[1]!}`;
  return text.replace(LOST_INTEREST, '$1 no longer like ');
}
