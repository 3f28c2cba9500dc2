/**
 * Work in slices: a bulk call counts the work it does in units and gives the thread back
 * between slices of a bounded number of units, so no public call holds the event loop (Node)
 * or the worker (browser) for long, whatever its input. Pure: the yield is injected or the
 * host's ({@link yieldNow}).
 * @module
 */
import { yieldNow as hostYieldNow, type YieldNow } from './yield-now.js';

export type { YieldNow } from './yield-now.js';

/**
 * Units of work in one slice. A unit is what copying one character of plain data costs (about
 * 10 ns on a desktop); each kind of work says what it costs ({@link COST}). A slice of
 * 1,000,000 units takes about 10 ms on a desktop and stays well under 100 ms on a busy
 * 2-core server.
 */
export const SLICE_UNITS = 1_000_000;

/**
 * A slice also ends once this many milliseconds ran, on a machine slower than the units
 * assume. The units bound the work; the clock only shortens a slice.
 */
export const SLICE_MS = 25;

/**
 * What a piece of work costs, in units: multiply by its size in characters (or add per item).
 * Measured relative to copying one character of a plain object (structured clone, JSON).
 */
export const COST = {
  /** Per item copied, encoded or decoded, on top of its characters (property names, headers). */
  item: 200,
  /** Per character copied (structured clone, JSON encoding or parsing). */
  copy: 1,
  /** Per character analyzed for recall (tokenizing, stemming, date terms). */
  analyze: 12,
  /** Per text whose tokens are counted (a call into tiktoken's WASM). */
  countCall: 1000,
  /** Per character whose tokens are counted. */
  count: 4,
  /** Per character of a persisted recall record restored into the index. */
  restore: 6,
  /** Per posting (or scored document) a recall search reads or ranks. */
  posting: 40,
} as const;

/** Counts work and gives the thread back between slices. */
export interface Slicer {
  /** Count `units` of work done; true once the slice is full: then `await slicer.pause()`. */
  spend(units: number): boolean;
  /** Give the thread back, then start a new slice. */
  pause(): Promise<void>;
  /** `spend(units)`, and `pause()` when the slice is full. */
  step(units: number): Promise<void> | undefined;
}

/** Options of {@link createSlicer}. */
export interface SlicerOptions {
  /** Units per slice (default {@link SLICE_UNITS}). */
  units?: number | undefined;
  /** Milliseconds after which a slice ends early (default {@link SLICE_MS}); `Infinity`: units alone. */
  ms?: number | undefined;
  /** How to give the thread back (default: the host's, {@link yieldNow}). */
  yieldNow?: YieldNow | undefined;
}

/**
 * A slicer for one call.
 * @example
 * const slicer = createSlicer();
 * for (const entry of entries) {
 *   index.add(entryDoc(entry));
 *   if (slicer.spend(entry.content.length * COST.analyze)) await slicer.pause();
 * }
 */
export function createSlicer(options: SlicerOptions = {}): Slicer {
  const budget = options.units ?? SLICE_UNITS;
  const limitMs = options.ms ?? SLICE_MS;
  const yieldNow = options.yieldNow ?? hostYieldNow;
  let spent = 0;
  let since = Date.now();
  const slicer: Slicer = {
    spend(units) {
      spent += units;
      return spent >= budget || Date.now() - since >= limitMs;
    },
    async pause() {
      await yieldNow();
      spent = 0;
      since = Date.now();
    },
    step(units) {
      return slicer.spend(units) ? slicer.pause() : undefined;
    },
  };
  return slicer;
}

/** Characters of a value's strings and a count of its items, about what copying it costs. */
export function copyCost(value: unknown, depth = 0): number {
  if (typeof value === 'string') return value.length * COST.copy;
  if (typeof value !== 'object' || value === null || depth > 6) return 8;
  let cost = COST.item;
  if (Array.isArray(value)) {
    for (const v of value) cost += copyCost(v, depth + 1);
    return cost;
  }
  for (const key in value) cost += key.length + copyCost((value as Record<string, unknown>)[key], depth + 1);
  return cost;
}

/**
 * `items.map(fn)` in slices: `cost(item)` units each (default {@link copyCost}).
 * @example
 * const copies = await mapInSlices(entries, (e) => structuredClone(e), slicer);
 */
export async function mapInSlices<T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => R,
  slicer: Slicer,
  cost: (item: T) => number = copyCost,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  for (let i = 0; i < items.length; i++) {
    out[i] = fn(items[i] as T, i);
    if (slicer.spend(cost(items[i] as T))) await slicer.pause();
  }
  return out;
}

/**
 * Structured clones of `items`, one by one in slices (a batch of 100,000 entries cloned at once
 * holds the thread for a second). Throws what `structuredClone` throws, at the first item that
 * cannot be cloned.
 */
export function cloneInSlices<T>(items: readonly T[], slicer: Slicer): Promise<T[]> {
  return mapInSlices(items, (item) => structuredClone(item), slicer);
}
