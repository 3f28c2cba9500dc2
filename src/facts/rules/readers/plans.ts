/**
 * Plans with dates: "we're flying to Tokyo next week", "I'm going to Japan in May", "I'm starting
 * a new job on Monday", "I have a job interview on Friday", "my wedding is on June 14th", "we're
 * getting married next spring", "I'm moving to Berlin". The date is resolved forwards from the
 * turn's time and written into the value ("going to Japan (2025-05)"), so the fact still reads
 * right months later. A plan needs a date that is not past, except a move.
 * @module
 */
import { dateLabel, type DateMention } from '../dates.js';
import { ADV, SUBJ, SUBJ_OR_NONE, pattern } from '../grammar.js';
import { EVENTS, alternation } from '../lexicon.js';
import { after, find, propose, type ClauseView, type Proposal, type Reader } from '../reader.js';
import { OTHER_PERSON } from '../frames/read-frames.js';
import { cutValue } from '../values.js';

const GATE = new RegExp(
  String.raw`\b(?:going|planning|plan|about to|due|scheduled|set to|booked|will|have|got|my|our|signed up` +
    String.raw`|registered|tickets|enrolled|cancel|called off|scrapped|off|trip|holiday|vacation|honeymoon|instead` +
    String.raw`|rather than|dropped|shelved|skipped|bought|reserved|fly|go|travel|head|leave|sail|drive)|ing\b`,
  'iu',
);

const INTEND = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:am|are)\s+${ADV}((?:going to|planning to|planning on|about to` +
    String.raw`|due to|scheduled to|set to|booked to|getting ready to|preparing to)\s+)`,
);
const PROGRESSIVE = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:am|are)\s+${ADV}(?:finally |officially )?((?:moving|relocating` +
    String.raw`|flying|going|traveling|travelling|heading|visiting|starting|getting married|getting engaged` +
    String.raw`|having|running|taking|attending|leaving|retiring|graduating|competing|presenting|hosting` +
    String.raw`|throwing|celebrating|launching|opening|interviewing|meeting|spending|joining|driving` +
    String.raw`|hiking|camping|buying|selling|doing|playing|performing|speaking|returning|coming|sailing` +
    String.raw`|touring|backpacking|road-tripping|cruising|emigrating|transferring|beginning|planning|off(?= to\b))\b)`,
);
const WILL = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}will\s+${ADV}(?!not\b|never\b|try\b|see\b|let\b|think\b|probably\b` +
    String.raw`|definitely\b|always\b)`,
);
const HAVE_EVENT = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:have|have got|got)\s+((?:a|an|my|our|the)\s+(?:(?:big|important` +
    String.raw`|first|final|next|annual|yearly|follow-up|follow up|second)\s+)*${alternation(EVENTS)})\b`,
);
const MY_EVENT = pattern(
  String.raw`\b(?:my|our) ((?:(?:big|important|first|final|next|upcoming|annual|job)\s+)*${alternation(EVENTS)}` +
    String.raw`(?:\s+(?:to|with|in|at|for|from)\s+[^,.;]{1,30}?)?) is (?=(?:on|next|this|in|tomorrow` +
    String.raw`|coming up|scheduled|set|booked|planned)\b)`,
);
const BOOKED = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:(?:have|just)\s+)?((?:booked|scheduled|signed up for|registered for` +
    String.raw`|bought tickets (?:to|for)|got tickets (?:to|for)|enrolled in|entered|reserved)\s+)`,
);
const UNDATED_MOVE = /^(?:moving|relocating|emigrating) to\b/iu;
/** "Booked a trip to Portugal!", "we got flights to Peru": a trip paid for is a plan, dated or not. */
const BOOKED_TRIP = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:(?:have|just)\s+)?((?:booked|bought|got|reserved)\s+(?:a |an |our |my |the )?` +
    String.raw`(?:(?:\p{L}+|two|three)[- ](?:week|day|night)s? |last-minute |cheap |return )?(?:trip|holiday|vacation` +
    String.raw`|getaway|flights?|plane tickets|tickets|a cruise|cruise|honeymoon) to\s+(?=\p{Lu}))`,
);
/** "Next month I fly to Lima": a trip in the present tense, with a date ahead. */
const TRAVEL_NOW = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}((?:fly|go|travel|head|leave|sail|drive)\s+(?:off\s+)?(?:to|for)\s+(?=\p{Lu}))`,
);
/** Habits, not plans: "I fly to Lima every summer". */
const HABIT = /\b(?:every|each|usually|always|often|sometimes|normally|typically)\b/iu;

/** What a trip is called ("our trip to Japan", "the Japan holiday"). */
const TRIP = String.raw`(?:trip|holiday|holidays|vacation|visit|journey|honeymoon|tour|getaway|travel plans)`;
/** "We cancelled our trip to Japan", "I called off the Japan holiday": a plan given up. */
const CANCELLED = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:have\s+|had to\s+)?(?:cancelled|canceled|cancel|called off|scrapped|dropped|shelved|gave up on` +
    String.raw`|pulled out of|bailed on)\s+(?:our|my|the)\s+(?:(\p{Lu}[\p{L}-]*(?: \p{Lu}[\p{L}-]*)?) )?(?:\p{L}+ )?` +
    String.raw`${TRIP}(?:\s+(?:to|in)\s+)?`,
);
/** "the Japan trip is off", "our trip to Japan got cancelled". */
const CALLED_OFF = new RegExp(
  String.raw`(?:\b(?:our|my|the)\s+|^)(?:([\p{L}-]+(?: [\p{L}-]+)?) )?${TRIP}(?:\s+(?:to|in)\s+(.+?))?` +
    String.raw`(?:'s\s+|\s+(?:is|was|has been` +
    String.raw`|got|is now)\s+)(?:off(?!\s+(?:to|at|with|on|the)\b)|cancell?ed|called off|not happening|scrapped` +
    String.raw`|on hold)\b`,
  'iu',
);
/** "We're not going to Greece anymore": a trip given up (its date no longer matters). */
const NOT_GOING = pattern(
  String.raw`(?:(?:^|\b)${SUBJ}\s+${ADV}(?:am|are)\s+|^)(?:not|no longer)\s+${ADV}` +
    String.raw`(?:going|flying|travelling|traveling` +
    String.raw`|heading|moving|relocating)\s+to\s+`,
);
/**
 * "Change of plans, Canada instead of Greece", "we decided on Canada instead of Greece": a place
 * that replaces another, in a turn about a trip, with no verb of travel of its own.
 */
