/**
 * A cheap, model-free check of a summary against its source: which names, numbers and
 * decisions of the source the summary never mentions.
 * @module
 */
import { extractDecisions, extractNames, extractNumbers, numberCore } from './fact-extract.js';

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
  const summaryLower = summary.toLowerCase().replace(/\s+/g, ' ');
  const summaryWords = words(summary);
  const summaryNumbers = numberCores(summary);
  return {
    names: extractNames(source).filter((name) => !phrasePresent(name, summaryLower, summaryWords)),
    numbers: extractNumbers(source).filter(
      (n) => !summaryNumbers.has(numberCore(n)) && !summaryLower.includes(n.toLowerCase()),
    ),
    decisions: extractDecisions(source).filter((d) => !phrasePresent(d, summaryLower, summaryWords)),
  };
}
