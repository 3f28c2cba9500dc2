/**
 * The compact rank files RecallKit ships (`src/tokens/ranks/*.ranks`, copied into `dist` by the
 * build) hold exactly tiktoken's ranks: every token of both encodings, in rank order, the
 * pattern and the special tokens; the files are what scripts/copy-ranks.mjs makes of
 * `@dqbd/tiktoken`'s JSON, and `loadRanks` gives tiktoken's format back.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { RecallKitError } from '../../src/errors.js';
import { buildRankTable, readRankTable } from '../../src/tokens/rank-table.js';
import { loadRankTable } from '../../src/tokens/rank-source.js';
import { loadRanks } from '../../src/tokens/tiktoken-wasm.js';
import { TIKTOKEN_ENCODINGS } from '../../src/tokens/tiktoken.js';
import type { TiktokenRanks } from '../../src/tokens/types.js';
// @ts-expect-error: a plain JavaScript build script, without types
import { encodeRankFile, tokensOf } from '../../scripts/copy-ranks.mjs';

const tiktokenJson = (encoding: string): TiktokenRanks =>
  JSON.parse(
    readFileSync(createRequire(import.meta.url).resolve(`@dqbd/tiktoken/encoders/${encoding}.json`), 'utf8'),
  ) as TiktokenRanks;

describe.each(TIKTOKEN_ENCODINGS)('the %s rank file', (encoding) => {
  const json = tiktokenJson(encoding);

  it("holds every token of tiktoken's table at its rank, and nothing else", async () => {
    const table = await loadRankTable(encoding);
    const tokens = (tokensOf as (ranks: string) => Uint8Array[])(json.bpe_ranks);
    expect(table.header.tokens).toBe(tokens.length);
    for (let rank = 0; rank < tokens.length; rank++) {
      const token = tokens[rank]!;
      if (table.rank(token, 0, token.length) !== rank) expect.fail(`token ${rank} is not found at its rank`);
      if (Buffer.compare(Buffer.from(table.token(rank)), token) !== 0) expect.fail(`token ${rank} differs`);
    }
    expect(table.rank(new TextEncoder().encode('not a token at all, surely'), 0, 26)).toBe(-1);
    expect(table.header.pat_str).toBe(json.pat_str);
    expect(table.header.special_tokens).toEqual(json.special_tokens);
  });

  it('is what scripts/copy-ranks.mjs writes from @dqbd/tiktoken', () => {
    const file = readFileSync(new URL(`../../src/tokens/ranks/${encoding}.ranks`, import.meta.url));
    const written = (encodeRankFile as (e: string, j: TiktokenRanks) => Buffer)(encoding, json);
    expect(gunzipSync(file).equals(gunzipSync(written))).toBe(true);
    expect(file.length).toBeLessThan(
      readFileSync(createRequire(import.meta.url).resolve(`@dqbd/tiktoken/encoders/${encoding}.json`)).length / 2,
    );
  });

  it("gives tiktoken's own format back through loadRanks", async () => {
    const ranks = await loadRanks(encoding);
    expect(ranks.pat_str).toBe(json.pat_str);
    expect(ranks.special_tokens).toEqual(json.special_tokens);
    const back = (tokensOf as (ranks: string) => Uint8Array[])(ranks.bpe_ranks);
    const original = (tokensOf as (ranks: string) => Uint8Array[])(json.bpe_ranks);
    expect(back.length).toBe(original.length);
    expect(back.every((token, rank) => Buffer.compare(token, original[rank]!) === 0)).toBe(true);
  });
});

describe('readRankTable', () => {
  it('refuses bytes that are not a rank file of the encoding, saying which', () => {
    expect(() => readRankTable(new Uint8Array([1, 2, 3]), 'o200k_base')).toThrow(RecallKitError);
    expect(() => readRankTable(new Uint8Array([1, 2, 3]), 'o200k_base')).toThrow(/o200k_base rank file is not valid/);
    const cl100k = gunzipSync(readFileSync(new URL('../../src/tokens/ranks/cl100k_base.ranks', import.meta.url)));
    expect(() => readRankTable(cl100k, 'o200k_base')).toThrow(/it holds cl100k_base/);
  });
});

describe('buildRankTable', () => {
  const o200k = gunzipSync(readFileSync(new URL('../../src/tokens/ranks/o200k_base.ranks', import.meta.url)));

  it('builds the table readRankTable builds, giving the thread back between its slices', async () => {
    let pauses = 0;
    const built = await buildRankTable(o200k, 'o200k_base', async () => {
      pauses++;
    });
    const read = readRankTable(o200k, 'o200k_base');
    expect(pauses).toBeGreaterThan(0);
    expect(built.longest).toBe(read.longest);
    for (let rank = 0; rank < read.header.tokens; rank++) {
      const token = read.token(rank);
      if (built.rank(token, 0, token.length) !== rank) expect.fail(`token ${rank} is not found at its rank`);
    }
  });

  it('refuses a file whose token bytes do not add up, as readRankTable does', async () => {
    const cut = o200k.subarray(0, o200k.length - 10);
    expect(() => readRankTable(cut, 'o200k_base')).toThrow(/token bytes do not add up/);
    await expect(buildRankTable(cut, 'o200k_base')).rejects.toThrow(/token bytes do not add up/);
  });
});
