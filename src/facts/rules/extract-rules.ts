/**
 * The offline rule extractor: durable first-person statements read from one user turn, without
 * a model or the network. The turn is cut into clauses (`clauses.ts`); a clause that asks, wishes,
 * supposes, reports someone else's words or jokes is skipped (`detectors.ts`); each reader
 * (`readers/`) reads one family of attributes from the clause's plain form; a clause that states
 * nothing as said is read again as the statement it denies ("no longer", "used to": `variants.ts`),
 * and what that states is retired. Every candidate quotes its clause verbatim.
 *
 * Bounded work: only the first `MAX_TURN_CHARS` characters of a turn are read, in clauses of at
 * most `MAX_CLAUSE_CHARS` (see `limits.ts`), so a turn of any size costs at most about as much as
 * a 20,000-character one.
 * @module
 */
import { factAttribute, factSentence } from '../attributes.js';
import type { FactCandidate, FactTurn } from '../types.js';
import { factValueKey, factValueMentions, sameFactValue } from '../value-match.js';
import { canonicalize } from './canonical.js';
import { splitClauses, type Clause } from './clauses.js';
import { findDate, type DateDirection, type DateMention } from './dates.js';
import { medicalFinding, opensCondition, skipReason, takesBack } from './detectors.js';
import { MAX_CANDIDATES, MAX_FRAME_CHARS, MAX_TURN_CHARS } from './limits.js';
import type { ClauseView, Proposal, Reader } from './reader.js';
import { readContact } from './readers/contact.js';
import { readFallback } from './readers/fallback.js';
import { readFamily } from './readers/family.js';
import { readFoodHealth } from './readers/food-health.js';
import { readHome } from './readers/home.js';
import { readIdentity } from './readers/identity.js';
import { readMentions } from './readers/mentions.js';
import { readLanguages } from './readers/languages.js';
import { readPets } from './readers/pets.js';
import { readPlans } from './readers/plans.js';
import { readPreferences } from './readers/preferences.js';
import { readWork } from './readers/work.js';
import { readFrames } from './frames/read-frames.js';
import { readFromTo } from './frames/from-to.js';
import { paraphrase } from './paraphrase.js';
import { presupposed } from './presupposed.js';
import { cutValue } from './values.js';
import { deniedStatement } from './variants.js';
import { endedStatements } from './ended.js';
import { withSuccessors } from './successor.js';
import { withArrivals } from './arrivals.js';
import { withContactRoles } from './contact-roles.js';

/** Every reader, in the order their candidates are listed. */
const READERS: readonly Reader[] = [
  readHome,
  readIdentity,
  readWork,
  readFamily,
  readPets,
  readFoodHealth,
  readPreferences,
  readLanguages,
  readContact,
  readPlans,
];

/** Attributes whose date is their value, never a `validFrom`. */
const UNDATED = new Set(['plan', 'birthday', 'age']);

/**
 * A clause that can state something about the user: it has a first-person word, or opens the
 * way chat drops its subject ("Just moved to…", "Went vegan", "Berlin is home now"). The others
 * ("That's great!", "The weather was lovely") are not read, which most clauses of a chat are.
 */
const ABOUT_ME = new RegExp(
  String.raw`\b(?:I|we|my|our|me|us|mine|home)\b|^(?:just|finally|recently|currently|now|officially` +
    String.raw`|moved|moving|living|went|got|started|joined|quit|left|not|no longer|new|first|since|after` +
    String.raw`|as an?|sadly|turns out|been|became|married|engaged|adopted|call|email|text|it is|its|he is|she is` +
    String.raw`|the new one|the new|from|greetings|change of plans?|favou?rite|fave|fav|can not stand` +
    String.raw`|can not bear|hate|engaged)\b` +
    // A clause without a first-person word can still name one of the user's things.
    (String.raw`|\b(?:move|relocation|resident|residents|locals|people|home|employer|company|job|number` +
      String.raw`|phone|cell|mobile`) +
    String.raw`|email|name|birthday|allergy|allergic|diet|vegan|vegetarian|wife|husband|partner|girlfriend|boyfriend` +
    (String.raw`|together|dog|cat|puppy|kitten|pet|renamed|died|passed|down|ran away|went missing|around` +
      String.raw`|hello|hi|title|moved in|trip|holiday|vacation|use|pls|please|proposed|the worst|gross` +
      String.raw`|disgusting|born|nothing beats)\b|@` +
      // "Berlin now.": a name and "now" alone, which a turn about a change can make the user's.
      String.raw`|^[\p{L}'-]+(?: [\p{L}'-]+)? (?:now|these days)[.!]*$` +
      // "…, the new gig at Hooli…": a piece that opens on the user's new thing.
      String.raw`|,\s*(?:the\s+)?(?:brand[- ]new|new|first)\s`),
  'iu',
);

