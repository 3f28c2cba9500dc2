/**
 * Summaries rank below the turns they cover: a summary repeats in few words what its turns say,
 * so when both match a question the turns, which hold the details, come first, and the summary
 * takes no place a turn of another sitting could have. A summary keeps its own rank when none
 * of its turns scored, or when the question is about the summary's span: it names a month or a
 * day inside it, or asks for a summary ("recap", "summarize", "overview").
 * @module
 */
import type { MemorySummary } from '../../types.js';
import type { SearchHit } from '../../recall/types.js';

/** Words by which a question asks for a summary. */
const ASKS_SUMMARY = /\b(summar(y|ies|ise|ize|ised|ized)|recap|overview|gist)\b/i;

/** A month (`2023-05`) or day (`2023-05-07`) term of an analyzed question. */
const DATE_TERM = /^\d{4}-\d{2}(-\d{2})?$/;

const pad = (n: number): string => (n < 10 ? `0${n}` : String(n));
/** "YYYY-MM-DD" of an instant in the local calendar (as the index's date terms are made). */
function localDay(iso: string): string | undefined {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return undefined;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** What the rule reads of a summary: the turns it covers and when they were said. */
export type CoveredSpan = Pick<MemorySummary, 'originalEntryIds' | 'timeRange'>;

/** Whether a question (as text and analyzed terms) is about the span a summary covers. */
export function aboutSpan(query: string, terms: readonly string[], summary: Pick<CoveredSpan, 'timeRange'>): boolean {
  if (ASKS_SUMMARY.test(query)) return true;
  const start = localDay(summary.timeRange.start);
  const end = localDay(summary.timeRange.end);
  if (start === undefined || end === undefined) return false;
  return terms.some(
    (t) =>
      DATE_TERM.test(t) &&
      // A month covers the span when it is between the span's months; a day, between its days.
      (t.length === 7 ? t >= start.slice(0, 7) && t <= end.slice(0, 7) : t >= start && t <= end),
  );
}

/**
 * `hits` (best first) with each summary moved just below the lowest-ranked of the turns it
 * covers that are among the hits, unless the question is about its span. Scores stay in the
 * hits' units: a moved summary takes a score just under that turn's. `summaryOf(id)` tells
 * a summary hit (and what it covers, by the hits' ids) from a turn (`undefined`).
 */
export function summariesBelowTurns<H extends SearchHit>(
  hits: readonly H[],
  summaryOf: (id: string) => CoveredSpan | undefined,
  query: string,
  terms: readonly string[],
): H[] {
  const spans = hits.map((h) => summaryOf(h.id));
  if (!spans.some((s) => s !== undefined)) return [...hits];
  const scoreOf = new Map<string, number>();
  hits.forEach((h, i) => {
    if (spans[i] === undefined) scoreOf.set(h.id, h.score);
  });
  const out = hits.map((h, i) => {
    const kept = { h, i, moved: false };
    const summary = spans[i];
    if (!summary || aboutSpan(query, terms, summary)) return kept;
    let lowest = Infinity;
    for (const id of summary.originalEntryIds) {
      const s = scoreOf.get(id);
      if (s !== undefined && s < lowest) lowest = s;
    }
    if (!(lowest < Infinity && h.score >= lowest)) return kept;
    return { h: { ...h, score: lowest * (1 - 1e-6) }, i, moved: true };
  });
  // A moved summary goes after any hit of the same score; otherwise the order is kept.
  out.sort((a, b) => b.h.score - a.h.score || Number(a.moved) - Number(b.moved) || a.i - b.i);
  return out.map(({ h }) => h);
}
