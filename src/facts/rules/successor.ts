/**
 * What took a retired value's place, read from the words after it: "Our old cat Luna passed;
 * we now have Milo", "Anna and I split up but I met Maria", "Used to be a barista, these days I
 * do data analyst work", "Scrapped the Greece trip, going to Canada instead". The retirement says
 * which attribute is open, so the successor needs no frame of its own: the rest of the sentence is
 * read again with the user as its subject, and else the first name after a word of change fills
 * the slot, in the retired value's form ("cat named Luna" → "cat named Milo").
 * @module
 */
import { factAttribute, factSentence } from '../attributes.js';
import type { FactCandidate } from '../types.js';
import { sameFactValue } from '../value-match.js';
import { CALENDAR_NAMES } from './lexicon.js';

/** Attributes whose values are names, which a bare name after a word of change can fill. */
const NAMED = new Set(['partner', 'pet', 'child', 'city', 'employer', 'school', 'plan', 'name']);

/** How far after the retired value a successor is looked for. */
const REACH = 200;

/** Words that say something new took the place ("now", "instead", "met", "adopted", "switched to"). */
const CHANGE = new RegExp(
  String.raw`\b(?:now|these days|nowadays|instead|new|met|have|has|got|adopted|brought home|welcomed|switched` +
    String.raw`|moved|joined|started|signed|found|going|heading|doing|do|with)\b`,
  'iu',
);

/** A name after a word of change, a few small words between ("we now have Milo", "I met Maria"). */
const NAME_AFTER_CHANGE = new RegExp(
  String.raw`\b(?:now|these days|nowadays|instead|met|have|has|got|adopted|brought home|welcomed|switched to|moved to` +
    String.raw`|joined|started at|signed with|with|at|to|doing|visiting|booked|picked|chose)\b` +
    String.raw`(?:\s+\p{Ll}[\p{Ll}'-]*){0,3}?\s+` +
    String.raw`(\p{Lu}[\p{Ll}'-]+(?:\s+(?:(?:of|de|du|del|la|le|the)\s+)?\p{Lu}[\p{Ll}'-]+){0,2})`,
  'u',
);

/** Capitalised words that are no name: the subject, months, days, holidays. */
const NOT_A_NAME = new RegExp(
  String.raw`^(?:I|I'm|I've|We|My|Our|The|This|That|It|He|She|They|You|` + CALENDAR_NAMES + String.raw`)\b`,
  'u',
);

/** "I do data analyst work", "working as a nurse": a job said without a frame of its own. */
const JOB_AFTER_CHANGE = new RegExp(
  String.raw`\b(?:do|doing)\s+((?:\p{Ll}+\s+){0,2}\p{Ll}+)\s+work\b` +
    String.raw`|\bas an?\s+((?:\p{Ll}+\s+){0,2}?\p{Ll}+)\b(?=[\s.,!;]*$|\s+(?:at|for|in|now|these days)\b)`,
  'u',
);

/** Where the next statement starts after the retired value: a comma, a sentence end, a conjunction. */
const NEXT_STATEMENT = /[,;.!?:]|\s[-–—]\s|\b(?:and|but|so|then|now)\b/u;

/** The successor of `retired` in `text`, or undefined. */
function successorOf(
  retired: FactCandidate,
  text: string,
  reread: (text: string) => FactCandidate[],
): FactCandidate | undefined {
  const at = text.indexOf(retired.quote);
  if (at < 0) return undefined;
  const quote = retired.quote.toLowerCase();
  const last = retired.value.split(/\s+/u).at(-1)!.toLowerCase();
  const inQuote = quote.indexOf(last);
  const from = at + (inQuote < 0 ? retired.quote.length : inQuote + last.length);
  const next = NEXT_STATEMENT.exec(text.slice(from, from + REACH));
  if (!next) return undefined;
  const rest = text.slice(from + next.index + (next[0] === 'now' ? 0 : next[0].length), from + REACH);
  if (!CHANGE.test(rest)) return undefined;
  const open = retired.attribute;
  const statement = rest.trim().replace(/^(?:\p{P}|\s)+/u, '');
  const subject = /^(?:I|we|my|our)\b/iu.test(statement)
    ? statement
    : /^\p{Ll}+ing\b/u.test(statement)
      ? `I am ${statement}`
      : `I ${statement}`;
  const read = reread(subject).find((c) => c.attribute === open && c.kind === 'state');
  if (read) return sameFactValue(open, read.value, retired.value) ? undefined : { ...read, quote: retired.quote };
  let value: string | undefined;
  if (NAMED.has(open)) {
    const m = NAME_AFTER_CHANGE.exec(rest);
    if (m && !NOT_A_NAME.test(m[1]!)) {
      const kind = /^(.+) named \S+$/u.exec(retired.value)?.[1];
      value = kind ? `${kind} named ${m[1]!}` : m[1]!;
    }
  } else if (open === 'job') {
    const m = JOB_AFTER_CHANGE.exec(rest);
    value = m?.[1] ?? m?.[2];
  }
  if (value === undefined || sameFactValue(open, value, retired.value)) return undefined;
  const successor: FactCandidate = {
    attribute: open,
    value,
    text: factSentence(open, value),
    quote: retired.quote,
    kind: 'state',
  };
  if (factAttribute(open)?.cardinality === 'one') successor.replaces = retired.value;
  return successor;
}

/**
 * The candidates with, after each retirement whose attribute the turn states nothing for, the
 * value the words after it put in its place (see the module).
 */
export function withSuccessors(
  candidates: FactCandidate[],
  text: string,
  reread: (text: string) => FactCandidate[],
): FactCandidate[] {
  if (!candidates.some((c) => c.kind === 'retire')) return candidates;
  const out: FactCandidate[] = [];
  for (const c of candidates) {
    out.push(c);
    if (c.kind !== 'retire' || candidates.some((s) => s.kind === 'state' && s.attribute === c.attribute)) continue;
    if (out.some((s) => s.kind === 'state' && s.attribute === c.attribute)) continue;
    const next = successorOf(c, text, reread);
    if (next) out.push(next);
  }
  return out;
}