/** "52-year-old engineer": the age is read on its own, the job is "engineer". */
const AGED = /^\d{1,3}[- ](?:years?|yrs?)[- ]old\s+(?=\S)/iu;

function readAll(view: ClauseView, frames: boolean): Proposal[] {
  // A change said with both its values ("from Deloitte to Accenture") names its attribute by their kind: the
  // other readers' reading of either value, or of the same attribute, gives way to it.
  const changed = readFromTo(view);
  const other = (p: Proposal) =>
    !changed.some(
      (c) =>
        c.attribute === p.attribute ||
        [c.value, c.replaces ?? c.value].some((v) => p.value.toLowerCase().includes(v.toLowerCase())),
    );
  const patterned = (ABOUT_ME.test(view.text) ? readPatterns(view) : []).filter(other);
  // The frame reader, for the attributes no pattern read in the clause.
  const framed = (frames ? readFrames(view) : [])
    .filter((f) => !patterned.some((p) => p.attribute === f.attribute))
    .filter(other);
  // An email address is a value of its own kind: never a company, a city or a name.
  return oneAttributePerName([...changed, ...patterned, ...framed], view)
    .filter((p) => p.attribute === 'email' || !p.value.includes('@'))
    .map((p) => (p.attribute === 'job' && AGED.test(p.value) ? { ...p, value: p.value.replace(AGED, '') } : p));
}

/** Words that make a turn about work: a name read both as a place and as an employer is then the employer. */
const WORK_TURN = new RegExp(
  String.raw`\b(?:job|jobs|company|employer|work|working|boss|team|role|office|hired|last day|first day` +
    String.raw`|colleagues?|coworkers?|salary|position|notice|onboarding|payroll)\b`,
  'iu',
);

/**
 * One value, one attribute: "I've moved over to Globex, my last day at Acme was Friday" names a
 * company, "we moved over to Lyon" a city. A name read as both a city and an employer in one
 * clause is the employer in a turn about work, the city otherwise.
 */
function oneAttributePerName(said: Proposal[], view: ClauseView): Proposal[] {
  const key = (p: Proposal) => p.value.toLowerCase();
  const employers = new Set(said.filter((p) => p.attribute === 'employer' && p.kind === 'state').map(key));
  const cities = new Set(said.filter((p) => p.attribute === 'city' && p.kind === 'state').map(key));
  const both = [...employers].filter((v) => cities.has(v));
  if (both.length === 0) return said;
  const drop = view.turnMentions(WORK_TURN) ? 'city' : 'employer';
  return said.filter((p) => p.attribute !== drop || p.kind !== 'state' || !both.includes(key(p)));
}

function readPatterns(view: ClauseView): Proposal[] {
  const said = READERS.flatMap((read) => read(view));
  // Possessives said in passing count where the clause says nothing more about the same attribute.
  const passing = readMentions(view).filter((m) => !said.some((p) => p.attribute === m.attribute));
  // A value a precise reader placed is not read again as another attribute ("moved over to Globex" is a job).
  const loose = readFallback(view).filter(
    (m) =>
      ![...said, ...passing].some(
        (p) => p.attribute === m.attribute || p.value.toLowerCase() === m.value.toLowerCase(),
      ),
  );
  return [...said, ...passing, ...loose];
}

/** "…Berlin, not Munich", "…vegan instead of vegetarian": the value a state replaces. */
function replacedInClause(p: Proposal, text: string): string | undefined {
  const at = text.toLowerCase().indexOf(p.value.toLowerCase());
  if (at < 0) return undefined;
  const m =
    /^[\s,]*(?:and\s+)?(?:not|instead of|rather than|no longer)\s+(?:in\s+|at\s+|a\s+|an\s+|as\s+an?\s+)?(.+)$/iu.exec(
      text.slice(at + p.value.length),
    );
  return m ? cutValue(m[1]!, p.attribute === 'city' || p.attribute === 'hometown' ? 'place' : 'thing') : undefined;
}

/** The proposals of one clause: as said, or else as the statement it denies, retired. */
function readClause(view: ClauseView, frames: boolean): Proposal[] {
  const said = readAll(view, frames);
  // "My eczema went away", "Japan fell through, so…": an end said of the thing, not of the user.
  const ended = endedStatements(view.text).filter(
    (e) => !said.some((p) => factValueMentions(p.attribute, p.value, e.value)),
  );
  if (said.length > 0) return [...said, ...ended];
  const denied = deniedStatement(view.text);
  if (denied === undefined) return ended;
  const retired = readAll({ ...view, text: paraphrase(denied) }, frames).filter((p) => p.kind === 'state');
  if (retired.length === 0) return ended;
  return retired.map((p) => ({
    attribute: p.attribute,
    value: p.attribute === 'plan' ? planObject(p.value) : p.value,
    kind: 'retire' as const,
    ...(p.dated ? { dated: true } : {}),
  }));
}

