/**
 * Looser readings, for phrasings the precise readers do not know: a clause whose subject is the
 * user, that names what it is about (moving, a job, a diet, a language), and that holds a value
 * of the right kind ("we moved across the country to Melbourne", "the new job at Hooli is
 * great, I started Monday", "going fully vegan this year"). Used only for an attribute the other
 * readers found nothing for in the clause, and never in a clause that negates, asks, supposes or
 * reports (the extractor skips those before any reader).
 * @module
 */
import { DIETS, DIET_SPELLING, LANGUAGES, alternation, CALENDAR_NAMES } from '../lexicon.js';
import { find, propose, type Proposal, type Reader } from '../reader.js';
import { cutValue, properCase } from '../values.js';

/** Someone else of the user's, who may be the one the clause is about ("my grandma only speaks…"). */
const OTHER_PERSON = new RegExp(
  String.raw`\b(?:my|our) (?:\w+ )?(?:friends?|sister|brother|siblings?|mom|mum|mother|dad|father` +
    String.raw`|parents|boss|colleagues?|coworkers?|neighbou?rs?|cousins?|partner|wife|husband|girlfriend` +
    String.raw`|boyfriend|fianc\w*|grand\w+|aunt|uncle|son|daughter|kids?|children|roommate|flatmate` +
    String.raw`|teacher|doctor|in-laws|niece|nephew|family)\b`,
  'iu',
);

