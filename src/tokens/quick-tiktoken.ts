/**
 * tiktoken for a browser start: counting begins as soon as the rank file is read. tiktoken's
 * WASM encoder takes hundreds of milliseconds to build from the ranks (a long task in the
 * worker, on the way to the first add); the JavaScript counter (`bpe-js.ts`) gives the same
 * counts from a map it builds in a fraction of that. The WASM encoder is built only when a text
 * comes that the JavaScript counter cannot vouch for (see `createJsBpe`), and then counts it.
 * @module
 */
import type { Tiktoken } from '@dqbd/tiktoken/lite/init';
import { RecallKitError, ValidationError } from '../errors.js';

import { createJsBpe } from './bpe-js.js';
import { createCountCache } from './piece-chunks.js';
import { countingParts } from './piece-cuts.js';
import { createPacer } from './count-yielding.js';
import { instantiateTiktoken, loadRanks } from './tiktoken-assets.js';
import type { PacedCounter, Pacer, TiktokenEncoding } from './types.js';

/**
 * A counter of tiktoken's exact counts for `encoding` that is ready once the WASM module is
 * instantiated and the ranks are read (both fetched at once), without building the encoder.
 * @example
 * ```ts
 * const counter = await quickTiktoken('o200k_base');
 * counter.count('Hello, world!'); // 4
 * ```
 */
export async function quickTiktoken(encoding: TiktokenEncoding): Promise<PacedCounter> {
  try {
    const [lite, ranks] = await Promise.all([instantiateTiktoken(), loadRanks(encoding)]);
    const js = createJsBpe(ranks);
    let encoder: Tiktoken | undefined;
    const count = (text: string): number => {
      const n = js.count(text);
      if (n !== undefined) return n;
      encoder ??= new lite.Tiktoken(ranks.bpe_ranks, ranks.special_tokens, ranks.pat_str);
      return encoder.encode_ordinary(text).length;
    };
    const cached = createCountCache();
    const check = (text: unknown): void => {
      if (typeof text !== 'string') throw new ValidationError('text', 'a string', text);
    };
    // The same parts as `loadTiktoken`'s counter (`piece-cuts.ts`): linear in the text's length.
    return {
      count(text: string): number {
        check(text);
        let n = 0;
        for (const part of countingParts(text)) n += cached(part, count);
        return n;
      },
      async countAsync(text: string, pacer: Pacer = createPacer()): Promise<number> {
        check(text);
        let n = 0;
        for (const part of countingParts(text)) {
          if (pacer.due()) await pacer.pause();
          n += cached(part, count);
        }
        return n;
      },
    };
  } catch (error) {
    if (error instanceof RecallKitError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new RecallKitError(`tokenizer: could not load tiktoken ${encoding}: ${reason}`, { cause: error });
  }
}