/**
 * What a plan given up names: its object, without the verb it was denied with or the date read
 * from the denial ("not doing Mexico this year" retires the Mexico trip however it was said).
 */
function planObject(value: string): string {
  const object = value
    .replace(/\s*\([^()]*\)\s*$/u, '')
    .replace(/^(?:\p{L}+ing)\s+(?:to\s+|for\s+|on\s+)?/iu, '')
    .trim();
  return object === '' ? value : object;
}

function toCandidate(p: Proposal, quote: string, view: ClauseView, now: number): FactCandidate {
  const attribute = factAttribute(p.attribute);
  const candidate: FactCandidate = {
    attribute: p.attribute,
    value: p.value,
    text: p.text ?? factSentence(p.attribute, p.value, p.kind),
    quote,
    kind: p.kind,
  };
  const replaces =
    p.replaces ?? (attribute?.cardinality === 'one' && p.kind === 'state' ? replacedInClause(p, view.text) : undefined);
  if (replaces && !sameFactValue(p.attribute, replaces, p.value)) candidate.replaces = replaces;
  if (p.dated && !UNDATED.has(p.attribute)) {
    const date = view.date('past');
    if (date && Date.parse(date.iso) <= now) candidate.validFrom = date.iso;
  }
  return candidate;
}

/** "I used to live in Lyon, but now I live in Berlin": the new value replaces the one retired before it. */
function linkReplacements(candidates: FactCandidate[]): void {
  for (let i = 0; i < candidates.length; i++) {
    const retired = candidates[i]!;
    if (retired.kind !== 'retire' || factAttribute(retired.attribute)?.cardinality !== 'one') continue;
    const next = candidates.slice(i + 1).find((c) => c.attribute === retired.attribute && c.kind === 'state');
    if (next && next.replaces === undefined && !sameFactValue(next.attribute, next.value, retired.value))
      next.replaces = retired.value;
  }
}

/**
 * One turn holds one value of a single-valued attribute: the last one it states ("I quit being a
 * barista and became a data analyst" read as two states holds "data analyst"), the earlier ones
 * named as what it replaces. Records of one turn share a time, so the turn's own order decides,
 * not the order reconciliation would give them.
 */
function lastValueHolds(candidates: FactCandidate[]): FactCandidate[] {
  const last = new Map<string, FactCandidate>();
  for (const c of candidates)
    if (c.kind === 'state' && factAttribute(c.attribute)?.cardinality === 'one') last.set(c.attribute, c);
  return candidates.filter((c) => {
    const holds = last.get(c.attribute);
    if (c.kind !== 'state' || holds === undefined || holds === c) return true;
    if (holds.replaces === undefined && !sameFactValue(c.attribute, c.value, holds.value)) holds.replaces = c.value;
    return false;
  });
}

