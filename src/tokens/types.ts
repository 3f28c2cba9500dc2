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

/** A {@link TokenCounter} giving tiktoken's counts for one encoding. */
export interface TiktokenCounter extends PacedCounter {
  /** The encoding it counts with. */
  readonly encoding: TiktokenEncoding;
  /**
   * The number of tokens of `text`: exactly `encode_ordinary(text).length` of tiktoken, for any
   * text, in time linear in its length (within a log factor inside one pre-tokenizer piece of
   * thousands of bytes, where tiktoken itself is quadratic). Text that looks like a special
   * token (`"<|endoftext|>"`) is counted as ordinary text, as a chat API does with user content.
   */
  count(text: string): number;
  /**
   * The same count as `count(text)`, giving the thread back between parts of a long text once
   * `pacer`'s slice of work (20 ms by default) has run: a 1 MB text never blocks for long.
   */
  countAsync(text: string, pacer?: Pacer): Promise<number>;
  /**
   * Releases this counter; `count` then throws a `ClosedError`. The encoding's rank table is
   * let go when its last counter is released. Calling it again does nothing.
   */
  free(): void;
}

/** What has been loaded in this thread so far: for diagnostics, and for tests of laziness. */
export interface TiktokenStatus {
  /**
   * Times tiktoken's WASM was instantiated: only by `instantiateTiktoken` (0 or 1); the
   * counters never need it.
   */
  wasmLoads: number;
  /** Times a rank file was read (once per encoding, again only after all its counters were freed). */
  rankLoads: number;
  /** Encodings currently loaded or loading. */
  encodings: TiktokenEncoding[];
}

/** tiktoken's lite module (`@dqbd/tiktoken/lite/init`): `init` plus the `Tiktoken` class. */
export type TiktokenLite = typeof import('@dqbd/tiktoken/lite/init');

/** An encoding's ranks in tiktoken's format, as `@dqbd/tiktoken/encoders/<name>.json` holds them. */
export interface TiktokenRanks {
  bpe_ranks: string;
  special_tokens: Record<string, number>;
  pat_str: string;
}
