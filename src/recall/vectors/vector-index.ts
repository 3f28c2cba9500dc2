/**
 * Stored embeddings for hybrid recall, persisted like the lexical index: vectors cut by
 * insertion order into segments (aux values), so embedding one more entry rewrites only the
 * tail segment. Plain JSON-safe values; vectors are kept as Float32Array in memory.
 * @module
 */

import { ValidationError } from '../../errors.js';
import type { AuxEntries } from '../types.js';

/** Options of {@link createVectorIndex} and {@link loadVectorIndex}. */
export interface VectorIndexOptions {
  /** Prefix of the aux keys (default `vectors:`). */
  keyPrefix?: string;
  /** Vectors per segment (default 64). */
  segmentSize?: number;
}

/** Embeddings by entry id. */
export interface VectorIndex {
  readonly size: number;
  /** Store (or replace) the vector of an id. All vectors must have the same length. */
  add(id: string, vector: ArrayLike<number>): void;
  /** Forget an id's vector; false when it had none. */
  remove(id: string): boolean;
  /** Whether an id has a vector. */
  has(id: string): boolean;
  /** Live `[id, vector]` pairs, oldest first (feed to `hybridSearch`). */
  entries(): IterableIterator<[string, Float32Array]>;
  /** Aux values changed since the last flush. */
  flush(): AuxEntries;
  /** Every aux value. */
  toAux(): AuxEntries;
  /** Empty it; returns the deletions of every key written so far. */
  clear(): AuxEntries;
}

interface VectorSegment {
  format: 1;
  first: number;
  dims: number;
  ids: (string | null)[];
  /** `ids.length × dims` numbers (zeros for removed ids). */
  data: number[];
}

/** An empty {@link VectorIndex}. */
export function createVectorIndex(options: VectorIndexOptions = {}): VectorIndex {
  return makeVectorIndex(options, [], [], 0);
}

/** Reopen a persisted {@link VectorIndex}; `undefined` when nothing usable is stored. */
export async function loadVectorIndex(
  loadAux: (key: string) => Promise<unknown>,
  options: VectorIndexOptions = {},
): Promise<VectorIndex | undefined> {
  const prefix = options.keyPrefix ?? 'vectors:';
  const manifest = (await loadAux(`${prefix}manifest`)) as {
    format?: unknown;
    segmentSize?: unknown;
    segments?: unknown;
  } | null;
  const { segmentSize, segments } = manifest ?? {};
  if (manifest?.format !== 1 || !isCount(segmentSize) || segmentSize < 1 || !isCount(segments)) return undefined;
  const ids: (string | null)[] = [];
  const vectors: (Float32Array | null)[] = [];
  for (let n = 0; n < segments; n++) {
    const s = (await loadAux(`${prefix}seg:${n}`)) as Partial<VectorSegment> | null;
    if (s?.format !== 1 || s.first !== ids.length || !Array.isArray(s.ids) || !isCount(s.dims)) return undefined;
    if (!Array.isArray(s.data) || s.data.length !== s.ids.length * s.dims) return undefined;
    for (let i = 0; i < s.ids.length; i++) {
      const id = s.ids[i];
      ids.push(typeof id === 'string' ? id : null);
      vectors.push(typeof id === 'string' ? Float32Array.from(s.data.slice(i * s.dims, (i + 1) * s.dims)) : null);
    }
  }
  return makeVectorIndex({ ...options, segmentSize }, ids, vectors, segments);
}

function makeVectorIndex(
  options: VectorIndexOptions,
  ids: (string | null)[],
  vectors: (Float32Array | null)[],
  storedSegments: number,
): VectorIndex {
  const prefix = options.keyPrefix ?? 'vectors:';
  const segmentSize = options.segmentSize ?? 64;
  const ordinalById = new Map<string, number>();
  ids.forEach((id, o) => id !== null && ordinalById.set(id, o));
  let dims = vectors.find((v) => v !== null)?.length ?? 0;
  const dirty = new Set<number>();
  let written = storedSegments;
  const segmentCount = (): number => Math.ceil(ids.length / segmentSize);

  const encode = (n: number): VectorSegment => {
    const first = n * segmentSize;
    const slice = ids.slice(first, first + segmentSize);
    const data: number[] = [];
    slice.forEach((_, i) => {
      const v = vectors[first + i];
      for (let d = 0; d < dims; d++) data.push(v ? (v[d] as number) : 0);
    });
    return { format: 1, first, dims, ids: slice, data };
  };
  const remove = (id: string): boolean => {
    const o = ordinalById.get(id);
    if (o === undefined) return false;
    ordinalById.delete(id);
    ids[o] = null;
    vectors[o] = null;
    dirty.add(Math.floor(o / segmentSize));
    return true;
  };

  return {
    get size() {
      return ordinalById.size;
    },
    add(id, vector) {
      if (typeof id !== 'string') throw new ValidationError('id', 'a string', id);
      const v = Float32Array.from(vector);
      if (v.length === 0 || (dims > 0 && v.length !== dims) || !v.every(Number.isFinite)) {
        throw new ValidationError('vector', `an array of ${dims || 'one or more'} finite numbers`, vector);
      }
      dims = v.length;
      remove(id);
      ordinalById.set(id, ids.length);
      dirty.add(Math.floor(ids.length / segmentSize));
      ids.push(id);
      vectors.push(v);
    },
    remove,
    has: (id) => ordinalById.has(id),
    *entries() {
      for (let o = 0; o < ids.length; o++) {
        const id = ids[o];
        const v = vectors[o];
        if (id !== null && id !== undefined && v) yield [id, v];
      }
    },
    flush() {
      const out: AuxEntries = {};
      for (const n of dirty) out[`${prefix}seg:${n}`] = encode(n);
      if (segmentCount() > written) out[`${prefix}manifest`] = { format: 1, segmentSize, segments: segmentCount() };
      written = Math.max(written, segmentCount());
      dirty.clear();
      return out;
    },
    toAux() {
      dirty.clear();
      written = segmentCount();
      const out: AuxEntries = { [`${prefix}manifest`]: { format: 1, segmentSize, segments: written } };
      for (let n = 0; n < written; n++) out[`${prefix}seg:${n}`] = encode(n);
      return out;
    },
    clear() {
      const out: AuxEntries = { [`${prefix}manifest`]: null };
      for (let n = 0; n < Math.max(written, segmentCount()); n++) out[`${prefix}seg:${n}`] = null;
      ids.length = 0;
      vectors.length = 0;
      ordinalById.clear();
      dirty.clear();
      written = 0;
      dims = 0;
      return out;
    },
  };
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}
