/**
 * The compact form a browser keeps its built rank tables in (`src/tokens/compact-table.ts`, read by
 * `keptTableOf` of `src/tokens/rank-cache.ts`): read back, it finds every token at its rank and no
 * other bytes, for both encodings; it is about half the bytes of the table as it is in memory; and
 * compact bytes cut short, with a slot's value changed, or of another encoding are refused.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compactTableBytes } from '../../src/tokens/compact-table.js';
import { keptTableBytes, keptTableOf } from '../../src/tokens/rank-cache.js';
import { rankFileUrl } from '../../src/tokens/rank-source.js';
import { rankTableParts, readRankTable } from '../../src/tokens/rank-table.js';
import { TIKTOKEN_ENCODINGS } from '../../src/tokens/tiktoken.js';

const joined = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
};

function built(encoding: (typeof TIKTOKEN_ENCODINGS)[number]) {
  const table = readRankTable(new Uint8Array(gunzipSync(readFileSync(rankFileUrl(encoding)))), encoding);
  const compact = joined(compactTableBytes(rankTableParts(table)!)!);
  return { table, compact };
}

describe('compact rank tables', () => {
  for (const encoding of TIKTOKEN_ENCODINGS) {
    it(`${encoding}: read back, every token is at its rank and other bytes are not tokens`, () => {
      const { table, compact } = built(encoding);
      const kept = keptTableOf(compact.slice().buffer, encoding)!;
      expect(kept).toBeDefined();
      expect(kept.header).toEqual(table.header);
      expect(kept.longest).toBe(table.longest);
      for (let rank = 0; rank < table.header.tokens; rank++) {
        const token = table.token(rank);
        if (kept.rank(token, 0, token.length) !== rank) expect.fail(`token ${rank} is not at its rank`);
      }
      const text = new TextEncoder().encode('not a token at all, surely');
      expect(kept.rank(text, 0, text.length)).toBe(-1);
    });
  }

  it('is about half the bytes of the table as it is in memory (o200k_base)', () => {
    const { table, compact } = built('o200k_base');
    const whole = joined(keptTableBytes(rankTableParts(table)!)).length;
    expect(compact.length).toBeLessThan(whole * 0.55);
  });

  it('refuses compact bytes cut short, with a slot changed, or of another encoding', () => {
    const { compact } = built('cl100k_base');
    expect(keptTableOf(compact.slice(0, compact.length - 3).buffer, 'cl100k_base')).toBeUndefined();
    expect(keptTableOf(compact.slice(0, 1000).buffer, 'cl100k_base')).toBeUndefined();
    // The slots' values are the last bytes: zeroed, the sample of tokens no longer fits.
    const changed = compact.slice();
    changed.fill(0, changed.length - 200_000, changed.length - 100_000);
    expect(keptTableOf(changed.buffer, 'cl100k_base')).toBeUndefined();
    expect(keptTableOf(compact.slice().buffer, 'o200k_base')).toBeUndefined();
  });
});
