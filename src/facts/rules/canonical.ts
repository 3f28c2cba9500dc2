/**
 * A clause as the patterns read it: typographic quotes and apostrophes made plain, contractions
 * and chat spellings expanded ("im" → "I am", "dont" → "do not", "gonna" → "going to"), emoji
 * and quoted speech blanked, and leading fillers ("so", "btw", "oh and") dropped. Case is kept,
 * so a value keeps the user's capitals. The quote a candidate carries is always the clause's
 * verbatim text, never this one.
 * @module
 */

import { unlabel } from './labels.js';
import { paraphrase } from './paraphrase.js';
import { restoreSubject } from './subject.js';

/** A clause ready for the patterns. */
export interface CanonicalClause {
  /** The clause in plain form. */
  text: string;
  /** It opens with a correction ("actually", "correction:", "sorry, I meant"). */
  correction: boolean;
}

/** Email addresses and links. */
const KEEP = /[^\s@"]+@[^\s@"]+|\bhttps?:\/\/\S+|\bwww\.\S+/giu;

/** Typographic marks made plain, one character for one. */
const TYPOGRAPHY = /[’‘ʼ`´′“”„″«»\u00A0\u2000-\u200B\u202F\u205F\u3000]/gu;
const PLAIN: Record<string, string> = { '“': '"', '”': '"', '„': '"', '″': '"', '«': '"', '»': '"' };

/** Contractions and chat spellings, all found by one pattern and looked up (lower case). */
const SPELLED: Record<string, string> = {
  im: 'I am',
  "i'm": 'I am',
  ive: 'I have',
  "i've": 'I have',
  "i'd": 'I would',
  "i'll": 'I will',
  "we're": 'we are',
  "we've": 'we have',
  "we'd": 'we would',
  "we'll": 'we will',
  "they're": 'they are',
  "you're": 'you are',
  wont: 'will not',
  "won't": 'will not',
  cant: 'can not',
  "can't": 'can not',
  cannot: 'can not',
  gonna: 'going to',
  wanna: 'want to',
  gotta: 'have to',
  i: 'I',
};
const CONTRACTION = new RegExp(
  String.raw`\b(?:i'?m|i'?ve|i'd|i'll|we're|we've|we'd|we'll|they're|you're|won'?t|can'?t|cannot|gonna` +
    String.raw`|wanna|gotta|i)\b` +
    String.raw`|\b(do|does|did|is|are|was|were|have|has|had|could|would|should|must|need)n'?t\b` +
    String.raw`|\b(it|that|there|he|she|what|where|who|here)'s\b` +
    (String.raw`|\b(name|number|phone|cell|mobile|email|e-mail|birthday|address|job|diet|hometown|home` +
      String.raw`|partner|wife|husband)'s` +
      String.raw`(?=\s+(?!name\b))`) +
    String.raw`|\bu\b(?![.'])`,
  'giu',
);

function expand(word: string, not?: string, is?: string, noun?: string): string {
  if (not) return `${not} not`;
  if (is) return `${is} is`;
  if (noun) return `${noun} is`;
  const lower = word.toLowerCase();
  if (lower === 'i' && word === 'I') return word;
  return SPELLED[lower] ?? (lower === 'u' ? 'you' : word);
}

