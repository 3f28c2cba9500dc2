/**
 * The peer table of `npm run eval:locomo`: every contender over the same conversations in one
 * process, with evidence recall@10 and @5, the median query time as a ratio to RecallKit's
 * lexical recall, the first query of a conversation (index build or load included), how many
 * distinct sittings (LoCoMo sessions) a top 10 spans, and recall@10 per question category.
 * @module
 */
import type { Conversation, Ranker } from './locomo-types.js';
import { markdownTable } from './table.js';

const CATEGORIES: Record<number, string> = { 1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop' };

/** What one contender measured. */
export interface PeerScores {
  name: string;
  questions: number;
  /** Sums of the evidence share found in the top 10 / top 5. */
  r10: number;
  r5: number;
  /** By category: [sum of the share in the top 10, questions]. */
  categories: Map<number, [number, number]>;
  /** Per query, ms (the first query of each conversation left out). */
  queryMs: number[];
  /** Per conversation: the first query's ms. */
  firstMs: number[];
  /** Sum over questions of the distinct sittings in the top 10. */
  sittings: number;
}

/** The sitting of a LoCoMo dia_id ("D3:5" → "D3"). */
const sittingOf = (id: string): string => id.slice(0, Math.max(0, id.indexOf(':')));

/** Run one contender over the conversations. */
export async function measurePeer(name: string, ranker: Ranker, convs: readonly Conversation[]): Promise<PeerScores> {
  const out: PeerScores = {
    name,
    questions: 0,
    r10: 0,
    r5: 0,
    categories: new Map(),
    queryMs: [],
    firstMs: [],
    sittings: 0,
  };
  for (const conv of convs) {
    const ask = await ranker(conv);
    for (const [i, q] of conv.questions.entries()) {
      const start = performance.now();
      const ids = await ask(q.question, 10);
      const ms = performance.now() - start;
      if (i === 0) out.firstMs.push(ms);
      else out.queryMs.push(ms);
      const evidence = new Set(q.evidence);
      const share = (k: number): number => {
        const got = new Set(ids.slice(0, k));
        return [...evidence].filter((e) => got.has(e)).length / evidence.size;
      };
      out.questions++;
      out.r10 += share(10);
      out.r5 += share(5);
      const c = out.categories.get(q.category) ?? [0, 0];
      c[0] += share(10);
      c[1]++;
      out.categories.set(q.category, c);
      out.sittings += new Set(ids.slice(0, 10).map(sittingOf)).size;
    }
  }
  return out;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/** The table, `reference` (RecallKit lexical) giving the unit of the query-time ratio. */
export function peerTable(rows: readonly PeerScores[], reference: PeerScores): string {
  const unit = median(reference.queryMs);
  const pct = (sum: number, n: number): string => (n ? ((100 * sum) / n).toFixed(1) : 'n/a');
  return markdownTable(
    [
      { header: 'contender' },
      { header: 'R@10', align: 'right' },
      { header: 'R@5', align: 'right' },
      { header: 'query p50 (x lexical)', align: 'right' },
      { header: 'first query ms (median)', align: 'right' },
      { header: 'sittings in top 10', align: 'right' },
      ...Object.entries(CATEGORIES).map(([c, n]) => ({ header: `R@10 ${c} ${n}`, align: 'right' as const })),
    ],
    rows.map((r) => [
      r.name,
      pct(r.r10, r.questions),
      pct(r.r5, r.questions),
      `${(median(r.queryMs) / unit).toFixed(2)}`,
      median(r.firstMs).toFixed(1),
      (r.sittings / r.questions).toFixed(1),
      ...Object.keys(CATEGORIES).map((c) => {
        const [sum, n] = r.categories.get(Number(c)) ?? [0, 0];
        return pct(sum, n);
      }),
    ]),
  );
}
