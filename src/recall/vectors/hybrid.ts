/**
 * Optional semantic recall: cosine similarity over stored embeddings, fused with the lexical
 * ranking by reciprocal rank fusion. Lexical recall never depends on it: when the embedder
 * throws, rejects or answers nonsense, the lexical hits come back alone.
 * @module
 */

import type { Embedder, SearchHit } from '../types.js';

export type { Embedder } from '../types.js';

/** Cosine similarity; 0 when a vector is all zeros or the lengths differ. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/** The `topK` vectors most similar to `query`, best first. */
export function cosineTopK(
  query: ArrayLike<number>,
  vectors: Iterable<readonly [id: string, vector: ArrayLike<number>]>,
  topK: number,
  filter?: (id: string) => boolean,
): SearchHit[] {
  const hits: SearchHit[] = [];
  for (const [id, vector] of vectors) {
    if (filter && !filter(id)) continue;
    hits.push({ id, score: cosine(query, vector) });
  }
  return hits.sort((x, y) => y.score - x.score).slice(0, Math.max(0, topK));
}

/** Options of {@link reciprocalRankFusion}. */
export interface FusionOptions {
  /** The RRF constant: larger flattens the rank curve (default 60). */
  k?: number;
  /** One weight per list (default 1 each). */
  weights?: readonly number[];
  /** How many fused hits (default: all). */
  topK?: number;
}

/**
 * Reciprocal rank fusion: each id scores `Σ weight / (k + rank)` over the lists it is in
 * (rank 1-based), best first; ties keep the earlier list's order.
 */
export function reciprocalRankFusion(
  lists: readonly (readonly SearchHit[])[],
  options: FusionOptions = {},
): SearchHit[] {
  const k = options.k ?? 60;
  const fused = new Map<string, number>();
  lists.forEach((list, i) => {
    const weight = options.weights?.[i] ?? 1;
    list.forEach((hit, rank) => fused.set(hit.id, (fused.get(hit.id) ?? 0) + weight / (k + rank + 1)));
  });
  const out = [...fused].map(([id, score]) => ({ id, score })).sort((x, y) => y.score - x.score);
  return options.topK === undefined ? out : out.slice(0, options.topK);
}

/** Options of {@link hybridSearch}. */
export interface HybridOptions extends FusionOptions {
  query: string;
  /** The lexical hits, best first (ask the lexical index for more than `topK`, e.g. 3×). */
  lexical: readonly SearchHit[];
  embedder: Embedder;
  /** Stored vectors by id (e.g. a `VectorIndex`). */
  vectors: Iterable<readonly [id: string, vector: ArrayLike<number>]>;
  /** How many hits (default 10). */
  topK?: number;
  filter?: (id: string) => boolean;
  /** Told why the embedder could not be used; the search goes on lexically. */
  onError?: (error: Error) => void;
}

/** Hits and how they were found. */
export interface HybridResult {
  hits: SearchHit[];
  /** `lexical` when there was no usable query embedding. */
  mode: 'hybrid' | 'lexical';
}

/**
 * Lexical and semantic hits fused by reciprocal rank; lexical alone when the embedder fails.
 * @example
 * const lexical = index.search(query, { topK: 30 });
 * const { hits } = await hybridSearch({ query, lexical, embedder, vectors: store.entries() });
 */
export async function hybridSearch(options: HybridOptions): Promise<HybridResult> {
  const topK = options.topK ?? 10;
  const lexicalOnly = (): HybridResult => ({ hits: options.lexical.slice(0, topK), mode: 'lexical' });
  let vector: number[] | undefined;
  try {
    const out = await options.embedder([options.query]);
    vector = Array.isArray(out) ? out[0] : undefined;
    if (!Array.isArray(vector) || vector.length === 0 || !vector.every(Number.isFinite)) {
      throw new TypeError('embedder: expected one non-empty array of finite numbers per text');
    }
  } catch (error) {
    options.onError?.(error instanceof Error ? error : new Error(String(error)));
    return lexicalOnly();
  }
  const semantic = cosineTopK(vector, options.vectors, Math.max(topK, options.lexical.length), options.filter);
  const fusion: FusionOptions = { topK };
  if (options.k !== undefined) fusion.k = options.k;
  if (options.weights !== undefined) fusion.weights = options.weights;
  return { hits: reciprocalRankFusion([options.lexical, semantic], fusion), mode: 'hybrid' };
}