const PLACE_INSTEAD = new RegExp(
  String.raw`(?:^|[,:;]\s*|\b(?:on|for|with|chose|picked|booked)\s+)(\p{Lu}[\p{L}-]*(?: \p{Lu}[\p{L}-]*)?)` +
    String.raw`\s+(?:instead of|rather than|over)\s+(\p{Lu}[\p{L}-]*(?: \p{Lu}[\p{L}-]*)?)`,
  'u',
);
const TRIP_TALK = new RegExp(
  String.raw`\b(?:change of plans?|plans?|trip|holiday|vacation|honeymoon|travel\w*|flights?|going|flying|booked` +
    String.raw`|decided on|destination)\b`,
  'iu',
);
/** "we scrapped Japan", "Japan is off": a place given up with no word for the trip. */
const PLACE_DROPPED = new RegExp(
  String.raw`(?:\b(?:cancell?ed|scrapped|called off|dropped|shelved|gave up on|skipped|skipping|ditch(?:ed|ing))\s+` +
    String.raw`(\p{Lu}[\p{L}-]*(?: \p{Lu}[\p{L}-]*)?)(?![\p{L}-])` +
    String.raw`|^(\p{Lu}[\p{L}-]*(?: \p{Lu}[\p{L}-]*)?) (?:is|was) (?:off|cancell?ed|called off|scrapped)` +
    String.raw`(?!\s+(?:to|at|with|on|the)\b))`,
  'u',
);
/** Words a capitalised place given up cannot be. */
const NOT_PLACE = /^(?:I|We|The|It|That|This|My|Our|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/u;

/** "…to Canada instead of Greece": the plan a new one replaces. */
const INSTEAD = /\s+(?:instead of|rather than)\s+(.+)$/iu;

/** A place named by a trip given up, in the words after `m` or in its captured group. */
function givenUp(text: string, m: RegExpExecArray, calledOff: boolean): Proposal[] {
  const named = m[1] ?? m[2];
  // "our trip is off" names no place: nothing to retire.
  if (calledOff && !named) return [];
  const value =
    named && !/^(?:big|long|short|summer|winter|next|first|family|road|work|business)$/iu.test(named)
      ? cutValue(named, 'place')
      : cutValue(after(text, m), 'place');
  return value ? [propose('plan', value, 'retire')] : [];
}

/** The phrase of a plan: the words up to the date, a stop mark, or ten words. */
function phrase(rest: string, date: DateMention | undefined, offset: number): string | undefined {
  let end = rest.length;
  if (date && date.start >= offset) end = Math.min(end, date.start - offset);
  const stop = /[,;:!?()"]|\.(?:\s|$)|\s(?:because|but|so that|and then|which|lol|haha)\b/iu.exec(rest);
  if (stop) end = Math.min(end, stop.index);
  const words = rest
    .slice(0, Math.max(0, end))
    .trim()
    .split(/\s+/u)
    .filter((w) => w !== '');
  while (
    words.length > 0 &&
    /^(?:on|in|at|for|next|this|the|by|around|until|from|to|and|with|over|during|before|after)$/iu.test(words.at(-1)!)
  )
    words.pop();
  if (words.length === 0 || words.length > 10) return undefined;
  return words.join(' ');
}

/** A date that is today or later, read forwards from the turn's time. */
function upcoming(clause: ClauseView): DateMention | undefined {
  const date = clause.date('future');
  const past = clause.date('past');
  if (!date) return undefined;
  // "last week", "two days ago": both readings agree it is past.
  if (past && past.iso === date.iso && /ago|last|yesterday|past/iu.test(clause.text.slice(date.start, date.end)))
    return undefined;
  return date;
}

const PERSON: Record<string, string> = {
  my: 'their',
  our: 'their',
  me: 'them',
  us: 'them',
  myself: 'themselves',
  ourselves: 'themselves',
  mine: 'theirs',
};

/** The user's words about themselves in the third person a fact is written in ("my job" → "their job"). */
function thirdPerson(phrase: string): string {
  return phrase.replace(/\b(?:my|our|me|us|myself|ourselves|mine)\b/giu, (w) => PERSON[w.toLowerCase()] ?? w);
}

function plan(said: string, date: DateMention | undefined, sentence: (v: string, when: string) => string): Proposal {
  const value = thirdPerson(said);
  const label = date ? dateLabel(date) : '';
  return propose('plan', label ? `${value} (${label})` : value, 'state', { text: sentence(value, label) });
}

/** " (2025-05)" after a plan's words, or nothing when it has no date. */
const when = (label: string): string => (label ? ` (${label})` : '');

/** Reads the user's plans that have a date. */
export const readPlans: Reader = (clause) => {
  const { text } = clause;
  if (!GATE.test(text)) return [];
  const notGoing = find(text, NOT_GOING);
  // "We're not going to Greece", not "we're not going to lie": a place, with its capital.
  const cancelled =
    (notGoing && /^\p{Lu}/u.test(after(text, notGoing)) ? notGoing : undefined) ?? find(text, CANCELLED);
  const calledOff = cancelled ? undefined : (CALLED_OFF.exec(text) ?? undefined);
  const gone = cancelled ?? calledOff;
  if (gone) return givenUp(text, gone, gone === calledOff);
  const dropped = PLACE_DROPPED.exec(text);
  const droppedPlace = dropped ? (dropped[1] ?? dropped[2])! : undefined;
  // "My parents are skipping Rome": someone else's plan, not the user's to give up.
  const theirs = dropped !== null && OTHER_PERSON.test(text.slice(0, dropped.index));
  if (droppedPlace && !theirs && !NOT_PLACE.test(droppedPlace.split(' ')[0]!)) {
    const value = cutValue(droppedPlace, 'place');
    if (value) return [propose('plan', value, 'retire')];
  }
  const date = upcoming(clause);
  const from = (m: RegExpExecArray, group: string): number => m.index + m[0].lastIndexOf(group);
  let m = find(text, INTEND) ?? find(text, PROGRESSIVE);
  if (m) {
    const start = from(m, m[1]!);
    const rest = text.slice(start);
    const instead = INSTEAD.exec(rest);
    const value = phrase(instead ? rest.slice(0, instead.index) : rest, date, start);
    if (!value || (!date && !UNDATED_MOVE.test(value) && !instead)) return [];
    const replaced = instead ? cutValue(instead[1]!, 'place') : undefined;
    const made = plan(value, date, (v, l) => `The user is ${v}${when(l)}.`);
    return [replaced ? { ...made, replaces: replaced } : made];
  }
  const swap = clause.turnMentions(TRIP_TALK) ? find(text, PLACE_INSTEAD) : undefined;
  if (swap && !NOT_PLACE.test(swap[1]!.split(' ')[0]!)) {
    const value = cutValue(swap[1]!, 'place');
    const replaced = cutValue(swap[2]!, 'place');
    if (value) {
      const made = plan(`going to ${value}`, date, (v, l) => `The user is ${v}${when(l)}.`);
      return [replaced ? { ...made, replaces: replaced } : made];
    }
  }
  m = find(text, BOOKED_TRIP);
  if (m) {
    const start = from(m, m[1]!);
    const value = phrase(text.slice(start), date, start);
    return value ? [plan(value, date, (v, l) => `The user ${v}${when(l)}.`)] : [];
  }
  if (!date) return [];
  m = find(text, TRAVEL_NOW);
  if (m && !HABIT.test(text)) {
    const start = from(m, m[1]!);
    const value = phrase(text.slice(start), date, start);
    return value ? [plan(value, date, (v, l) => `The user will ${v}${when(l)}.`)] : [];
  }
  m = find(text, WILL);
  if (m) {
    const start = m.index + m[0].length;
    const value = phrase(text.slice(start), date, start);
    return value ? [plan(value, date, (v, l) => `The user will ${v}${when(l)}.`)] : [];
  }
  m = find(text, MY_EVENT);
  if (m) return [plan(m[1]!, date, (v, l) => `The user's ${v} is on ${l}.`)];
  m = find(text, HAVE_EVENT) ?? find(text, BOOKED);
  if (m) {
    const start = from(m, m[1]!);
    const value = phrase(text.slice(start), date, start);
    const verb = /^(?:a|an|my|our|the)\s/iu.test(m[1]!) ? 'has ' : '';
    return value ? [plan(value, date, (v, l) => `The user ${verb}${v}${when(l)}.`)] : [];
  }
  return [];
};
