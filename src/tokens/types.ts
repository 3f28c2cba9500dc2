/**
 * The shapes of token counting with tiktoken: encoding names, counters, load status and the
 * WASM module and rank files they are built from. Implementations import them from here.
 * @module
 */
import type { TokenCounter } from '../types.js';

/** A tiktoken encoding name RecallKit can load (the list is `TIKTOKEN_ENCODINGS`). */
export type TiktokenEncoding = 'o200k_base' | 'cl100k_base';

/**
 * Says when to give the thread back: `due()` is true once `YIELD_SLICE_MS` (20 ms) ran since
 * the last `pause()`. One pacer is shared by every text counted for one call, so many
 * medium texts (an import) yield as one long one does.
 */
export interface Pacer {
  due(): boolean;
  pause(): Promise<void>;
}

/** A counter that can count without holding the thread (tiktoken's counters can). */
export interface PacedCounter extends TokenCounter {
  /** The same count as `count(text)`, pausing with `pacer` between parts. */
  countAsync(text: string, pacer?: Pacer): Promise<number>;
}

/** A {@link TokenCounter} backed by tiktoken's WASM build. */
export interface TiktokenCounter extends PacedCounter {
  /** The encoding it counts with. */
  readonly encoding: TiktokenEncoding;
  /**
   * Counts the tokens of `text` exactly as tiktoken's `encode_ordinary` splits it, in time
   * linear in its length. Text that looks like a special token (`"<|endoftext|>"`) is counted
   * as ordinary text, as a chat API does with user content. A run of over 1,024 characters with
   * no place where a tiktoken piece surely ends (`zzzz…`, `====…`, a blank run) is counted in
   * 128-byte chunks, within 1% of tiktoken's count (tiktoken itself is quadratic there).
   */
  count(text: string): number;
  /**
   * The same count as `count(text)`, giving the thread back between parts of a long text once
   * `pacer`'s slice of work (20 ms by default) has run: a 1 MB text never blocks for long.
   */
  countAsync(text: string, pacer?: Pacer): Promise<number>;
  /**
   * Releases this counter; `count` then throws a `ClosedError`. The WASM memory of the
   * encoding is freed when its last counter is released. Calling it again does nothing.
   */
  free(): void;
}

/** What has been loaded in this thread so far: for diagnostics, and for tests of laziness. */
export interface TiktokenStatus {
  /** Times the WASM was instantiated (0 until the first `loadTiktoken`; then 1). */
  wasmLoads: number;
  /** Times a rank file was read (once per encoding, again only after all its counters were freed). */
  rankLoads: number;
  /** Encodings currently loaded or loading. */
  encodings: TiktokenEncoding[];
}

/** tiktoken's lite module (`@dqbd/tiktoken/lite/init`): `init` plus the `Tiktoken` class. */
export type TiktokenLite = typeof import('@dqbd/tiktoken/lite/init');

/** An encoding's rank file, as `@dqbd/tiktoken/encoders/<name>.json` holds it. */
export interface TiktokenRanks {
  bpe_ranks: string;
  special_tokens: Record<string, number>;
  pat_str: string;
}