const REPLACEMENTS: [RegExp, string | ((...args: string[]) => string)][] = [
  [TYPOGRAPHY, (c) => PLAIN[c] ?? (/\s/u.test(c) ? ' ' : "'")],
  [/…/gu, '...'],
  // "new number → 555…", "email -> ada@…": an arrow between a label and its value.
  [/\s*(?:→|⇒|➡️?)\s*/gu, ': '],
  // "I ❤️ sushi", "I <3 Berlin"
  [/(?<=\b(?:I|we))\s*(?:❤️|❤|♥️|♥|😍|<3)\s*/giu, ' love '],
  [/\p{Extended_Pictographic}[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F\u200D]*/gu, ' '],
  // What someone else said, in quotation marks, is not the user's statement.
  [/"[^"]{0,300}"/gu, ' "quoted" '],
  [CONTRACTION, (word, not, is, noun) => expand(word, not, is, noun)],
  // "I've moved - to Berlin", "new number – 555…": a dash that goes on with the same statement.
  [/\s[-–—]{1,2}\s(?=(?:to|in|at|into|from)\b|[+(]?\d)/giu, ' '],
  // "I'm dating someone new - Maria.": a name after a dash is said of what comes before it.
  [/\s[-–—]{1,2}\s(?=\p{Lu}[\p{L}'-]*[.!]*$)/gu, ', '],
  // "moved house to Berlin", "moving flats into…": the move, whatever was moved.
  [/\b(mov(?:ed|ing|e))\s+(?:house|home|flats?|apartments?|places)(?=\s+(?:to|into)\b)/giu, '$1'],
  [/\s+(?:->|=>)\s+/gu, ': '],
  // "my # is 555-0199", "new #: …": the sign for a number, before a number.
  [/\b(my|new|our|the)\s+#(?=\s*(?:is\b|:|\s[+(]?\d))/giu, '$1 number'],
  // "new number btw: …", "vegan now lol": a filler inside the clause, before a stop.
  [/\s+(?:btw|fyi|tbh|lol|haha|lmao)(?=\s*[:,.!;]|\s*$)/giu, ''],
  [/\s+/gu, ' '],
];

/** The replacements that can change an ASCII-only clause. */
const ASCII_REPLACEMENTS = REPLACEMENTS.filter(([re]) => re !== TYPOGRAPHY && !/Pictographic|…/u.test(re.source));

/** Openers that carry nothing ("so", "btw", "oh and", "fun fact:"); dropped, repeatedly. */
const FILLER = new RegExp(
  String.raw`^(?:so|well|oh|ah|aw|yeah|yes|yep|yup|no(?! longer| more)|nope|ok|okay|anyway|anyways` +
    String.raw`|also|and|but|plus|btw|by the way|fyi|hey|hi|hello|um|uh|hmm|lol|haha|hahaha|lmao|honestly` +
    String.raw`|basically|guess what|fun fact|just so you know|for the record|for context|in fact|ps` +
    String.raw`|p\.s\.|update|quick update|news|big news|good news|anyhow|alright|right|sure|true|cool` +
    String.raw`|wow|omg|ugh|and yes|oh yeah|as I said|like I said|as you know` +
    // "Work-wise, …", "diet-wise …": a topic said before the statement.
    String.raw`|[\p{L}]+-wise|(?:life|small|little|status|personal|some|an|a) updates?|updates|heads up` +
    String.raw`|quick note)\b[\s,:!.-]*`,
  'iu',
);

/** Openers that say the statement corrects an earlier one. */
const CORRECTION = new RegExp(
  String.raw`^(?:actually|correction|to correct myself|sorry|I meant|I mean|my bad|oops|wait|scratch that` +
    String.raw`|to be clear|let me correct that|I misspoke|I was wrong)\b[\s,:!.-]*`,
  'iu',
);

/** Adverbs said between an auxiliary and its verb ("I am now studying", "we have finally moved"). */
const AUX_ADVERBS = new RegExp(
  String.raw`\b(I am|we are|I have been|we have been|I have|we have|I was|we were|I do|we do|I will` +
    String.raw`|we will|I can|we can)((?:\s+(?:now|currently|still|also|actually|really|just|finally` +
    String.raw`|officially|recently|already|both|all(?! about\b| in on\b| for\b)|definitely|honestly|basically` +
    String.raw`|totally|truly|happily` +
    String.raw`|proudly|newly|even|so|very))+)(?=\s)`,
  'giu',
);

/**
 * "I am now studying at MIT" → "I am studying at MIT now": adverbs after an auxiliary are
 * dropped, and "now" (or "currently") moves to the end of the clause, where the readers that
 * care about it find it and where it ends any value.
 */
function settleAdverbs(text: string): string {
  let now = false;
  const out = text.replace(AUX_ADVERBS, (_all, aux: string, adverbs: string) => {
    if (/\b(?:now|currently)\b/iu.test(adverbs)) now = true;
    return aux;
  });
  return now && !/\bnow\b/iu.test(out) ? `${out.replace(/[\s.!,;]+$/u, '')} now` : out;
}

/** The plain form of a clause's verbatim text. */
export function canonicalize(raw: string): CanonicalClause {
  // Addresses and links are kept as typed: "im@x.com" is not "I am@x.com".
  const kept: string[] = [];
  let text = raw.replace(/\uE000/gu, ' ');
  if (/@|http|www\./iu.test(text)) text = text.replace(KEEP, (token) => `\uE000${kept.push(token) - 1}\uE000`);
  // Typography and emoji only where there is anything outside ASCII.
  const rules = /[^\x20-\x7E]/u.test(text) ? REPLACEMENTS : ASCII_REPLACEMENTS;
  for (const [re, to] of rules) text = typeof to === 'string' ? text.replace(re, to) : text.replace(re, to);
  if (kept.length > 0) text = text.replace(/\uE000(\d+)\uE000/gu, (_all, i: string) => kept[Number(i)] ?? '');
  // A list's bullet ("- moved to Berlin", "2) new job at Globex") opens no statement.
  text = text.trim().replace(/^(?:[-*•>–]+|\d{1,2}[.)])\s+/u, '');
  // "From now on I'm Kate": the time said after the statement, where the readers look for it.
  const fromNowOn = /^from now on,?\s+(?=\S)/iu.exec(text);
  if (fromNowOn) text = `${text.slice(fromNowOn[0].length).replace(/[.!]+$/u, '')} from now on`;
  let correction = false;
  for (let i = 0; i < 8; i++) {
    const filler = FILLER.exec(text);
    const fix = filler ? null : CORRECTION.exec(text);
    const m = filler ?? fix;
    if (!m || m[0].length === 0) break;
    if (fix) correction = true;
    text = text.slice(m[0].length);
  }
  text = paraphrase(restoreSubject(settleAdverbs(unlabel(text))));
  if (/^I (?:am |have |do |)?actually\b/iu.test(text) || /\bnot [\p{L} ]{1,30}, (?:but )?actually\b/iu.test(text))
    correction = true;
  return { text, correction };
}
