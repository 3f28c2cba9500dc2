/**
 * What this thread has loaded for token counting: the encoders loaded (one per encoding, shared
 * by every counter) and how many loads there were, counted where they happen, read by
 * `tiktokenStatus()` (diagnostics, and tests of laziness). A module of its own so a process has
 * one of each even with two copies of the tokenizer loaded: the server entry
 * (`recallkit/postgres`) is bundled (`scripts/bundle-server.mjs`) and imports this module from
 * `dist/`, as `recallkit/tokens` does, so `preloadTiktoken()` loads the server's ranks too.
 * @module
 */
import type { BpeCounter } from './bpe-count.js';
import type { createCountCache } from './piece-chunks.js';
import type { TiktokenEncoding } from './types.js';

/** Load counters, mutated by `tiktoken.ts` (rank files) and `tiktoken-wasm.ts` (the WASM). */
export const loads = { wasm: 0, ranks: 0 };

/** An encoding's counter, shared by every `loadTiktoken` handle until the last is freed. */
export interface SharedEncoder {
  readonly bpe: BpeCounter;
  /** Counts of recent parts (`piece-chunks.ts`). */
  readonly cached: ReturnType<typeof createCountCache>;
  handles: number;
  freed: boolean;
}

/** The encoders of this thread, loading or loaded, by encoding. */
export const encoders = new Map<TiktokenEncoding, { pending: Promise<SharedEncoder>; shared?: SharedEncoder }>();