function dedupe(candidates: FactCandidate[]): FactCandidate[] {
  const seen = new Set<string>();
  return candidates.filter((c) => {
    const key = `${c.attribute}\u0000${c.kind}\u0000${factValueKey(c.attribute, c.value)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The facts one user turn states about the user, as candidates for reconciliation: each with
 * its attribute (see `FACT_ATTRIBUTES`), value, a sentence, the verbatim clause it came from,
 * `kind: 'retire'` for what no longer holds, `replaces` for an explicit change ("from Lyon to
 * Berlin") and `validFrom` when the turn dates it ("last month", against `turn.timestamp`).
 * Pure and synchronous; never throws; reads at most `MAX_TURN_CHARS` characters of the turn.
 * @example
 * extractFactsRules({
 *   sessionId: 's', entryId: 'e', text: 'We moved to Berlin last month!', timestamp: '2024-09-10T12:00:00Z',
 * });
 * // [{ attribute: 'city', value: 'Berlin', kind: 'state', text: 'The user lives in Berlin.',
 * //    quote: 'We moved to Berlin last month!', validFrom: '2024-08-01T00:00:00.000Z' }]
 */
export function extractFactsRules(turn: FactTurn): FactCandidate[] {
  const source = turn !== null && typeof turn === 'object' && typeof turn.text === 'string' ? turn.text : '';
  const text = source.length > MAX_TURN_CHARS ? source.slice(0, MAX_TURN_CHARS) : source;
  if (text.trim() === '') return [];
  const now = typeof turn.timestamp === 'string' ? Date.parse(turn.timestamp) : Number.NaN;
  // "Luna passed; we now have Milo": what follows a retirement is read for the value in its place.
  const read = withSuccessors(readTurn(text, now), text, (rest) => readTurn(rest, now));
  // "Baby Mia is here!!", "we got another dog!! Max is 10 weeks old": a newcomer announced.
  // "send it to kim@new.example now, I'm closing kim@old.example": which contact is given up.
  const roles = withContactRoles(withArrivals(read, text), text);
  return lastValueHolds(dedupe(roles)).slice(0, MAX_CANDIDATES);
}

/** The candidates of a turn's text, before one value per single-valued attribute is kept. */
function readTurn(text: string, now: number): FactCandidate[] {
  const readable = unquoted(text);
  const clauses = splitClauses(readable);
  const topics = new Map<RegExp, RegExpExecArray | undefined>();
  const turnFind = (topic: RegExp): RegExpExecArray | undefined => {
    if (!topics.has(topic)) topics.set(topic, topic.exec(text) ?? undefined);
    return topics.get(topic);
  };
  const bySentence = new Map<number, FactCandidate[]>();
  const sentenceText = new Map<number, string>();
  let conditional = -1;
  for (const clause of clauses) {
    const raw = text.slice(clause.start, clause.end);
    const shown = readable.slice(clause.start, clause.end);
    if (shown.trim() === '') continue;
    const plain = canonicalize(shown);
    if (clause.index === 0) {
      sentenceText.set(clause.sentence, plain.text);
      if (opensCondition(plain.text)) conditional = clause.sentence;
    }
    if (conditional === clause.sentence) continue;
    const skip = skipReason(shown, plain.text);
    // "The doctor told me I'm allergic to shellfish": reported, but a finding about the user's health.
    const medical = skip === 'reported' && medicalFinding(plain.text);
    if (skip === 'question') {
      // "Any cafés near my new flat in Lisbon?", "…now that I live in Oslo?": what the question takes for granted.
      const found = presupposed(plain.text)
        .filter((said) => skipReason(said, said) === undefined)
        .flatMap((said) => {
          const view = clauseView(said, false, turnFind, now);
          return readClause(view, false).map((p) => toCandidate(p, raw, view, now));
        });
      if (found.length > 0) bySentence.set(clause.sentence, [...(bySentence.get(clause.sentence) ?? []), ...found]);
      continue;
    }
    if (skip !== undefined && !medical) continue;
    // A clause whose plain form holds two statements ("I left Acme; I have been at Globex since") is read as two.
    const found = plain.text.split('; ').flatMap((part) => {
      const view = clauseView(part, plain.correction, turnFind, now);
      const read = medical
        ? readFoodHealth(view).filter((p) => p.attribute === 'allergy' || p.attribute === 'health')
        : readClause(view, clause.start < MAX_FRAME_CHARS);
      return read.map((p) => toCandidate(p, raw, view, now));
    });
    if (found.length > 0) bySentence.set(clause.sentence, [...(bySentence.get(clause.sentence) ?? []), ...found]);
  }
  const candidates: FactCandidate[] = [];
  for (const [sentence, found] of bySentence) {
    // "I'm a billionaire. Just kidding!": the next sentence takes this one back.
    const next = sentenceText.get(sentence + 1);
    if (next !== undefined && takesBack(next)) continue;
    candidates.push(...found);
  }
  linkReplacements(candidates);
  return candidates;
}

/**
 * Words in quotation marks, three or more of them, are someone's words, a text to translate or
 * to write ("Translate 'I live in Berlin' into German", 'she said "I am moving to Rome"'), not
 * what the user states: they are blanked (same length, so clause offsets hold).
 */
/** A word inside quotation marks: no space, no quote, an apostrophe only between letters ("I'm"). */
const QUOTED_WORD = String.raw`(?:[^\s"“”«»']|(?<=\p{L})'(?=\p{L}))+`;
const QUOTED = new RegExp(
  String.raw`(?<=^|[\s(:])(?:["“«]|')(?:${QUOTED_WORD}\s+){2,}${QUOTED_WORD}(?:["”»]|')(?=$|[\s.,;:!?)])`,
  'gu',
);

function unquoted(text: string): string {
  return text.replace(QUOTED, (whole) => ' '.repeat(whole.length));
}

/** A clause as readers see it, its date resolved once per direction on demand. */
function clauseView(
  text: string,
  correction: boolean,
  turnFind: (topic: RegExp) => RegExpExecArray | undefined,
  now: number,
): ClauseView {
  const dates = new Map<DateDirection, DateMention | undefined>();
  return {
    text,
    correction,
    turnFind,
    turnMentions: (topic) => turnFind(topic) !== undefined,
    date(direction) {
      if (!dates.has(direction)) dates.set(direction, findDate(text, now, direction));
      return dates.get(direction);
    },
  };
}

export type { Clause };
