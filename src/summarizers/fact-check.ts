/**
 * A cheap, model-free check of a summary against its source: which names, numbers and
 * decisions of the source the summary never mentions.
 * @module
 */
import { extractDecisions, extractNames, extractNumbers, nameCandidates, namesOf, numberCore } from './fact-extract.js';
import { COST, type Slicer } from '../slices/slicer.js';

/** Facts of the source that a summary does not mention. */
export interface MissingFacts {
  /** Proper nouns: people, places, products, organisations (`Maria Gonzalez`, `PostgreSQL`). */
  names: string[];
  /** Numbers as written: amounts, percentages, dates, versions (`$1,200`, `15%`, `v2.3.1`). */
  numbers: string[];
  /** The key phrase of each decision (`PostgreSQL` from "we decided to use PostgreSQL"). */
  decisions: string[];
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’._-]*/gu;
const MINOR = new Set(['the', 'and', 'for', 'with', 'that', 'this', 'our', 'their', 'from', 'into', 'onto']);

function words(text: string): Set<string> {
  return new Set((text.toLowerCase().match(WORD) ?? []).map((w) => w.replace(/['’._-]+$/u, '')));
}

/** A phrase is present when it appears whole, or when each of its significant words appears. */
function phrasePresent(phrase: string, summaryLower: string, summaryWords: Set<string>): boolean {
  const lower = phrase.toLowerCase().replace(/\s+/g, ' ');
  if (summaryLower.includes(lower)) return true;
  const significant = (lower.match(WORD) ?? []).filter((w) => w.length >= 3 && !MINOR.has(w));
  return significant.length > 0 && significant.every((w) => summaryWords.has(w.replace(/['’._-]+$/u, '')));
}

/** Numbers of a text by their normalized core (`1,000` → `1000`). */
function numberCores(text: string): Set<string> {
  return new Set(extractNumbers(text).map(numberCore));
}

/**
 * Names, numbers and decisions of `sourceTexts` that `summary` does not mention.
 *
 * A fact counts as present when it appears in the summary case-insensitively; numbers are
 * compared normalized (`1,000` = `1000`, `$5` = `5 dollars`, `15%` = `15 percent`), dates and
 * versions as written; a multi-word name or decision also counts when each of its significant
 * words appears. Heuristic by design: it flags candidates for a human or a retry, not proof.
 * @example
 * findMissingFacts(['We agreed to pay Acme $1,200 on 2024-03-01.'], 'Paid Acme 1200.');
 * // { names: [], numbers: ['2024-03-01'], decisions: [] }
 */
export function findMissingFacts(sourceTexts: readonly string[], summary: string): MissingFacts {
  const source = sourceTexts.join('\n\n');
  return missingFrom(
    { names: extractNames(source), numbers: extractNumbers(source), decisions: extractDecisions(source) },
    summary,
  );
}

/** The facts of a source that `summary` does not mention. */
function missingFrom(facts: MissingFacts, summary: string): MissingFacts {
  const present = presentIn(summary);
  return {
    names: facts.names.filter((name) => !present.phrase(name)),
    numbers: facts.numbers.filter((n) => !present.number(n)),
    decisions: facts.decisions.filter((d) => !present.phrase(d)),
  };
}

/** Whether a name or decision (`phrase`), or a number, is mentioned in `summary`; `scan`: slice units of one test. */
function presentIn(summary: string): { phrase(p: string): boolean; number(n: string): boolean; scan: number } {
  const summaryLower = summary.toLowerCase().replace(/\s+/g, ' ');
  const summaryWords = words(summary);
  const summaryNumbers = numberCores(summary);
  return {
    phrase: (p) => phrasePresent(p, summaryLower, summaryWords),
    number: (n) => summaryNumbers.has(numberCore(n)) || summaryLower.includes(n.toLowerCase()),
    // A substring search of the summary reads about 16 characters a unit.
    scan: COST.item + (summaryLower.length >> 4),
  };
}

/** {@link missingFrom} in slices of work: 100,000 numbers are each searched for in the summary. */
async function missingFromInSlices(facts: MissingFacts, summary: string, slicer: Slicer): Promise<MissingFacts> {
  const present = presentIn(summary);
  const absent = async (list: string[], test: (item: string) => boolean): Promise<string[]> => {
    const out: string[] = [];
    for (const item of list) {
      if (!test(item)) out.push(item);
      if (slicer.spend(present.scan + item.length)) await slicer.pause();
    }
    return out;
  };
  return {
    names: await absent(facts.names, present.phrase),
    numbers: await absent(facts.numbers, present.number),
    decisions: await absent(facts.decisions, present.phrase),
  };
}

/** Characters of source searched for facts in one part (the regexes cost about 8 units each). */
export const FACT_CHECK_PART = 65_536;

/** Slice units of searching one character of source for names, numbers and decisions. */
const FACT_CHECK_COST = 8 * COST.copy;

/**
 * {@link findMissingFacts} in slices of work: the source is searched in parts of about
 * {@link FACT_CHECK_PART} characters cut between texts, giving the thread back between them
 * (a compression of 100,000 turns checks megabytes of text). The result is the same as
 * `findMissingFacts(sourceTexts, summary)`.
 */
export async function findMissingFactsInSlices(
  sourceTexts: readonly string[],
  summary: string,
  slicer: Slicer,
): Promise<MissingFacts> {
  let total = 0;
  for (const t of sourceTexts) total += t.length + 2;
  if (total <= FACT_CHECK_PART) return findMissingFacts(sourceTexts, summary);
  const names: string[] = [];
  const numbers: string[] = [];
  const decisions: string[] = [];
  let part: string[] = [];
  let size = 0;
  // Each part after the first starts with the last visible character before it, so a word at
  // its start is judged at a sentence start or not exactly as in the whole text.
  let before = '';
  const search = async (): Promise<void> => {
    const text = before + part.join('\n\n');
    names.push(...nameCandidates(text));
    numbers.push(...extractNumbers(text));
    decisions.push(...extractDecisions(text));
    before = `${part.join('\n\n').trimEnd().at(-1) ?? before.trimEnd()}\n\n`;
    if (slicer.spend(text.length * FACT_CHECK_COST)) await slicer.pause();
    part = [];
    size = 0;
  };
  for (const t of sourceTexts) {
    if (size > 0 && size + t.length > FACT_CHECK_PART) await search();
    part.push(t);
    size += t.length + 2;
  }
  if (part.length) await search();
  const facts = {
    names: namesOf(names),
    numbers: await dedupeCase(numbers, slicer),
    decisions: await dedupeCase(decisions, slicer),
  };
  return missingFromInSlices(facts, summary, slicer);
}

/** First-seen order, case-insensitive repeats dropped (as the extractors do), in slices of work. */
async function dedupeCase(items: string[], slicer: Slicer): Promise<string[]> {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of items) {
    const key = item.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      out.push(item);
    }
    if (slicer.spend(COST.item + item.length)) await slicer.pause();
  }
  return out;
}
