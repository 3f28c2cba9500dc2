/**
 * Which single-valued attribute two values of a change belong to, from what the values are and
 * what the turn talks about, not from the verb that links them: "from Deloitte to Accenture",
 * "from nursing school to a pharmacy", "from Lyon to Paris" share their verbs. In order:
 * 1. the values' own kind: a job title, a diet or a language of the lexicon, a name with a
 *    school word ("the University of Leeds", "Berkeley College"), two forms of one given name
 *    ("Jon", "Jonathan");
 * 2. for two capitalised names: the topic words of the clause (2 each) and of the rest of the
 *    turn (1 each) for a city, an employer, a school or a name; the verb of the change counts for
 *    none, a reason ("for my new job") neither. Only a single best topic decides: a tie decides
 *    nothing, and the change is left to the other readers;
 * 3. a move ("moved from Lyon to Paris for my new job") whose only topic is its reason: the city.
 * @module
 */
import type { ClauseView } from '../reader.js';
import { DIETS, LANGUAGES, OCCUPATIONS, alternation } from '../lexicon.js';

/** A value of a change and the attribute its kind or topic gives it. */
export type ChangeAttribute = 'job' | 'diet' | 'language' | 'school' | 'employer' | 'city' | 'name';

const OCCUPATION = new RegExp(String.raw`^(?:\p{L}+\s+){0,2}?${alternation(OCCUPATIONS)}$`, 'iu');
const DIET = new RegExp(String.raw`^(?:fully\s+|strictly\s+|full\s+)?${alternation(DIETS)}$`, 'iu');
const LANGUAGE = new RegExp(String.raw`^${alternation(LANGUAGES)}$`, 'iu');
const SCHOOL_WORD = /\b(?:University|College|School|Academy|Institute|Polytechnic|Conservatory|Uni)\b/u;

/** Topic words per attribute a name may belong to. */
const TOPICS: readonly (readonly [ChangeAttribute, RegExp])[] = [
  [
    'city',
    new RegExp(
      String.raw`\b(?:live[sd]?|living|relocat\w*|emigrat\w*|apartment|flat|house|condo|city|town|neighbou?rhood` +
        String.raw`|rent\w*|lease|home|commute)\b`,
      'iu',
    ),
  ],
  [
    'employer',
    new RegExp(
      String.raw`\b(?:jobs?|company|employer|work|working|boss|team|role|office|hired|last day|first day|colleagues?` +
        String.raw`|coworkers?|salary|position|notice|onboarding|payroll|linkedin|cv|career|offer|gig)\b|r[eé]sum[eé]`,
      'iu',
    ),
  ],
  [
    'school',
    new RegExp(
      String.raw`\b(?:transfer\w*|semester|class(?:es)?|credits?|degree|major\w*|campus|students?|enrol\w*|studies` +
        String.raw`|studying|tuition|freshman|sophomore|grad school|master'?s|phd|undergrad\w*)\b`,
      'iu',
    ),
  ],
  ['name', /\b(?:name|called|call me|go by|goes by|known as|know me as|nickname)\b/iu],
];

/** "for my new job", "for her studies": a reason of the change, not its topic. */
const REASON = /\bfor (?:my|our|his|her|their) (?:\p{L}+\s+){0,2}?(?:job|work|studies|degree|career|partner)\b/giu;

const A_REASON = new RegExp(REASON.source, 'iu');
const MOVED = /\b(?:mov(?:ed|ing)|relocat\w*)\s+(?:\p{L}+\s+)?from\b/iu;

/** The attribute the kind of a value alone gives, or undefined for a name. */
export function kindOf(value: string): ChangeAttribute | undefined {
  const bare = value.replace(/^(?:being\s+)?(?:an?\s+)?/iu, '');
  if (OCCUPATION.test(bare)) return 'job';
  if (DIET.test(bare)) return 'diet';
  if (LANGUAGE.test(bare)) return 'language';
  if (SCHOOL_WORD.test(value)) return 'school';
  return undefined;
}

/** Two forms of one given name ("Jon" and "Jonathan", "Kate" and "Katie"). */
function sameGivenName(a: string, b: string): boolean {
  if (!/^\p{Lu}\p{Ll}+$/u.test(a) || !/^\p{Lu}\p{Ll}+$/u.test(b)) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 3 && long.toLowerCase().startsWith(short.toLowerCase().slice(0, 3)) && short !== long;
}

/**
 * The attribute of a change from `old` to `now` said in `clause`, with `turn` to test the rest of
 * the turn; undefined when nothing decides it.
 */
export function changeAttribute(
  old: string,
  now: string,
  clause: string,
  turn: Pick<ClauseView, 'turnMentions' | 'turnFind'>,
): ChangeAttribute | undefined {
  const kinds = [kindOf(now), kindOf(old)];
  const kind = kinds[0] ?? kinds[1];
  if (kind && (kinds[0] === undefined || kinds[1] === undefined || kinds[0] === kinds[1])) return kind;
  if (kind) return undefined;
  if (!/^\p{Lu}/u.test(now) || !/^\p{Lu}/u.test(old)) return undefined;
  if (sameGivenName(old, now)) return 'name';
  const said = clause.replace(REASON, ' ');
  // The reason may be a clause of its own ("We moved from Lyon to Paris, for my new job").
  const reasons = [...clause.matchAll(REASON)].map((m) => m[0]).join(' ') || (turn.turnFind(A_REASON)?.[0] ?? '');
  let best: ChangeAttribute | undefined;
  let top = 0;
  let tie = false;
  for (const [attribute, topic] of TOPICS) {
    if (reasons !== '' && topic.test(reasons)) continue;
    const score = (topic.test(said) ? 2 : 0) + (turn.turnMentions(topic) ? 1 : 0);
    if (score > top) [best, top, tie] = [attribute, score, false];
    else if (score === top && score > 0) tie = true;
  }
  if (tie) return undefined;
  // "We moved from Lyon to Paris for my new job": a move whose only topic is its reason is a move of home.
  return best ?? (reasons !== '' && MOVED.test(said) ? 'city' : undefined);
}
