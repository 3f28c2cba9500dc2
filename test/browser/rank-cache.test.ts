/**
 * The rank tables a start keeps in Cache Storage for the next one (`src/tokens/rank-cache.ts`),
 * on every engine: kept after a load, read back as the same table, and refused when what is kept
 * does not fit. Where an engine has no Cache Storage, nothing is kept and the table is built.
 */
import { describe, expect, it } from 'vitest';
import { keptTableOf, RANK_CACHE, readKeptTable } from '../../src/tokens/rank-cache.js';
import { loadRankTable, rankFileUrl } from '../../src/tokens/rank-source.js';

const encoding = 'cl100k_base';
const hasCaches = typeof (globalThis as { caches?: unknown }).caches !== 'undefined';

/** The kept table of `encoding`, waited for (it is written in a task after the load): a hang detector, not a measure. */
async function keptTable() {
  for (let i = 0; i < 200; i++) {
    const table = await readKeptTable(rankFileUrl(encoding), encoding);
    if (table) return table;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

describe('kept rank tables', () => {
  it('keeps a loaded table for the next start, which reads back the same ranks', async () => {
    const built = await loadRankTable(encoding);
    if (!hasCaches) {
      expect(await readKeptTable(rankFileUrl(encoding), encoding)).toBeUndefined();
      return;
    }
    const kept = await keptTable();
    expect(kept).toBeDefined();
    expect(kept!.header).toEqual(built.header);
    expect(kept!.longest).toBe(built.longest);
    for (let rank = 0; rank < built.header.tokens; rank += 7) {
      const token = built.token(rank);
      if (kept!.rank(token, 0, token.length) !== rank) expect.fail(`token ${rank} is not found at its rank`);
    }
    expect(kept!.rank(new TextEncoder().encode('not a token at all, surely'), 0, 26)).toBe(-1);
    // The next load takes it.
    const again = await loadRankTable(encoding);
    const token = built.token(1234);
    expect(again.rank(token, 0, token.length)).toBe(1234);
  });

  it.runIf(hasCaches)('refuses kept bytes that do not fit: a changed slot, a cut entry, another encoding', async () => {
    await loadRankTable(encoding);
    expect(await keptTable()).toBeDefined();
    // Other test files of this origin keep tables too: read the entry once and work on a copy.
    const cache = await caches.open(RANK_CACHE);
    const key = (await cache.keys()).find((k) => new URL(k.url).searchParams.get('recallkit-table') === encoding)!;
    const bytes = new Uint8Array(await (await cache.match(key))!.arrayBuffer());
    expect(keptTableOf(bytes.slice().buffer, encoding)).toBeDefined();
    // Slots of the hash table zeroed: the sample of tokens no longer fits.
    const corrupt = bytes.slice();
    corrupt.fill(0, bytes.length - 900_000, bytes.length - 800_000);
    expect(keptTableOf(corrupt.buffer, encoding)).toBeUndefined();
    expect(keptTableOf(bytes.slice(0, 1000).buffer, encoding)).toBeUndefined();
    expect(keptTableOf(bytes.slice().buffer, 'o200k_base')).toBeUndefined();
    expect(keptTableOf(new ArrayBuffer(8), encoding)).toBeUndefined();
  });
});
