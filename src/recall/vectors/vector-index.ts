/**
 * Stored embeddings for hybrid recall, persisted like the lexical index: vectors cut by
 * insertion order into segments (aux values), so embedding more entries rewrites only the tail
 * segment. In memory each vector is int8 codes in shared chunks plus one float (516 bytes
 * for 512 dimensions: 52 MB per 100,000); persisted segments are plain JSON, the codes as base64. The
 * manifest records the model (a name the app gives) and the dimension.
 * @module
 */

import { ValidationError } from '../../errors.js';
import type { AuxEntries, SearchHit } from '../types.js';
import { decodeBase64Range, quantizeInto, toBase64 } from './int8-codec.js';
import { hamming, sketchInto, sketchWords } from './sign-sketch.js';

/** A dense search computes the exact cosine of this many vectors at least, the best by sketch. */
const RESCORE_MIN = 64;
/** …and of this many per hit asked for. */
const RESCORE_PER_HIT = 8;

/** Options of {@link createVectorIndex} and {@link loadVectorIndex}. */
export interface VectorIndexOptions {
  /** Prefix of the aux keys (default `vectors:`). */
  keyPrefix?: string;
  /** Vectors per segment (default 64). */
  segmentSize?: number;
  /** The embedding model's name, recorded in the manifest (default: none). */
  model?: string | undefined;
}

/** Embeddings by id; create with {@link createVectorIndex} or {@link loadVectorIndex}. */
export interface VectorIndex {
  /** Ids with a vector. */
  readonly size: number;
  /** Dimensions of the vectors (0 before the first). */
  readonly dims: number;
  /** The model recorded with the vectors. */
  readonly model: string | undefined;
  /** Bytes the vectors take in memory (codes and factors, capacity included). */
  readonly byteLength: number;
  /** Store (or replace) the vector of an id. All vectors must have the same length. */
  add(id: string, vector: ArrayLike<number>): void;
  /** Forget an id's vector; false when it had none. */
  remove(id: string): boolean;
  /** Whether an id has a vector. */
  has(id: string): boolean;
  /** Live `[id, vector]` pairs, oldest first, decoded (approximately the vectors added). */
  entries(): IterableIterator<[string, Float32Array]>;
  /**
   * The `topK` ids most similar to `query` (cosine), best first; `accept` filters ids.
   * `maxScan` bounds the work: only the newest `maxScan` vectors are compared (default: all).
   */
  search(query: ArrayLike<number>, topK: number, accept?: (id: string) => boolean, maxScan?: number): SearchHit[];
  /** Cosine of `query` with each of `ids` that has a vector. */
  similarities(query: ArrayLike<number>, ids: Iterable<string>): Map<string, number>;
  /** Aux values changed since the last flush. */
  flush(): AuxEntries;
  /** Every aux value. */
  toAux(): AuxEntries;
  /** Empty it, recording `model` from now on; returns the deletions of every key written so far. */
  clear(model?: string): AuxEntries;
}

interface SegmentV2 {
  format: 2;
  first: number;
  dims: number;
  ids: (string | null)[];
  /** `ids.length × dims` int8 codes, base64. */
  codes: string;
  /** Per vector: the factor turning a code dot product with a unit query into the cosine. */
  factors: number[];
}

interface Manifest {
  format: 2;
  segmentSize: number;
  segments: number;
  dims: number;
  model?: string;
}

/** An empty {@link VectorIndex}. */
export function createVectorIndex(options: VectorIndexOptions = {}): VectorIndex {
  return makeVectorIndex(options, new Store(0), 0);
}

/**
 * Reopen a persisted {@link VectorIndex}; `undefined` when nothing usable is stored. Its
 * `model` is the one stored: compare it with yours, and `clear(model)` when they differ.
 */
export async function loadVectorIndex(
  loadAux: (key: string) => Promise<unknown>,
  options: VectorIndexOptions = {},
): Promise<VectorIndex | undefined> {
  const prefix = options.keyPrefix ?? 'vectors:';
  const m = (await loadAux(`${prefix}manifest`)) as
    (Omit<Partial<Manifest>, 'format'> & { format?: unknown; model?: unknown }) | null;
  if (!m || !isCount(m.segmentSize) || m.segmentSize < 1 || !isCount(m.segments)) return undefined;
  if (m.format !== 1 && m.format !== 2) return undefined;
  const store = new Store(0);
  for (let n = 0; n < m.segments; n++) {
    if (!store.restore(await loadAux(`${prefix}seg:${n}`))) return undefined;
  }
  const model = typeof m.model === 'string' ? m.model : undefined;
  return makeVectorIndex({ ...options, segmentSize: m.segmentSize, model }, store, m.segments);
}

