/**
 * Languages and vehicles: "I speak French and German", "I'm fluent in Italian", "my native
 * language is Polish", "I'm learning Japanese", "I'm taking Spanish classes", "I forgot most of
 * my German"; "I drive a Tesla", "I bought a Honda Civic".
 * @module
 */
import { ADV, SUBJ_OR_NONE, pattern } from '../grammar.js';
import { CAR_MAKES, LANGUAGES, alternation } from '../lexicon.js';
import { find, propose, type Proposal, type Reader } from '../reader.js';
import { cutValue, properCase } from '../values.js';

const LANGUAGE = alternation(LANGUAGES);
const GATE = new RegExp(String.raw`\b(?:${LANGUAGE}|drive|driving|car|bought|got|own)\b`, 'iu');
const LIST =
  String.raw`(${LANGUAGE}(?:\s*(?:,|and|&|as well as|plus)\s*(?:some |a little |a bit of |basic |conversational ` +
  String.raw`|fluent )?${LANGUAGE}){0,5})`;

const SPEAK = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:speak|can speak|can also speak|also speak|speak fluent|am fluent in|am bilingual in` +
    String.raw`|have been speaking|am speaking` +
    String.raw`|am trilingual in|am native in|am a native speaker of|know|am conversational in|am proficient in` +
    String.raw`|can get by in|get by in|read and write|grew up speaking|was raised speaking` +
    // "I'm bilingual now: English and Japanese".
    String.raw`|am (?:bilingual|trilingual|multilingual)(?: now| these days| nowadays)?\s*(?::|,|-|–` +
    String.raw`|—)?\s*(?:in )?)\s*${ADV}` +
    String.raw`(?:a little |a bit of |some |basic |conversational |fluent |decent |good |broken |native ` +
    String.raw`|pretty good |okay )?${LIST}\b`,
);
const NATIVE = new RegExp(
  String.raw`\bmy (?:native language|mother tongue|first language|second language|native tongue|main language)` +
    String.raw` is\s+${LIST}\b`,
  'iu',
);
/** "My Korean is getting pretty good", "my German is rusty": the user speaks it, well or not. */
const MY_LEVEL = new RegExp(
  String.raw`\bmy (${LANGUAGE}) (?:is|has gotten|has got|got) (?:getting |now |still |really |pretty |quite |so much ` +
    String.raw`|a lot |way |much )*(?:good|better|decent|fluent|solid|rusty|okay|ok|passable|conversational` +
    String.raw`|not bad|improving)\b`,
  'iu',
);
const NATIVE_SPEAKER = new RegExp(String.raw`\bI am (?:a )?(?:native|fluent) ${LIST} speaker\b`, 'iu');
const LEARNING = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:am learning|have been learning|started learning|began learning|am studying|have been studying` +
    String.raw`|started studying|am taking|started taking|have started learning|am picking up|picked up` +
    String.raw`|have picked up|learned|learnt|am brushing up on|am practicing|am practising|am improving my)\s+` +
    String.raw`(?:some |a bit of |basic )?${LIST}\b(?!\s+(?:food|cuisine|history|literature|culture` +
    String.raw`|movies|films|music|wine|friends?|people|restaurant))`,
);
const LESSONS = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:started|am taking|take|have started|have been taking|signed up for|enrolled in|am doing` +
    String.raw`|do|began|booked|joined)\s+(?:some |a |an |weekly |online |evening |private |night )?${LIST}\s+` +
    String.raw`(?:lessons|classes|courses|course|class|lesson|tutoring|school|immersion)\b`,
);
const FORGOT = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:forgot|have forgotten|lost|have lost|gave up|gave up on|quit|stopped|have stopped)\s+` +
    String.raw`(?:learning |speaking |most of |all of |all |much of |practicing )?(?:my )?(${LANGUAGE})\b`,
);
const BARELY = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:barely|hardly|can barely|can hardly|no longer|do not|can not)\s+(?:remember|speak` +
    String.raw`|know|understand|use)\s+(?:any\s+|much\s+|my\s+)?(${LANGUAGE})\b`,
);
const CAR = alternation(CAR_MAKES);
/** Vehicle words that name no make: "I have a golf lesson", "we got a van for the move". */
const GENERIC_CAR = new RegExp(
  String.raw`^(?:truck|van|hybrid|golf|suv|pickup|minivan|convertible|scooter|motorbike|motorcycle` +
    String.raw`|e-bike|electric car|pickup truck|mini|seat|ram|lucid|beetle)\b`,
  'iu',
);
const DRIVE = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:drive|am driving|bought|got|own|have|just got|leased|am leasing|traded in my old car for)\s+` +
    String.raw`(?:a |an |my |our )?(?:new |used |old |brand new |second-hand |secondhand |little |red ` +
    String.raw`|black |white |blue |silver |grey |gray |electric |(?:19|20)\d\d )*(${CAR}(?:\s+[\p{L}\d-]+)?)\b`,
);

function languages(list: string): string[] {
  return list
    .split(/\s*(?:,|\band\b|&|\bas well as\b|\bplus\b)\s*/iu)
    .map((l) => l.replace(/^(?:some|a little|a bit of|basic|conversational|fluent)\s+/iu, '').trim())
    .filter((l) => l !== '')
    .map((l) => (/^(?:asl|bsl)$/iu.test(l) ? l.toUpperCase() : properCase(l.toLowerCase())));
}

/** Reads the languages the user speaks or learns, and the car they drive. */
export const readLanguages: Reader = ({ text }) => {
  if (!GATE.test(text)) return [];
  const out: Proposal[] = [];
  let m = find(text, FORGOT) ?? find(text, BARELY);
  if (m) return [propose('language', properCase(m[1]!.toLowerCase()), 'retire', { dated: true })];
  m = find(text, LEARNING) ?? find(text, LESSONS);
  if (m)
    for (const l of languages(m[1]!))
      out.push(propose('language', l, 'state', { text: `The user is learning ${l}.`, dated: true }));
  m = find(text, SPEAK) ?? find(text, NATIVE) ?? find(text, NATIVE_SPEAKER) ?? find(text, MY_LEVEL);
  if (m) {
    const native = /native|mother|first/iu.test(m[0]);
    for (const l of languages(m[1]!))
      out.push(propose('language', l, 'state', native ? { text: `The user's native language is ${l}.` } : {}));
  }
  m = find(text, DRIVE);
  if (m) {
    const car = cutValue(m[1]!, 'thing');
    const drives = /\b(?:drive|driving|leas|traded)/iu.test(m[0]);
    // "I have a golf lesson", "we got a van for the move": a make, or a verb of driving.
    const generic = !car || GENERIC_CAR.test(car);
    if (car && (drives || !generic)) out.push(propose('vehicle', car));
  }
  return out;
};
