/**
 * Exact tiktoken counts, loaded lazily: importing this module loads nothing; an encoding's rank
 * file is read on the first `loadTiktoken` call for it and shared by every counter of it in the
 * thread. Counting is tiktoken's algorithm in JavaScript (`bpe-count.ts`): no WASM to compile and
 * no encoder to build, so a counter is ready tens of milliseconds after the call.
 * @module
 */
import { ClosedError, RecallKitError, ValidationError } from '../errors.js';
import { createBpeCounter } from './bpe-count.js';
import { createPacer } from './count-yielding.js';
import { encoders, loads, type SharedEncoder } from './load-status.js';
import { countingParts, createCountCache } from './piece-chunks.js';
import { loadRankTable } from './rank-source.js';
import type { Pacer, TiktokenCounter, TiktokenEncoding, TiktokenStatus } from './types.js';

export type { TiktokenCounter, TiktokenEncoding, TiktokenStatus } from './types.js';

/** The tiktoken encodings RecallKit ships: `o200k_base` (GPT-4o and later) and `cl100k_base` (GPT-4, GPT-3.5). */
export const TIKTOKEN_ENCODINGS = ['o200k_base', 'cl100k_base'] as const satisfies readonly TiktokenEncoding[];

/** Whether `value` names an encoding {@link loadTiktoken} accepts. */
export function isTiktokenEncoding(value: unknown): value is TiktokenEncoding {
  return (TIKTOKEN_ENCODINGS as readonly unknown[]).includes(value);
}

/**
 * Loads tiktoken's ranks for `encoding` (on first use: 1.0 MB for `o200k_base`, 0.4 MB for
 * `cl100k_base`, compressed) and returns a counter. Later calls reuse what was loaded. Works in
 * Node 20 (the file read next to this module) and in browsers and Web Workers bundled by Vite
 * (the file emitted as an asset and fetched).
 * @example
 * ```ts
 * const tokens = await loadTiktoken('o200k_base');
 * tokens.count('Hello, world!'); // 4
 * ```
 */
export async function loadTiktoken(encoding: TiktokenEncoding): Promise<TiktokenCounter> {
  if (!isTiktokenEncoding(encoding)) {
    throw new ValidationError('encoding', `one of ${TIKTOKEN_ENCODINGS.join(', ')}`, encoding);
  }
  for (;;) {
    const shared = await sharedEncoder(encoding);
    // Its last counter may have been freed while this call waited: load it again.
    if (shared.freed) continue;
    shared.handles += 1;
    return counterOf(encoding, shared);
  }
}

/**
 * Starts loading `encoding` now (default `o200k_base`) and resolves once a counter of it is
 * ready; the ranks stay loaded for every later `loadTiktoken` / `createMemory` /
 * `createServerMemory` of the thread. Call it at a process's start (a serverless handler's
 * module scope) so the first request does not wait for the load.
 * @example
 * ```ts
 * void preloadTiktoken(); // at module scope: the load overlaps the rest of the start-up
 * ```
 */
export async function preloadTiktoken(encoding: TiktokenEncoding = 'o200k_base'): Promise<void> {
  if (!isTiktokenEncoding(encoding)) {
    throw new ValidationError('encoding', `one of ${TIKTOKEN_ENCODINGS.join(', ')}`, encoding);
  }
  await sharedEncoder(encoding);
}

/** The current {@link TiktokenStatus}. */
export function tiktokenStatus(): TiktokenStatus {
  return { wasmLoads: loads.wasm, rankLoads: loads.ranks, encodings: [...encoders.keys()] };
}

function sharedEncoder(encoding: TiktokenEncoding): Promise<SharedEncoder> {
  const known = encoders.get(encoding);
  if (known) return known.pending;
  const entry: { pending: Promise<SharedEncoder>; shared?: SharedEncoder } = {
    pending: buildEncoder(encoding),
  };
  encoders.set(encoding, entry);
  entry.pending.then(
    (shared) => {
      entry.shared = shared;
    },
    // A failed load is forgotten so the next call retries.
    () => {
      if (encoders.get(encoding) === entry) encoders.delete(encoding);
    },
  );
  return entry.pending;
}

async function buildEncoder(encoding: TiktokenEncoding): Promise<SharedEncoder> {
  try {
    loads.ranks += 1;
    const bpe = createBpeCounter(await loadRankTable(encoding));
    return { bpe, cached: createCountCache(), handles: 0, freed: false };
  } catch (error) {
    if (error instanceof RecallKitError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new RecallKitError(`tokenizer: could not load tiktoken ${encoding}: ${reason}`, { cause: error });
  }
}

/** Parts longer than this are counted in steps by `countAsync` (and never remembered). */
const STEPPED_FROM = 4096;

function counterOf(encoding: TiktokenEncoding, shared: SharedEncoder): TiktokenCounter {
  let live = true;
  const { bpe, cached } = shared;
  const count = (text: string): number => bpe.count(text);
  const usable = (text: unknown): void => {
    if (!live) {
      throw new ClosedError(
        `tokenizer: this ${encoding} counter was freed; call loadTiktoken('${encoding}') for a new one`,
      );
    }
    if (typeof text !== 'string') throw new ValidationError('text', 'a string', text);
  };
  return {
    encoding,
    count(text: string): number {
      usable(text);
      let n = 0;
      for (const part of countingParts(text)) n += cached(part, count);
      return n;
    },
    async countAsync(text: string, pacer: Pacer = createPacer()): Promise<number> {
      usable(text);
      let n = 0;
      for (const part of countingParts(text)) {
        if (pacer.due()) {
          await pacer.pause();
          usable(text); // freed while paused
        }
        if (part.length <= STEPPED_FROM) {
          n += cached(part, count);
          continue;
        }
        const steps = bpe.countSteps(part);
        for (let step = steps.next(); ; step = steps.next()) {
          if (step.done) {
            n += step.value;
            break;
          }
          if (pacer.due()) {
            await pacer.pause();
            usable(text);
          }
        }
      }
      return n;
    },
    free(): void {
      if (!live) return;
      live = false;
      shared.handles -= 1;
      if (shared.handles > 0) return;
      shared.freed = true;
      if (encoders.get(encoding)?.shared === shared) encoders.delete(encoding);
    },
  };
}
