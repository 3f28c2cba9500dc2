/**
 * Exact token counts with OpenAI's tiktoken (WASM), loaded lazily: importing this module
 * loads nothing; the WASM and an encoding's ranks are loaded on the first `loadTiktoken` call
 * for that encoding and shared by every counter of it in the thread.
 * @module
 */
import type { Tiktoken } from '@dqbd/tiktoken/lite/init';
import { ClosedError, RecallKitError, ValidationError } from '../errors.js';
import { instantiateTiktoken, loadRanks } from './tiktoken-assets.js';
import { createCountCache } from './piece-chunks.js';
import { countingParts } from './piece-cuts.js';
import { createPacer } from './count-yielding.js';
import type { Pacer, TiktokenCounter, TiktokenEncoding, TiktokenLite, TiktokenStatus } from './types.js';

export type { TiktokenCounter, TiktokenEncoding, TiktokenStatus } from './types.js';

/** The tiktoken encodings RecallKit ships: `o200k_base` (GPT-4o and later) and `cl100k_base` (GPT-4, GPT-3.5). */
export const TIKTOKEN_ENCODINGS = ['o200k_base', 'cl100k_base'] as const satisfies readonly TiktokenEncoding[];

interface SharedEncoder {
  readonly encoder: Tiktoken;
  /** Counts of recent lines (`piece-chunks.ts`). */
  readonly cached: ReturnType<typeof createCountCache>;
  handles: number;
  freed: boolean;
}

let lite: Promise<TiktokenLite> | undefined;
/** Per encoding: the load in progress, and the encoder once it is built. */
const encoders = new Map<TiktokenEncoding, { pending: Promise<SharedEncoder>; shared?: SharedEncoder }>();
let wasmLoads = 0;
let rankLoads = 0;

/** Whether `value` names an encoding {@link loadTiktoken} accepts. */
export function isTiktokenEncoding(value: unknown): value is TiktokenEncoding {
  return (TIKTOKEN_ENCODINGS as readonly unknown[]).includes(value);
}

/**
 * Loads tiktoken for `encoding` (on first use: the WASM, about 1 MB, and the rank file,
 * 2.3 MB for `o200k_base`, 1.1 MB for `cl100k_base`) and returns a counter. Later calls reuse
 * what was loaded. Works in Node 20 (files read from `node_modules`) and in browsers and
 * Web Workers bundled by Vite (files emitted as assets and fetched).
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

/** The current {@link TiktokenStatus}. */
export function tiktokenStatus(): TiktokenStatus {
  return { wasmLoads, rankLoads, encodings: [...encoders.keys()] };
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
    const [module, ranks] = await Promise.all([wasm(), countedRanks(encoding)]);
    const encoder = new module.Tiktoken(ranks.bpe_ranks, ranks.special_tokens, ranks.pat_str);
    return { encoder, cached: createCountCache(), handles: 0, freed: false };
  } catch (error) {
    if (error instanceof RecallKitError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new RecallKitError(`tokenizer: could not load tiktoken ${encoding}: ${reason}`, { cause: error });
  }
}

function wasm(): Promise<TiktokenLite> {
  if (!lite) {
    wasmLoads += 1;
    const pending = instantiateTiktoken();
    lite = pending;
    pending.catch(() => {
      if (lite === pending) lite = undefined;
    });
  }
  return lite;
}

function countedRanks(encoding: TiktokenEncoding): ReturnType<typeof loadRanks> {
  rankLoads += 1;
  return loadRanks(encoding);
}

function counterOf(encoding: TiktokenEncoding, shared: SharedEncoder): TiktokenCounter {
  let live = true;
  const encodeCount = (text: string): number => shared.encoder.encode_ordinary(text).length;
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
      for (const part of countingParts(text)) n += shared.cached(part, encodeCount);
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
        n += shared.cached(part, encodeCount);
      }
      return n;
    },
    free(): void {
      if (!live) return;
      live = false;
      shared.handles -= 1;
      if (shared.handles > 0) return;
      shared.freed = true;
      shared.encoder.free();
      if (encoders.get(encoding)?.shared === shared) encoders.delete(encoding);
    },
  };
}
