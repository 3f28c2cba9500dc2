/**
 * Cutting a value out of the words after a pattern ("Berlin" from "Berlin with my wife since
 * May lol"), splitting lists ("French, German and Spanish"), refusing what is not a value ("it",
 * "here", "a lot"), and the small word forms the sentences need (capitals, "-ing").
 * @module
 */

/** What kind of value a pattern reads: it decides where the value ends and what is refused. */
export type ValueKind = 'place' | 'org' | 'role' | 'name' | 'thing' | 'phrase';

/** Words a value ends before ("Berlin" in "Berlin with my wife since May lol"). */
const END_WORDS = [
  // Joining words, and pronouns that start the next thought.
  'and',
  'plus',
  'but',
  'or',
  'with',
  'because',
  'cause',
  'bc',
  'cuz',
  'since',
  'for',
  'from',
  'when',
  'where',
  'which',
  'who',
  'whom',
  'whose',
  'that',
  'so',
  'as',
  'though',
  'tho',
  'although',
  'while',
  'until',
  'till',
  'if',
  'instead',
  'like',
  'I',
  'we',
  'my',
  'our',
  'it',
  'they',
  'he',
  'she',
  'you',
  'your',
  'their',
  'his',
  'them',
  'this',
  'these',
  'those',
  // Verbs and particles.
  'is',
  'are',
  'was',
  'were',
  'have',
  'has',
  'had',
  'do',
  'does',
  'did',
  'not',
  'no',
  'just',
  'still',
  'yet',
  'here',
  'there',
  'then',
  'all',
  'every',
  'ever',
  // Time words.
  'now',
  'anymore',
  'any more',
  'again',
  'these days',
  'nowadays',
  'right now',
  'at the moment',
  'atm',
  'currently',
  'last',
  'next',
  'ago',
  'yesterday',
  'today',
  'tonight',
  'tomorrow',
  'recently',
  'lately',
  'already',
  'permanently',
  'finally',
  'officially',
  'actually',
  'basically',
  'literally',
  'really',
  'totally',
  'definitely',
  'probably',
  'seriously',
  'happily',
  'also',
  'after',
  'before',
  'during',
  'full[- ]time',
  'part[- ]time',
  // Places and prepositions after a value.
  'by',
  'around',
  'near',
  'close to',
  'outside',
  'on',
  'in',
  'at',
  'over',
  // Chat.
  'out of nowhere',
  'out of the blue',
  'lol',
  'haha',
  'hahaha',
  'lmao',
  'rofl',
  'too',
  'as well',
  'either',
  'btw',
  'honestly',
  'anyway',
  'um',
  'uh',
  // "5 years", "a few months"; "to be", "to get" (a purpose, not a place).
  String.raw`(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|several)\s` +
    String.raw`(?:days?|weeks?|months?|years?)`,
  String.raw`to(?=\s+(?:be|do|get|go|see|work|live|make|start|try|help|have|find|pay|cover|keep|visit` +
    String.raw`|meet|stay|buy|save|learn|study|take)\b)`,
];

const MARKS = String.raw`[,;:!?()[\]"{}<>|~*]|\.(?:\s|$)|\s[-–—]|\.\.\.`;

/** Where a value ends: a mark or one of `END_WORDS`. */
const END = new RegExp(String.raw`\s*(?:${MARKS}|\s(?:${END_WORDS.join('|')})\b)`, 'iu');

/** Where a list ends: the same, but a list keeps its commas and "and" ("peanuts, shellfish and eggs"). */
const LIST_WORDS = END_WORDS.filter((w) => w !== 'and' && w !== 'plus');
const LIST_END = new RegExp(String.raw`\s*(?:${MARKS.replace('[,;', '[;')}|\s(?:${LIST_WORDS.join('|')})\b)`, 'iu');

const MAX_WORDS: Record<ValueKind, number> = { place: 5, org: 6, role: 6, name: 3, thing: 6, phrase: 10 };

/** Values that name nothing: pronouns, places like "here", filler. */
const EMPTY = new Set(
  (
    'it|that|this|these|those|them|him|her|you|me|us|one|ones|some|something|somewhere|anything|anywhere|everything|' +
    'everywhere|nothing|nowhere|here|there|home|a lot|lots|so much|too much|much|stuff|things|a bit|it all|all|both|' +
    'the same|same|more|less|well|fine|good|great|sure|myself|yourself|ourselves|whatever|everyone|everybody|people|' +
    'the moment|the past|the present|the future|the area|the city|the country|the town|the world|a house|a flat|' +
    'an apartment|a place|a room|a dorm|a van|the house|the flat|the apartment|the place|peace|fear|denial|hope|' +
    'harmony|luxury|poverty|my head|a dream|a bubble|hell|heaven|paradise|chaos|style|silence|the moment|a while|' +
    'awe|love|trouble|shock|pain|tears|charge|favor|favour|luck|debt|agreement|doubt|danger|denial|mourning|' +
    'the same place|my car|my room|a mess|the middle of nowhere|the sticks|a hurry|the zone|' +
    'it a lot|that a lot|you guys|you too|ya|yall|the idea|the thought|the fact|the way|the feeling|how|what|when|' +
    'this one|that one|the most|the best|the first|the last|weird|crazy|awesome|amazing'
  ).split('|'),
);

