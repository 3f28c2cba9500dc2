/**
 * The frame reader: a clause read as a subject, the words of its predicate and a value, scored
 * against the predicate lexicon (`frame-lexicon.ts`) rather than matched against one pattern per
 * phrasing. A clause counts when
 * 1. its subject is the user: a first-person word with no one else's subject before it ("my
 *    sister lives…" is hers), or no subject at all, the way chat drops it ("first week at Acme
 *    done", "allergic to pollen now too");
 * 2. it negates, supposes or plans nothing (a denial is read again as the statement it denies by
 *    the extractor, and retired);
 * 3. it holds a value of the kind the attribute takes (a capitalised name, a diet, a language,
 *    an occupation, a thing after the predicate);
 * 4. the weights of the attribute's words in it, plus one for a value after one of its
 *    prepositions, reach the attribute's bar; the best-scoring attribute per value wins.
 * "From X to Y", "X for Y" and "swapped X for Y" give the value the statement replaces.
 * Used for attributes the precise readers found nothing for in the clause.
 * @module
 */
import { DIETS, DIET_SPELLING, LANGUAGES, OCCUPATIONS, WEAK_OCCUPATIONS, CALENDAR_NAMES } from '../lexicon.js';
import { propose, type Proposal, type Reader } from '../reader.js';
import { cutValue, properCase } from '../values.js';
import { FRAMES, FUTURE, type Frame, type SlotKind } from './frame-lexicon.js';
import { notForFrames } from './frame-guard.js';