/** A persisted segment whose codes are not decoded yet. */
interface Pending {
  /** Its first ordinal. */
  first: number;
  n: number;
  /** Its codes, base64. */
  codes: string;
}

const NOT_BASE64 = /[^A-Za-z0-9+/=]/;

/** Whether `text` is base64 of `length` bytes (what `fromBase64` accepts), without decoding it. */
function isBase64(text: unknown, length: number): text is string {
  return typeof text === 'string' && text.length === Math.ceil(length / 3) * 4 && !NOT_BASE64.test(text);
}

/** Vectors per chunk of codes: growing never copies, and at most one chunk is slack. */
const CHUNK = 256;

/** The vectors: int8 codes in fixed-size chunks, one factor each. */
class Store {
  ids: (string | null)[] = [];
  chunks: Int8Array[] = [];
  factorChunks: Float32Array[] = [];
  readonly byId = new Map<string, number>();
  /**
   * Per ordinal, the persisted segment holding its codes while they are still base64: a loaded
   * index decodes a vector only when it is first read (a store-wide recall compares a handful
   * of each chat's vectors).
   */
  private readonly pendingOf: (Pending | undefined)[] = [];
  /** Per chunk: the sign sketches of its vectors (`sign-sketch.ts`), made when first searched. */
  private readonly sketchChunks: Int32Array[] = [];
  /** Per chunk: 1 where the ordinal's sketch is made. */
  private readonly sketchedChunks: Uint8Array[] = [];
  constructor(public dims: number) {}

  /** Hamming distance between the query sketch `q` and ordinal `o`'s (made on first use). */
  distance(q: Int32Array, o: number): number {
    const c = Math.floor(o / CHUNK);
    const words = q.length;
    let sketches = this.sketchChunks[c];
    let made = this.sketchedChunks[c];
    if (sketches === undefined || made === undefined) {
      sketches = this.sketchChunks[c] = new Int32Array(CHUNK * words);
      made = this.sketchedChunks[c] = new Uint8Array(CHUNK);
    }
    const at = (o % CHUNK) * words;
    if (made[o % CHUNK] === 0) {
      this.decode(o);
      sketchInto(this.chunks[c]!, (o % CHUNK) * this.dims, this.dims, sketches, at);
      made[o % CHUNK] = 1;
    }
    return hamming(q, sketches, at);
  }

  get byteLength(): number {
    return this.chunks.length * CHUNK * (this.dims + 4);
  }

  /** The codes of ordinal `o` (a view). */
  codes(o: number): Int8Array {
    this.decode(o);
    const at = (o % CHUNK) * this.dims;
    return this.chunks[Math.floor(o / CHUNK)]!.subarray(at, at + this.dims);
  }

  factor(o: number): number {
    return this.factorChunks[Math.floor(o / CHUNK)]![o % CHUNK]!;
  }

  setFactor(o: number, f: number): void {
    this.factorChunks[Math.floor(o / CHUNK)]![o % CHUNK] = f;
  }

  push(id: string, vector: ArrayLike<number>): void {
    const o = this.slot(id);
    this.setFactor(o, quantizeInto(vector, this.chunks[Math.floor(o / CHUNK)]!, (o % CHUNK) * this.dims));
  }

  /** A new ordinal for `id` (null: a removed one), its codes zero. */
  slot(id: string | null): number {
    const o = this.ids.length;
    if (o % CHUNK === 0) {
      this.chunks.push(new Int8Array(CHUNK * this.dims));
      this.factorChunks.push(new Float32Array(CHUNK));
    }
    this.ids.push(id);
    if (id !== null) this.byId.set(id, o);
    return o;
  }