/** A time, not a place: "we moved here in May", "settled in over the summer". */
const TIME_WORD = new RegExp(
  String.raw`^(?:the |early |late |mid-?)?(?:january|february|march|april|may|june|july|august|september|october` +
    String.raw`|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|spring|summer|autumn` +
    String.raw`|fall|winter|\d{4}|christmas|easter)$`,
  'iu',
);

/** Words a value cannot end on (what is left after a cut: "a", "the", "my"). */
const DANGLING = /\s+(?:a|an|the|my|our|your|of|to|for|with|at|in|on|and|or|very|really|so|some|big|huge)$/iu;

function words(text: string): string[] {
  return text.split(/\s+/u).filter((w) => w !== '');
}

/** Capitals for a value typed in lower case: "new york" → "New York", "the netherlands" → "the Netherlands". */
export function properCase(value: string): string {
  if (/\p{Lu}/u.test(value)) return value;
  return value.replace(/(^|[\s-])(\p{Ll})/gu, (all, space: string, letter: string, at: number) => {
    const word = value.slice(at + space.length).split(/[\s-]/u)[0] ?? '';
    if (/^(?:of|the|and|de|la|le|du|von|van|der|am|upon|on|del|da|di)$/u.test(word) && at > 0) return all;
    if (at === 0 && /^(?:the|a|an)$/u.test(word)) return all;
    return space + letter.toUpperCase();
  });
}

/** The value at the start of `rest`, cut at the first boundary and trimmed; undefined when it names nothing. */
export function cutValue(rest: string, kind: ValueKind): string | undefined {
  const end = END.exec(` ${rest}`);
  const value = tidy((end ? ` ${rest}`.slice(0, end.index) : ` ${rest}`).trim(), kind);
  return value === undefined ? undefined : capitalize(value, kind);
}

/** The items of a list at the start of `rest` ("French, German and Spanish" → three). */
export function cutList(rest: string, kind: ValueKind): string[] {
  const end = LIST_END.exec(` ${rest}`);
  const span = (end ? ` ${rest}`.slice(0, end.index) : ` ${rest}`).trim();
  const out: string[] = [];
  for (const part of span.split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&|as well as|plus)\s+/iu)) {
    const value = tidy(part, kind);
    if (value !== undefined && !out.includes(value)) out.push(capitalize(value, kind));
  }
  return out.slice(0, 8);
}

function tidy(raw: string, kind: ValueKind): string | undefined {
  let value = raw.replace(/^[\s'"]+|[\s'".,!-]+$/gu, '');
  for (let i = 0; i < 3 && DANGLING.test(value); i++) value = value.replace(DANGLING, '');
  const list = words(value);
  if (list.length === 0 || list.length > MAX_WORDS[kind]) return undefined;
  if (EMPTY.has(value.toLowerCase())) return undefined;
  if (/^(?:a|an|the|my|your|our|some|very|really|so|and|or|but|plus|nor|then|too|also)$/iu.test(value))
    return undefined;
  if (!/[\p{L}\p{N}]/u.test(value)) return undefined;
  if (kind === 'name' && !/^[\p{L}][\p{L}'.-]*(?: [\p{L}][\p{L}'.-]*){0,2}$/u.test(value)) return undefined;
  if (kind === 'place' && (/^(?:an?)\s/iu.test(value) || TIME_WORD.test(value))) return undefined;
  return value;
}

function capitalize(value: string, kind: ValueKind): string {
  if (kind === 'name' || kind === 'place') return properCase(value);
  if (kind === 'org' && !/^(?:a|an|the|my|our)\s/iu.test(value)) return properCase(value);
  return value;
}

/** A verb's "-ing" form, for likes and hobbies said as "to paint" ("painting"). */
export function gerund(verb: string): string {
  const v = verb.toLowerCase();
  if (v.endsWith('ing')) return v;
  if (v.endsWith('ie')) return `${v.slice(0, -2)}ying`;
  if (/[^aeiou]e$/u.test(v) && v !== 'be' && !v.endsWith('ee')) return `${v.slice(0, -1)}ing`;
  if (/^(?:run|swim|shop|jog|skip|chat|sit|get|plan|stop|travel|knit|dig|cut|hit|put|set|win|begin)$/u.test(v))
    return `${v}${v === 'travel' ? 'l' : v.at(-1)}ing`;
  return `${v}ing`;
}