/** Someone else of the user's, who may be the subject instead ("my brother moved to…"). */
export const OTHER_PERSON = new RegExp(
  String.raw`\b(?:my|our|his|her|their|your)\s+(?:\w+\s+)?(?:friends?|sister|brother|siblings?|mom|mum|mother` +
    String.raw`|dad|father|parents|boss|colleagues?|coworkers?|neighbou?rs?|cousins?|partner|wife|husband` +
    String.raw`|girlfriend|boyfriend|fianc\w*|grand\w+|aunt|uncle|son|daughter|kids?|children|roommate|flatmate` +
    String.raw`|teacher|doctor|in-laws|niece|nephew|family|manager|landlord|landlady|ex|lead|head|ceo` +
    String.raw`|tenants?|students?` +
    String.raw`|classmates?|clients?|patients?|guests?|mentor|coach|therapist|dentist|pastor|priest|team|class|staff` +
    String.raw`|employees?|members?|mates?|buddy|buddies|pal|pals|folks|relatives?|people)\b` +
    String.raw`|^(?:he|she|they|it|this|that|there|you|someone|everyone|people|nobody)\b`,
  'i',
);
/** A subject before a verb of the third person, or someone's possessive, ahead of any "I" or "we". */
const THIRD_PERSON = new RegExp(
  String.raw`^(?:(?!I\b|we\b)[\p{L}\p{N}'-]+\s+){1,4}?(?:just\s+|recently\s+|finally\s+|also\s+` +
    String.raw`|still\s+)?(?:is|are|was|were|has|have|had|does|do|did|gets|got|keeps|says|said|can|could` +
    String.raw`|will|would|make|makes|cause|causes|lives?|works?|moved|studies|study|speaks?|eats?|loves?` +
    String.raw`|likes?|dates?|goes|go|went)\b|^(?:(?!I\b|we\b)\S+\s+){0,2}?\p{L}+'s\s`,
  'iu',
);
/** "Porto is our new home", "Globex is my employer now": the predicate is the user's, whatever the subject. */
const MY_PREDICATE =
  /^(?:(?!I\b|we\b)[\p{L}\p{N}'-]+\s+){1,3}?(?:is|are|has become|became)\s+(?:now\s+|also\s+)?(?:my|our)\b/iu;
/** "… is my …", "… has become our …" right after a value: the value is what the user's predicate names. */
const COPULA_MINE = /^\s+(?:is|are|has become|became)\s+(?:now\s+|also\s+)?(?:my|our)\b/i;
/** "My wife and I", "me and my kids": the user among others, still the user's subject. */
const WITH_ME = /\b(?:and I|and me|me and|I and)\b/i;
/** A word of the user's own ("I", "we", "my", "us"…), not inside another word ("we've" is not "we"). */
export const FIRST_PERSON = /(?:^|[^\p{L}'])(?:I|we|me|my|our|us)(?![\p{L}'])/iu;
const DROPPED_LENGTH = /^\s*(?:\S+\s+){0,7}\S*\s*$/u;
/** Words a subject-less clause cannot open with and still be about the user. */
const NOT_DROPPED = /^(?:the|a|an|his|her|their|your|its|this|that|these|those|what|which|who|how|why|where|when)\b/i;
const NEGATED = new RegExp(
  String.raw`\b(?:not|no longer|never|anymore|any more|no more|stopped|gave up|used to|ex-` +
    String.raw`|former(?:ly)?|out of being|supposed to|meant to|fell through|almost|nearly|(?:was` +
    String.raw`|were) going to|planned to|tried to|after (?:\w+ ){0,3}(?:years?|decades?|months?|a while` +
    String.raw`|ages) (?:as|of|at|in))\b|\bno\s`,
  'i',
);

/** Capitalised words that are never a value. */
const NOT_NAME = new RegExp(
  String.raw`^(?:I|I'm|The|A|An|My|Our|We|It|This|That|So|And|But|Just|Now|Also|` +
    CALENDAR_NAMES +
    String.raw`|Mom|Mum|Dad|God|Covid|COVID|Zoom|OK|Ok|LOL|Lol|Me|Please|Call` +
    String.raw`|Quick|Update|Guess|Finally|Officially|Sorry|Yes|No|Hey|Hi|Hello|Thanks|Ugh|Wow|Oh)$`,
  'u',
);
const NAME_THEN = /^\s*(?:is|was|has|became|it is|and I|[,:])/u;
const NAME_SPAN =
  /(?<![\p{L}\p{N}'@.])(\p{Lu}[\p{L}\p{N}&'-]*(?:\s+(?:of\s+|de\s+|the\s+)?\p{Lu}[\p{L}\p{N}&'-]*){0,3})/gu;
const DIET_END = new RegExp(
  String.raw`^(?:\s+diet)?(?:\s*$|\s*[,.;!)]|\s+(?:now|for|since|these|again|too|and|lately|at|from|as` +
    String.raw`|so|but|ever|all|already|full[- ]time|no|this|last|in|every)\b)`,
  'iu',
);
const DIET_SET = new Set(DIETS);
const LANGUAGE_SET = new Set(LANGUAGES);
const OCCUPATION_SET = new Set(OCCUPATIONS);
/** Words a job title may open with ("senior software engineer"). */
const ROLE_MODIFIERS = new Set(
  (
    'senior|junior|head|lead|staff|chief|assistant|registered|certified|freelance|full-time|part-time|qualified|' +
    'trainee|student|software|data|web|graphic|civil|mechanical|sous|pastry|principal'
  ).split('|'),
);
const WORD = /[\p{L}\p{N}'-]+/gu;

/**
 * Words of a list in the text, looked up by word (one to three at a time, the longest first)
 * rather than by a pattern of every entry: a piece costs what its words cost.
 */
function lookUp(text: string, list: ReadonlySet<string>, modifiers?: ReadonlySet<string>): (Slot & { end: number })[] {
  const tokens = [...text.matchAll(WORD)].map((m) => ({
    at: m.index,
    word: m[0].toLowerCase(),
    end: m.index + m[0].length,
  }));
  const out: (Slot & { end: number })[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (let n = Math.min(3, tokens.length - i); n >= 1; n--) {
      const phrase = tokens
        .slice(i, i + n)
        .map((t) => t.word)
        .join(' ');
      if (!list.has(phrase)) continue;
      let start = i;
      while (modifiers && start > 0 && i - start < 2 && modifiers.has(tokens[start - 1]!.word)) start--;
      const at = tokens[start]!.at;
      const end = tokens[i + n - 1]!.end;
      out.push({ at, end, before: wordBefore(text, at), value: text.slice(at, end).toLowerCase() });
      i += n - 1;
      break;
    }
  }
  return out;
}

/** A value found in a clause: where it starts, the word before it, and its text. */
interface Slot {
  at: number;
  before: string;
  value: string;
}

function wordBefore(text: string, at: number): string {
  return /(\S+)\s*$/u.exec(text.slice(0, at))?.[1]?.toLowerCase() ?? '';
}

/** Capitalised names: not the clause's first word when it is only capitalised for being first. */
function names(text: string): Slot[] {
  const out: Slot[] = [];
  for (const m of text.matchAll(NAME_SPAN)) {
    let value = m[1]!;
    const at = m.index;
    const first = value.split(/\s+/u)[0]!;
    if (NOT_NAME.test(first)) {
      const rest = value.slice(first.length).trim();
      if (rest === '' || !/^\p{Lu}/u.test(rest)) continue;
      value = rest;
    }
    // A single word opening the clause is capitalised for opening it, unless a verb of its own follows ("Porto is
    // home").
    if (
      at === 0 &&
      !/^\p{Lu}{2,}/u.test(value) &&
      value.split(/\s+/u).length === 1 &&
      !NAME_THEN.test(text.slice(value.length))
    )
      continue;
    // A word capitalised for opening a sentence the subject was put back before ("I am Seeing…").
    if (/^\p{Lu}\p{Ll}+(?:ing|ed)$/u.test(value)) continue;
    const cut = cutValue(value, 'org');
    if (cut)
      out.push({ at: at + m[1]!.indexOf(value), before: wordBefore(text, at + m[1]!.indexOf(value)), value: cut });
  }
  return out;
}

/** What follows a predicate without being a thing the user likes, eats or reacts to. */
const NOT_A_THING = new RegExp(
  String.raw`^(?:me|it|that|this|them|now|too|again|lately|recently|anymore|food|dish|meal|thing|one|snack|the|a|an` +
    String.raw`|some|my|your|his|her|their|our|how|what|being|seeing|hearing|going|making|having|getting|doing|always` +
    String.raw`|so|very|really|just|fun|great|good|nice|can|could|make|makes|is|are|was|were|will|would)s?\b`,
  'i',
);

const THING_CUES = new Map<string, RegExp>();

/** Things: the words after one of the frame's cues and prepositions ("obsessed with ramen"). */
function things(text: string, frame: Frame): Slot[] {
  const out: Slot[] = [];
  for (const [stem] of frame.cues) {
    const key = `${stem}\u0000${frame.attribute}`;
    let re = THING_CUES.get(key);
    if (!re) {
      re = new RegExp(String.raw`\b(?:${stem})\w*\s+(?:(?:${frame.preps.join('|')})\s+)?`, 'i');
      THING_CUES.set(key, re);
    }
    const m = re.exec(text);
    if (!m) continue;
    const rest = text.slice(m.index + m[0].length);
    const value = cutValue(rest.replace(/^(?:with|to|on|of|for|about)\s+/i, ''), 'thing');
    if (value && !NOT_A_THING.test(value))
      out.push({ at: m.index + m[0].length, before: wordBefore(text, m.index + m[0].length), value });
  }
  // "ramen is my favourite now", "tacos is my new fave": the value before the predicate.
  const before = SUBJECT_VALUE.exec(text);
  if (before && frame.slot === 'thing' && frame.cues.some(([stem]) => cue(stem).test(before[0]))) {
    const value = cutValue(before[1]!, 'thing');
    if (value && !/^(?:it|that|this|which|what|he|she|they|I|we)$/i.test(value))
      out.push({ at: before.index, before: 'is', value });
  }
  return out;
}

const PHONE_NUMBER = /(?<![\p{L}\p{N}])(\+?\(?\d[\d\s().\-/]{5,22}\d)(?![\p{L}\p{N}])/gu;
const EMAIL_ADDRESS = /(?<![\p{L}\p{N}._%+-])([\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)/gu;

function pattern(re: RegExp, text: string, ok: (value: string) => boolean): Slot[] {
  const out: Slot[] = [];
  for (const m of text.matchAll(re)) {
    const value = m[1]!.replace(/[.]+$/u, '');
    if (ok(value)) out.push({ at: m.index, before: wordBefore(text, m.index), value });
  }
  return out;
}

/** "X is my (new) favourite …": the thing before a copula and the user's own predicate noun. */
const SUBJECT_VALUE = new RegExp(
  String.raw`(?:^|[,:]\s*|\bbut\s+|\bnow\s+)((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:is|are|has become` +
    String.raw`|became|is now|are now)\s+(?:now\s+)?(?:my|our)\s+(?:new\s+|current\s+|all-time\s+` +
    String.raw`|absolute\s+)?(?:favou?rite|fave?|number one)`,
  'iu',
);

function slots(kind: SlotKind, text: string, frame: Frame): Slot[] {
  switch (kind) {
    case 'phone':
      return pattern(
        PHONE_NUMBER,
        text,
        (v) => v.replace(/\D+/gu, '').length >= 7 && !/^\d{4}\s*-\s*\d{2,4}$/u.test(v),
      );
    case 'email':
      return pattern(EMAIL_ADDRESS, text, () => true);
    case 'name':
      return names(text);
    case 'diet':
      // "vegan ice cream", "my vegan diet group": a diet word before another noun describes that noun.
      return lookUp(text, DIET_SET).flatMap((s) => {
        if (!DIET_END.test(text.slice(s.end))) return [];
        return [{ at: s.at, before: s.before, value: DIET_SPELLING.get(s.value) ?? s.value }];
      });
    case 'language':
      return lookUp(text, LANGUAGE_SET).map((s) => ({ ...s, value: properCase(s.value) }));
    case 'occupation':
      return lookUp(text, OCCUPATION_SET, ROLE_MODIFIERS).filter(
        (s) => !WEAK_OCCUPATIONS.has(s.value.split(' ').at(-1)!) || s.before === 'as',
      );
    case 'thing':
      return things(text, frame);
  }
}

const CUE_CACHE = new Map<string, RegExp>();
function cue(stem: string): RegExp {
  let re = CUE_CACHE.get(stem);
  if (!re) {
    re = new RegExp(String.raw`\b(?:${stem})`, 'i');
    CUE_CACHE.set(stem, re);
  }
  return re;
}
const VETO_CACHE = new Map<string, RegExp>();
function vetoed(frame: Frame, text: string): boolean {
  if (!frame.veto) return false;
  let re = VETO_CACHE.get(frame.veto);
  if (!re) {
    re = new RegExp(frame.veto, frame.veto.includes('\\p{') ? 'iu' : 'i');
    VETO_CACHE.set(frame.veto, re);
  }
  return re.test(text);
}

/** Whether the clause's subject is the user (said, or dropped the way chat drops it). */
function userSubject(text: string): boolean {
  // "…, it is my favourite": a thing of the clause said to be the user's.
  if (/^(?:it|that|this) (?:is|was|has become|became) (?:now )?(?:my|our)\b/i.test(text)) return true;
  const other = OTHER_PERSON.exec(text);
  // Anyone else in the clause but as the user's company ("my wife and I") leaves it unclear whose
  // the value is ("call my wife on …", "I moved in with my sister in …"): the patterns read those.
  if (other && !WITH_ME.test(text)) return false;
  // "Half my class is allergic…", "Tom's fav food: …": someone else's subject before the verb.
  if (THIRD_PERSON.test(text) && !/^(?:I|we|my|our)\b/i.test(text) && !MY_PREDICATE.test(text)) return false;
  if (FIRST_PERSON.test(text)) return true;
  // A subject chat drops opens a short piece ("first week at Acme done"), never a long one.
  return (
    DROPPED_LENGTH.test(text) &&
    !NOT_DROPPED.test(text) &&
    !/^\p{Lu}\p{Ll}+\s+(?:is|was|has|does|did|will|and)\b/u.test(text)
  );
}

/** "from Lyon to Berlin", "Acme for Globex", "swapped Acme for Globex": the value replaced. */
function replaced(text: string, value: string): string | undefined {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  const at = text.indexOf(value);
  if (at < 0 || !/\s(?:to|for)\s+$/u.test(text.slice(0, at))) return undefined;
  const m = new RegExp(
    String.raw`\b(?:from\s+)?(\p{Lu}[\p{L}\p{N}&'-]*(?:\s+\p{Lu}[\p{L}\p{N}&'-]*){0,3})\s+(?:to|for)\s+${escaped}`,
    'u',
  ).exec(text);
  if (!m || NOT_NAME.test(m[1]!)) return undefined;
  return /\b(?:from|left|swapped|traded|switched|moved|quit|exchanged|ditched)\s+$/i.test(
    text.slice(0, m.index + (m[0].startsWith('from') ? 5 : 0)),
  ) || m[0].startsWith('from')
    ? m[1]
    : undefined;
}

/** Every strong word of a frame, to find whether the turn is about it at all. */
const TOPICS = new Map(
  FRAMES.map((frame) => [
    frame,
    new RegExp(
      String.raw`\b(?:${frame.cues
        .filter(([, weight]) => weight >= 2)
        .map(([stem]) => stem)
        .join('|')})`,
      'i',
    ),
  ]),
);

/** Every word of a frame, to skip at once a piece that names none of its words. */
const ANY = new Map(
  FRAMES.map((frame) => [frame, new RegExp(String.raw`\b(?:${frame.cues.map(([stem]) => stem).join('|')})`, 'i')]),
);
/** Any frame's word: most clauses of a chat have none and are not read further. */
const ANY_CUE = new RegExp(
  String.raw`\b(?:${FRAMES.flatMap((frame) => frame.cues.map(([stem]) => stem)).join('|')})`,
  'i',
);
/** A piece this short may be an ellipsis its turn explains ("chef now!"). */
const SHORT = /^\s*(?:\S+\s+){0,4}\S*\s*$/u;

/** Pieces of a clause a negation or a new state does not reach past ("no meat anymore, full pescatarian now"). */
const SEGMENT = /\s*(?:[,;]|\s[-–—]\s|\bbut\b)\s*/u;

/** The thing a verb of the previous piece names, for "…, it is my favourite" and "…, turns out I am allergic". */
const OBJECT = new RegExp(
  String.raw`\b(?:eat|eating|ate|drink|drinking|have|having|touch|love|loving|into|with|beats|tried|crave|craving` +
    String.raw`|trying)\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)`,
  'iu',
);

function antecedent(previous: string | undefined): Slot[] {
  const m = previous === undefined ? null : OBJECT.exec(previous);
  const value = m ? cutValue(m[1]!, 'thing') : undefined;
  return value && !/^(?:it|that|this|them|me|you|him|her|us|a lot|so much)$/i.test(value)
    ? [{ at: 0, before: '', value }]
    : [];
}

/** A piece that is only its value and words of time: "chef now!", "Berlin these days", "full pescatarian now". */
function bare(text: string, slot: Slot): boolean {
  const rest = (text.slice(0, slot.at) + ' ' + text.slice(slot.at + slot.value.length))
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .trim();
  return ONLY_TIME.test(rest);
}

/** Words an ellipsis may carry beside its value. */
const ONLY_TIME =
  /^(?:(?:now|these days|currently|officially|finally|full|fully|strictly|so|a|an|the|too|as well|lol|at \S+)\s*)*$/i;

/** Said of the past ("we were really into skateboarding"): not what holds now. */
const PAST = /\b(?:was|were|used to|back then|as a kid|when I was|when we were)\b/i;

/** A proposal and the score it reached. */
type Scored = Proposal & { score: number };

function readSegment(text: string, previous: string | undefined, turnMentions: (topic: RegExp) => boolean): Scored[] {
  if (NEGATED.test(text) || !userSubject(text)) return [];
  const best = new Map<string, { frame: Frame; score: number; slot: Slot }>();
  const short = SHORT.test(text);
  const cached = new Map<SlotKind, Slot[]>();
  for (const frame of FRAMES) {
    const hit = ANY.get(frame)!.test(text);
    if (!hit && !short) continue;
    if (vetoed(frame, text) || (frame.present && FUTURE.test(text))) continue;
    if (frame.mine && !FIRST_PERSON.test(text)) continue;
    if (frame.attribute === 'like' && PAST.test(text)) continue;
    let score = 0;
    if (hit) for (const [stem, weight] of frame.cues) if (cue(stem).test(text)) score += weight;
    let found = frame.slot === 'thing' ? slots('thing', text, frame) : cached.get(frame.slot);
    if (!found) {
      found = slots(frame.slot, text, frame);
      cached.set(frame.slot, found);
    }
    // "…, turns out I am allergic": a thing-taking predicate with its thing in the piece before.
    if (found.length === 0 && frame.slot === 'thing' && score >= frame.least) found = antecedent(previous);
    if (found.length === 0) continue;
    // The turn's other words count once: "new job! … - chef now".
    const topic = TOPICS.get(frame)!;
    const ellipsis = found.some((slot) => bare(text, slot));
    if (score < frame.least && ellipsis && !topic.test(text) && turnMentions(topic)) score += 1;
    if (score === 0) continue;
    for (const slot of found) {
      const total =
        score +
        (frame.preps.includes(slot.before) ? 1 : 0) +
        (followedBy(text, slot, frame) ? 1 : 0) +
        (bare(text, slot) ? 1 : 0) +
        (COPULA_MINE.test(text.slice(slot.at + slot.value.length)) ? 1 : 0);
      if (total < frame.least) continue;
      const key = slot.value.toLowerCase();
      const held = best.get(key);
      if (!held || total > held.score) best.set(key, { frame, score: total, slot });
    }
  }
  const out: Scored[] = [];
  const taken = new Set<string>();
  const ranked = [...best.values()].sort((a, b) => b.score - a.score);
  for (const { frame, slot, score } of ranked) {
    if (taken.has(frame.attribute)) continue;
    // A value another value of the clause replaces is the old one, not a second statement.
    if (ranked.some((o) => o.frame.attribute === frame.attribute && replaced(text, o.slot.value) === slot.value))
      continue;
    taken.add(frame.attribute);
    const old = frame.slot === 'name' ? replaced(text, slot.value) : undefined;
    out.push({ ...propose(frame.attribute, slot.value, 'state', { replaces: old, dated: true }), score });
  }
  return out;
}

function followedBy(text: string, slot: Slot, frame: Frame): boolean {
  if (!frame.posts) return false;
  const next = /^\s+(\S+)/u.exec(text.slice(slot.at + slot.value.length))?.[1]?.toLowerCase();
  return next !== undefined && frame.posts.includes(next.replace(/[^\p{L}]+$/u, ''));
}

/** The frame reader (see the module's description). */
/** Someone else inside the clause ("people who live in…", "she moved…"): what it says is theirs. */
const SOMEONE_ELSE = /\b(?:who|whom|whose|people|he|she|they|someone|somebody|everyone|everybody|nobody)\b/i;

export const readFrames: Reader = ({ text, turnMentions }) => {
  if (SOMEONE_ELSE.test(text) || notForFrames(text)) return [];
  if ((!ANY_CUE.test(text) && !/[,;]|\s[-–—]\s/u.test(text) && !SHORT.test(text)) || !userSubject(text)) return [];
  // Per attribute, the best-scoring piece; a later piece wins a tie ("after Leeds…, Porto is our new home").
  const best = new Map<string, Scored>();
  let previous: string | undefined;
  for (const segment of text.split(SEGMENT)) {
    if (segment.trim() === '') continue;
    for (const p of readSegment(segment, previous, turnMentions)) {
      const held = best.get(p.attribute);
      if (!held || p.score >= held.score) best.set(p.attribute, p);
    }
    previous = segment;
  }
  return [...best.values()].map(({ score: _score, ...p }) => p);
};