/** The user is the subject of the clause, or its object ("work transferred me to…", "has me eating…"). */
const USER_SUBJECT = /(?:^|[^\p{L}'])(?:I|we|my|our|me|us)\s/iu;
const I_OR_WE = /(?:^|[^\p{L}'])(?:I|we|me|us)\s/iu;
/**
 * A piece that drops its subject and opens on something new ("new apartment in Melbourne",
 * "first week at Globex done"): chat's way of saying the user's own new thing.
 */
const ELIDED = new RegExp(
  String.raw`^(?:(?:ok|okay|so|and|but|finally|just|officially|big news|news|yay|woo+)[\s,!:]+)*` +
    String.raw`(?:(?:the|a|my|our)\s+)?(?:brand[- ]new|new|first)\s`,
  'iu',
);
const NEGATED = new RegExp(
  String.raw`\b(?:not|no longer|never|anymore|any more|quit|quitting|stopped|stop|gave up|give up` +
    String.raw`|used to)\b|\b(?:I|we) (?:was|were)\b`,
  'iu',
);

/** Capitalized words that are never a place or a company. */
const NOT_NAMES = new RegExp(
  String.raw`^(?:I|The|A|An|My|Our|` +
    CALENDAR_NAMES +
    String.raw`|Thanksgiving` +
    String.raw`|Halloween|Mom|Mum|Dad|God|Covid|COVID|Zoom|Google Maps)\b`,
  'u',
);

const CITY_TRIGGER = new RegExp(
  String.raw`\b(?:moved|move|moving|relocated|relocating|relocation|live|living|settled|settling|based|lease` +
    String.raw`|resident|home|house|apartment|flat|condo|neighbou?rhood|emigrated|immigrated)\b`,
  'iu',
);
const PLACE_AFTER = /\b(?:to|in|into)\s+((?:the\s+)?\p{Lu}[\p{L}.'-]*(?:\s+\p{Lu}[\p{L}.'-]*){0,3})/u;

const JOB_TRIGGER = new RegExp(
  String.raw`\b(?:job|hired|joined|employ\w*|position|role|offer|intern\w*|contract|onboarding` +
    String.raw`|first (?:day|week|month)s?|first shift|new gig|promotion|promoted|salary|boss|colleagues?` +
    String.raw`|coworkers?|head of|director` +
    String.raw`|manager|engineer|developer|designer|analyst|lead|ceo|cto|founder|consultant)\b`,
  'iu',
);
const JOB_EXCLUDE =
  /\b(?:interview\w*|appl(?:y|ied|ying)|rejected|visit\w*|client|customer|meeting|event|conference|party)\b/iu;
const ORG_AFTER = /\b(?:at|for|by|with)\s+(\p{Lu}[\p{L}\p{N}&.'-]*(?:\s+\p{Lu}[\p{L}\p{N}&.'-]*){0,3})/u;

const SCHOOL_TRIGGER = new RegExp(
  String.raw`\b(?:study|studying|studies|student|degree|semester|enrolled|enrol\w*|university|uni` +
    String.raw`|college|school|transferred|campus|classes|masters?|phd|freshman|sophomore)\b`,
  'iu',
);
const SCHOOLISH =
  /\b(?:universit(?:y|ies)|uni|college|school|institute|academy|polytechnic|conservatory|\p{Lu}{2,6})\b/u;

const DIET = new RegExp(
  String.raw`\b(${alternation(DIETS)})\b(?!\s*(?:food|restaurant|recipe|options?|dish|meal|place|cafe` +
    String.raw`|burger|friends?|cookbook|cheese|version|alternative|menu|bakery|sausage|pizza|chili` +
    String.raw`|curry|milk|butter|leather|shoes|products?|people|community|market|brand|snacks?|dinner` +
    String.raw`|lunch|breakfast)s?\b)`,
  'iu',
);
const DIET_VERB = new RegExp(
  String.raw`\b(?:am|are|been|being|went|going|gone|became|become|turned|switched to|eat|eating|follow` +
    String.raw`|following|now)\s+` +
    String.raw`(?:(?:fully|strictly|totally|mostly|completely|100%|a|an|the|full|pretty much)\s+){0,2}` +
    String.raw`${alternation(DIETS)}\b`,
  'iu',
);

const LANGUAGE = new RegExp(String.raw`\b(${alternation(LANGUAGES)})\b`, 'iu');
const MY_LANGUAGE = new RegExp(String.raw`\b(?:my|our) ${alternation(LANGUAGES)}\b`, 'iu');
const LANGUAGE_VERB = new RegExp(
  String.raw`\b(?:speak\w*|learn\w*|fluent|know|lessons?|class(?:es)?|course|studying|practi[cs]\w*` +
    String.raw`|native|bilingual|conversational|conversation|understand|picking up|picked up|duolingo` +
    String.raw`|tutor|getting (?:good|better|decent))\b`,
  'iu',
);

function one(attribute: string, value: string | undefined, kind: 'state' | 'retire' = 'state'): Proposal[] {
  return value ? [propose(attribute, value, kind, { dated: true })] : [];
}

/**
 * The user's own doing: the trigger within six words after "I"/"we", with no other actor or
 * relative clause between ("I read about people who live in…" is not the user living there).
 */
function ownTrigger(text: string, trigger: RegExp, possessive = false): boolean {
  let compiled = OWN.get(trigger);
  if (!compiled) {
    compiled = ownPatterns(trigger);
    OWN.set(trigger, compiled);
  }
  return compiled.near.test(text) || (possessive && compiled.mine.test(text));
}

const OWN = new Map<RegExp, { near: RegExp; mine: RegExp }>();

function ownPatterns(trigger: RegExp): { near: RegExp; mine: RegExp } {
  const near = new RegExp(
    String.raw`(?:^|[^\p{L}'])(?:I|we)\s+(?:(?!(?:who|that|which|where|when|people|they|he|she|his|her` +
      String.raw`|their|friends?|about|article|story|show|movie|book|news|someone|everyone)\b)\S+\s+){0,6}?` +
      String.raw`(?:${trigger.source.replace(/^\\b/u, '').replace(/\\b$/u, '')})`,
    'iu',
  );
  // Or a thing of the user's own that the trigger names: "my first day at Stripe", "my first semester at…".
  const mine = new RegExp(
    String.raw`\b(?:my|our)\s+(?:\S+\s+){0,2}?(?:${trigger.source.replace(/^\\b/u, '').replace(/\\b$/u, '')})`,
    'iu',
  );
  return { near, mine };
}

function city(text: string): Proposal[] {
  const elided = ELIDED.test(text) && CITY_TRIGGER.test(text);
  if (!elided && (!I_OR_WE.test(` ${text}`) || !ownTrigger(text, CITY_TRIGGER))) return [];
  const at = PLACE_AFTER.exec(text.slice(text.search(CITY_TRIGGER)));
  if (!at || NOT_NAMES.test(at[1]!.replace(/^the\s+/iu, ''))) return [];
  return one('city', cutValue(at[1]!, 'place'));
}

function employer(text: string): Proposal[] {
  const elided = ELIDED.test(text) && JOB_TRIGGER.test(text);
  if ((!elided && !ownTrigger(text, JOB_TRIGGER, true)) || JOB_EXCLUDE.test(text)) return [];
  const at = ORG_AFTER.exec(text);
  // "with" names an employer only with a contract or an offer ("I worked with Sarah" does not).
  if (!at || NOT_NAMES.test(at[1]!) || SCHOOLISH.test(at[1]!)) return [];
  if (/^with\b/iu.test(at[0]) && !/\b(?:contract|offer|signed)\b/iu.test(text)) return [];
  return one('employer', cutValue(at[1]!, 'org'));
}

/** "first semester at Berkeley is…", "my new uni is UBC": the user's own time at a school, or their school named. */
const TERM_AT = /^(?:my\s+|our\s+)?(?:first|second|third|new|final)\s+(?:semester|term)s?\s+(?:at|of)\s+/iu;
const MY_SCHOOL_IS = new RegExp(
  String.raw`\b[Mm]y (?:new |current )?(?:uni|university|school|college) is (?:now )?` +
    String.raw`((?:the\s+)?\p{Lu}[\p{L}.'-]*(?:\s+(?:of\s+)?\p{Lu}[\p{L}.'-]*){0,4})`,
  'u',
);

function school(text: string): Proposal[] {
  const named = MY_SCHOOL_IS.exec(text);
  if (named && !NOT_NAMES.test(named[1]!.replace(/^the\s+/iu, ''))) return one('school', cutValue(named[1]!, 'org'));
  const term = TERM_AT.exec(text);
  if (term) {
    const at = /^((?:the\s+)?\p{Lu}[\p{L}.'-]*(?:\s+(?:of\s+)?\p{Lu}[\p{L}.'-]*){0,4})/u.exec(
      text.slice(term[0].length),
    );
    if (at && !NOT_NAMES.test(at[1]!.replace(/^the\s+/iu, ''))) return one('school', cutValue(at[1]!, 'org'));
  }
  if (!ownTrigger(text, SCHOOL_TRIGGER, true)) return [];
  const at = /\b(?:at|to|into)\s+((?:the\s+)?\p{Lu}[\p{L}.'-]*(?:\s+(?:of\s+)?\p{Lu}[\p{L}.'-]*){0,4})/u.exec(text);
  if (!at || NOT_NAMES.test(at[1]!.replace(/^the\s+/iu, ''))) return [];
  // A name not plainly a school counts after a word only a student says ("my first semester at Berkeley").
  const student = /\b(?:semester|enrolled|enrol\w*|transferred|freshman|sophomore|campus|degree)\b/iu.test(text);
  if (!SCHOOLISH.test(at[1]!) && !student) return [];
  return one('school', cutValue(at[1]!, 'org'));
}