  /** Append a persisted segment; false when it is damaged or out of order. */
  restore(value: unknown): boolean {
    const s = value as (Omit<Partial<SegmentV2>, 'format'> & { format?: unknown; data?: unknown }) | null;
    if (!s || s.first !== this.ids.length || !Array.isArray(s.ids) || !isCount(s.dims)) return false;
    if (this.dims && s.dims !== this.dims && s.ids.length) return false;
    const n = s.ids.length;
    this.dims ||= s.dims;
    if (s.format === 1) {
      // The first format: JSON numbers.
      const data = s.data;
      if (!Array.isArray(data) || data.length !== n * s.dims) return false;
      s.ids.forEach((id, i) => {
        this.pushRestored(typeof id === 'string' ? id : null, data.slice(i * s.dims!, (i + 1) * s.dims!) as number[]);
      });
      return true;
    }
    const text = s.codes;
    if (s.format !== 2 || !isBase64(text, n * s.dims) || !Array.isArray(s.factors) || s.factors.length !== n)
      return false;
    const pending: Pending = { first: this.ids.length, n, codes: text };
    for (let i = 0; i < n; i++) {
      const id = s.ids[i];
      const o = this.slot(typeof id === 'string' ? id : null);
      this.pendingOf[o] = pending;
      this.setFactor(o, typeof id === 'string' ? Number(s.factors[i]) || 0 : 0);
    }
    return true;
  }

  /** Decode ordinal `o`'s codes if they are still base64 in their persisted segment. */
  decode(o: number): void {
    const p = this.pendingOf[o];
    if (!p) return;
    this.pendingOf[o] = undefined;
    const i = o - p.first;
    decodeBase64Range(
      p.codes,
      i * this.dims,
      (i + 1) * this.dims,
      this.chunks[Math.floor(o / CHUNK)]!,
      (o % CHUNK) * this.dims,
    );
  }

  private pushRestored(id: string | null, vector: number[]): void {
    const o = this.slot(id);
    if (id !== null)
      this.setFactor(o, quantizeInto(vector, this.chunks[Math.floor(o / CHUNK)]!, (o % CHUNK) * this.dims));
  }
}

