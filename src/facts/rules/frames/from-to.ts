/**
 * The from-to frame: a change said with both of its values, whatever the attribute. One reader
 * for every single-valued attribute instead of one pattern per attribute and verb: it finds the
 * two values by the words that link them, and the kind of the values (`value-kind.ts`) chooses the
 * attribute:
 * - "from X to Y" ("moved from Deloitte to Accenture", "transferring from Stanford to Berkeley");
 * - "left X for Y", "swapped X for Y", "traded X for Y";
 * - "Y instead of X", "Y rather than X";
 * - "Y after years as X" ("switched to being a nurse after years as a pharmacist", "joined Hooli
 *   after six years at Acme").
 * The change is the user's when the words before it are: a first-person subject or none (the way
 * chat drops it), nobody else's ("my brother moved from Lyon to Paris" is his), no plan, wish or
 * denial ("thinking of moving from…", "never switched from…"). Questions and suppositions never
 * reach a reader.
 * @module
 */
import { propose, type Proposal, type Reader } from '../reader.js';
import { cutValue } from '../values.js';
import { notForFrames } from './frame-guard.js';
import { FUTURE } from './frame-lexicon.js';
import { FIRST_PERSON, OTHER_PERSON } from './read-frames.js';
import { changeAttribute, kindOf } from './value-kind.js';

/** A value: a capitalised name of up to four words, or up to three lower-case words. */
const NAME = String.raw`(?:the\s+)?\p{Lu}[\p{L}\p{N}&.'-]*(?:\s+(?:of\s+|de\s+|the\s+)?\p{Lu}[\p{L}\p{N}&.'-]*){0,3}`;
const WORDS = String.raw`(?:[\p{Ll}-]+\s+){0,3}?[\p{Ll}-]+`;
const VALUE = String.raw`(?:being\s+)?(?:an?\s+)?(${NAME}|${WORDS})`;
/** A value that ends right before the linking word: the last words before it. */
const VALUE_BEFORE = String.raw`(?:being\s+)?(?:an?\s+)?(${NAME}|(?:[\p{Ll}-]+\s+){0,2}[\p{Ll}-]+)`;

/** Each frame, and which of its groups holds the old value. */
const FRAMES: readonly (readonly [RegExp, old: 1 | 2])[] = [
  [new RegExp(String.raw`\bfrom\s+${VALUE}\s+to\s+${VALUE}`, 'u'), 1],
  [
    new RegExp(
      String.raw`\b(?:left|leaving|quit|quitting|swapp(?:ed|ing)|trad(?:ed|ing)|exchang(?:ed|ing)|ditch(?:ed|ing))` +
        String.raw`\s+${VALUE}\s+for\s+${VALUE}`,
      'u',
    ),
    1,
  ],
  [new RegExp(String.raw`(?:^|\s)${VALUE_BEFORE}\s+(?:instead of|rather than|in place of)\s+${VALUE}`, 'u'), 2],
  [
    new RegExp(
      String.raw`(?:^|\s)${VALUE_BEFORE}\s+after\s+(?:[\p{L}\p{N}-]+\s+){0,3}?(?:years?|months?|decades?|a while|ages` +
        String.raw`|a long time)\s+(?:as|at|in|with)\s+${VALUE}`,
      'u',
    ),
    2,
  ],
];

/** Words before the change that make it not a statement of the user's. */
const NOT_SAID = new RegExp(
  String.raw`\b(?:not|never|no longer|did not|do not|does not|could not|can not|cannot|almost|nearly|tried to` +
    String.raw`|supposed to|who|whose|whom|he|she|they|someone|somebody|everyone|people)\b`,
  'iu',
);
/** A subject chat drops: a short piece before the frame, opened by a verb or an adverb. */
const DROPPED =
  /^\s*(?:(?:just|finally|recently|officially|so|ok|and|then|also|please)\s+)*(?:\p{Ll}+(?:ed|ing)|use|call me)?\s*$/iu;

/** A value as read: the words of its kind, trimmed of what follows it ("Accenture in March"). */
function valueOf(span: string, before: boolean): string | undefined {
  const text = span
    .trim()
    .replace(/^(?:being\s+)?(?:an?\s+)?/iu, '')
    .replace(/\s+(?:now|these days|nowadays|instead)$/iu, '');
  if (/^(?:the\s+)?\p{Lu}/u.test(text)) {
    const cut = cutValue(text, 'org');
    return cut && !/^(?:I|We|My|Our|The|It|This|That)$/u.test(cut) ? cut : undefined;
  }
  // A lower-case value is one of the lexicon's (a job title, a diet, a language): the longest that fits.
  const words = text.split(/\s+/u);
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    const phrase = (before ? words.slice(-n) : words.slice(0, n)).join(' ');
    if (kindOf(phrase)) return phrase;
  }
  return undefined;
}

/** Whether the words before the change leave it the user's. */
function usersChange(prefix: string): boolean {
  if (NOT_SAID.test(prefix) || FUTURE.test(prefix) || OTHER_PERSON.test(prefix)) return false;
  return FIRST_PERSON.test(prefix) || DROPPED.test(prefix);
}

/** The from-to reader (see the module's description). */
export const readFromTo: Reader = (view) => {
  const { text } = view;
  if (!/\b(?:from|for|instead of|rather than|in place of|after)\b/u.test(text) || notForFrames(text)) return [];
  const out: Proposal[] = [];
  for (const [frame, oldGroup] of FRAMES) {
    const m = frame.exec(text);
    if (!m || !usersChange(text.slice(0, m.index))) continue;
    // The old value always follows its linking word; the new one comes first in "Y instead of X".
    const old = valueOf(m[oldGroup]!, false);
    const now = valueOf(m[oldGroup === 1 ? 2 : 1]!, oldGroup === 2);
    if (!old || !now || old.toLowerCase() === now.toLowerCase()) continue;
    const attribute = changeAttribute(old, now, text, view);
    if (!attribute) continue;
    out.push(propose(attribute, now, 'state', { replaces: old, dated: true }));
    break;
  }
  return out;
};