function diet(text: string): Proposal[] {
  const m = DIET.exec(text);
  if (!m || !DIET_VERB.test(text) || !I_OR_WE.test(` ${text}`)) return [];
  const word = m[1]!.toLowerCase().replace(/\s+/gu, ' ');
  return one('diet', DIET_SPELLING.get(word) ?? word);
}

function language(text: string): Proposal[] {
  const m = LANGUAGE.exec(text);
  if (
    !m ||
    !LANGUAGE_VERB.test(text) ||
    (!ownTrigger(text, LANGUAGE_VERB) && !MY_LANGUAGE.test(text)) ||
    /\b(?:food|cuisine|restaurant|movie|film|music|wine|friend|people|history|lit|literature|teacher)\b/iu.test(text)
  )
    return [];
  return one('language', properCase(m[1]!.toLowerCase()));
}

/** A piece after a comma that opens on something new, with its subject dropped. */
const NEW_PIECE = /,\s*(?:the\s+|a\s+|my\s+|our\s+)?(?:brand[- ]new|new|first)\s/iu;

/** Pieces of a clause a negation or someone else's subject does not reach past. */
const PIECE =
  /\s*(?:[,;]|\s[-–—]\s|\bbut\b|\band (?=(?:the|his|her|their|it|he|she|they|someone|everyone|nobody)\b))\s*/iu;

/** Whether a negation or someone else in `text` stops its looser readings. */
function blocked(text: string): boolean {
  return NEGATED.test(text) || find(text, OTHER_PERSON) !== undefined;
}

/** Any word a looser reading starts from: a clause with none is not cut into pieces. */
function triggered(text: string): boolean {
  return (
    CITY_TRIGGER.test(text) ||
    JOB_TRIGGER.test(text) ||
    SCHOOL_TRIGGER.test(text) ||
    DIET.test(text) ||
    LANGUAGE_VERB.test(text)
  );
}

function readPiece(text: string): Proposal[] {
  // A piece with no subject may only name the user's own time at a school ("first semester at…").
  if (ELIDED.test(text) && !USER_SUBJECT.test(` ${text}`)) return [...city(text), ...employer(text)];
  if (!USER_SUBJECT.test(` ${text}`)) return TERM_AT.test(text) ? school(text) : [];
  return [...city(text), ...employer(text), ...school(text), ...diet(text), ...language(text)];
}

/**
 * The looser readings of a clause whose subject is the user and that negates nothing; in a
 * clause that does negate or names someone else, of its pieces that do not ("we just moved
 * into a place in Leeds and the internet guy can't come").
 */
export const readFallback: Reader = ({ text }) => {
  const open = !blocked(text);
  const whole = open ? readPiece(text) : [];
  // "Leaving Initech was the best decision, the new gig at Hooli…": a piece may drop its subject.
  if (whole.length > 0 || (open && !NEW_PIECE.test(text)) || !PIECE.test(text) || !triggered(text)) return whole;
  const out: Proposal[] = [];
  for (const piece of text.split(PIECE)) {
    if (blocked(piece)) continue;
    for (const p of readPiece(piece)) if (!out.some((o) => o.attribute === p.attribute)) out.push(p);
  }
  return out;
};