function makeVectorIndex(options: VectorIndexOptions, initial: Store, storedSegments: number): VectorIndex {
  const prefix = options.keyPrefix ?? 'vectors:';
  const segmentSize = options.segmentSize ?? 64;
  let model = options.model;
  let s = initial;
  const dirty = new Set<number>();
  let written = storedSegments;
  let manifestDirty = false;
  const segmentCount = (): number => Math.ceil(s.ids.length / segmentSize);

  const manifest = (): Manifest => ({
    format: 2,
    segmentSize,
    segments: segmentCount(),
    dims: s.dims,
    ...(model === undefined ? {} : { model }),
  });
  const encode = (n: number): SegmentV2 => {
    const first = n * segmentSize;
    const ids = s.ids.slice(first, first + segmentSize);
    const bytes = new Uint8Array(ids.length * s.dims);
    ids.forEach((_, i) => {
      const codes = s.codes(first + i);
      bytes.set(new Uint8Array(codes.buffer, codes.byteOffset, codes.length), i * s.dims);
    });
    return {
      format: 2,
      first,
      dims: s.dims,
      ids,
      codes: toBase64(bytes),
      factors: ids.map((_, i) => s.factor(first + i)),
    };
  };
  const remove = (id: string): boolean => {
    const o = s.byId.get(id);
    if (o === undefined) return false;
    s.byId.delete(id);
    s.ids[o] = null;
    s.setFactor(o, 0);
    dirty.add(Math.floor(o / segmentSize));
    return true;
  };
  const unit = (query: ArrayLike<number>): Float32Array => {
    const q = Float32Array.from(query);
    let norm = 0;
    for (let i = 0; i < q.length; i++) norm += (q[i] as number) ** 2;
    norm = Math.sqrt(norm);
    if (norm > 0) for (let i = 0; i < q.length; i++) q[i] = (q[i] as number) / norm;
    return q;
  };
  const dot = (q: Float32Array, o: number): number => {
    s.decode(o);
    const { dims } = s;
    const codes = s.chunks[Math.floor(o / CHUNK)]!;
    // Four sums, so the multiplications do not wait on one another.
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    const from = (o % CHUNK) * dims;
    let d = 0;
    for (; d + 3 < dims; d += 4) {
      s0 += (q[d] as number) * (codes[from + d] as number);
      s1 += (q[d + 1] as number) * (codes[from + d + 1] as number);
      s2 += (q[d + 2] as number) * (codes[from + d + 2] as number);
      s3 += (q[d + 3] as number) * (codes[from + d + 3] as number);
    }
    for (; d < dims; d++) s0 += (q[d] as number) * (codes[from + d] as number);
    return (s0 + s1 + s2 + s3) * s.factor(o);
  };

  return {
    get size() {
      return s.byId.size;
    },
    get dims() {
      return s.dims;
    },
    get model() {
      return model;
    },
    get byteLength() {
      return s.byteLength;
    },
    add(id, vector) {
      if (typeof id !== 'string') throw new ValidationError('id', 'a string', id);
      const ok =
        vector !== null &&
        typeof vector === 'object' &&
        typeof vector.length === 'number' &&
        vector.length > 0 &&
        (s.dims === 0 || vector.length === s.dims);
      if (!ok || !Array.prototype.every.call(vector, Number.isFinite)) {
        throw new ValidationError('vector', `an array of ${s.dims || 'one or more'} finite numbers`, vector);
      }
      if (s.dims === 0) {
        s.dims = vector.length;
        manifestDirty = true;
      }
      remove(id);
      dirty.add(Math.floor(s.ids.length / segmentSize));
      s.push(id, vector);
      if (segmentCount() > written) manifestDirty = true;
    },
    remove,
    has: (id) => s.byId.has(id),
    *entries() {
      for (let o = 0; o < s.ids.length; o++) {
        const id = s.ids[o];
        if (typeof id !== 'string') continue;
        const v = Float32Array.from(s.codes(o));
        const f = s.factor(o);
        for (let d = 0; d < v.length; d++) v[d] = (v[d] as number) * f;
        yield [id, v];
      }
    },
    search(query, topK, accept, maxScan = Infinity) {
      if (s.byId.size === 0 || query.length !== s.dims || topK <= 0) return [];
      const q = unit(query);
      const sketch = new Int32Array(sketchWords(s.dims));
      sketchInto(q, 0, s.dims, sketch, 0);
      // Every vector ranked by sketch (cheap), the best few by exact cosine.
      const keep = Math.max(RESCORE_MIN, topK * RESCORE_PER_HIT);
      // Newest first, so a bound keeps the most recent history.
      const limit = Math.min(s.byId.size, maxScan);
      const ordinals = new Int32Array(limit);
      // A distance is at most `dims`: 16 bits hold it for any embedding model in use.
      const distances = s.dims < 65_536 ? new Uint16Array(limit) : new Uint32Array(limit);
      let scanned = 0;
      for (let o = s.ids.length - 1; o >= 0 && scanned < limit; o--) {
        if (typeof s.ids[o] !== 'string') continue;
        ordinals[scanned] = o;
        distances[scanned++] = s.distance(sketch, o);
      }
      // A counting sort by distance (at most `dims`), newest first among equals.
      const starts = new Uint32Array(s.dims + 2);
      for (let i = 0; i < scanned; i++) starts[(distances[i] as number) + 1]!++;
      for (let d = 1; d < starts.length; d++) starts[d]! += starts[d - 1] as number;
      const byDistance = new Int32Array(scanned);
      for (let i = 0; i < scanned; i++) byDistance[starts[distances[i] as number]!++] = ordinals[i] as number;
      const near: number[] = [];
      for (let i = 0; i < scanned && near.length < keep; i++) {
        const o = byDistance[i] as number;
        if (!accept || accept(s.ids[o] as string)) near.push(o);
      }
      return near
        .map((o) => ({ id: s.ids[o] as string, score: dot(q, o) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, topK);
    },
    similarities(query, ids) {
      const out = new Map<string, number>();
      if (query.length !== s.dims) return out;
      const q = unit(query);
      for (const id of ids) {
        const o = s.byId.get(id);
        if (o !== undefined) out.set(id, dot(q, o));
      }
      return out;
    },
    flush() {
      const out: AuxEntries = {};
      for (const n of [...dirty].sort((a, b) => a - b)) out[`${prefix}seg:${n}`] = encode(n);
      if (manifestDirty || segmentCount() > written) out[`${prefix}manifest`] = manifest();
      written = Math.max(written, segmentCount());
      dirty.clear();
      manifestDirty = false;
      return out;
    },
    toAux() {
      dirty.clear();
      manifestDirty = false;
      written = segmentCount();
      const out: AuxEntries = { [`${prefix}manifest`]: manifest() };
      for (let n = 0; n < written; n++) out[`${prefix}seg:${n}`] = encode(n);
      return out;
    },
    clear(next) {
      const out: AuxEntries = { [`${prefix}manifest`]: null };
      for (let n = 0; n < Math.max(written, segmentCount()); n++) out[`${prefix}seg:${n}`] = null;
      s = new Store(0);
      model = next;
      dirty.clear();
      manifestDirty = false;
      written = 0;
      return out;
    },
  };
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}
