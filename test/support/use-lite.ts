/**
 * The real USE-lite model (dev dependency, offline) as a counting embedder for tests, loaded
 * once per test file.
 */
import { loadUseLiteModel, type UseLiteModel } from '../../src/embedders/use-lite.js';

let loading: Promise<UseLiteModel> | undefined;

/** Load USE-lite from the npm package (its default source would fetch from the web). */
export function loadUseLite(): Promise<UseLiteModel> {
  return (loading ??= loadUseLiteModel());
}

/** A USE-lite embedder that records every call's texts. */
export type CountingEmbedder = ((texts: string[]) => Promise<number[][]>) & { calls: string[][]; texts(): number };

/** USE-lite, counting; `before` runs before each call (to fail or to hold it). */
export function countingUseLite(before?: (texts: string[]) => Promise<void> | void): CountingEmbedder {
  const calls: string[][] = [];
  const embed = async (texts: string[]): Promise<number[][]> => {
    calls.push(texts);
    await before?.(texts);
    const model = await loadUseLite();
    return (await model.embed(texts)).map((v) => Array.from(v));
  };
  return Object.assign(embed, { calls, texts: () => calls.reduce((n, c) => n + c.length, 0) });
}
