/**
 * Writes tiktoken's rank tables in RecallKit's compact rank format into `<dir>/tokens/ranks/`,
 * one file per encoding, from `@dqbd/tiktoken/encoders/<encoding>.json`. The build writes them
 * into `dist` (`npm run build`), where `src/tokens/rank-source.ts` reads them next to itself (a
 * file in Node, a fetched asset in a browser); the sources hold the same files in
 * `src/tokens/ranks/` (written with `node scripts/copy-ranks.mjs src`), so Vite and tsx use
 * them from a checkout too.
 *
 * The format (`.ranks`), gzip-compressed as a whole:
 * - 4 bytes `RKR1`;
 * - a 32-bit little-endian length, then that many bytes of UTF-8 JSON:
 *   `{ encoding, tokens, pat_str, special_tokens }`;
 * - `tokens` bytes: the byte length of each token, in rank order (rank 0 first);
 * - the tokens' bytes, in rank order.
 * 1.0 MB for `o200k_base` (2.3 MB as tiktoken's JSON), 0.42 MB for `cl100k_base` (1.1 MB).
 * `test/unit/tokens-rank-file.test.ts` checks every token of both against tiktoken's JSON.
 *
 * Usage: `node scripts/copy-ranks.mjs [dir]` (default `dist`).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The encodings `loadTiktoken` supports (TIKTOKEN_ENCODINGS in src/tokens/tiktoken.ts). */
export const ENCODINGS = ['o200k_base', 'cl100k_base'];

/** The first bytes of a rank file, before compression. */
const MAGIC = 'RKR1';

/**
 * tiktoken's rank table (`bpe_ranks`: lines `<base64 token> <rank>`, or one line
 * `! <first rank> <base64 token> <base64 token> …`) as the tokens' bytes in rank order.
 * Refuses a table whose ranks are not 0, 1, 2, … without a gap.
 */
export function tokensOf(bpeRanks) {
  const tokens = [];
  for (const line of bpeRanks.split('\n')) {
    if (!line) continue;
    const parts = line.split(' ');
    if (parts[0] === '!') {
      const first = Number(parts[1]);
      for (let i = 2; i < parts.length; i++) tokens[first + i - 2] = Buffer.from(parts[i], 'base64');
    } else {
      tokens[Number(parts[1])] = Buffer.from(parts[0], 'base64');
    }
  }
  for (let rank = 0; rank < tokens.length; rank++) {
    if (!tokens[rank]) throw new Error(`copy-ranks: rank ${rank} has no token`);
    if (tokens[rank].length === 0 || tokens[rank].length > 255) {
      throw new Error(`copy-ranks: token ${rank} has ${tokens[rank].length} bytes (1 to 255 expected)`);
    }
  }
  return tokens;
}

/** An encoding's rank file (`@dqbd/tiktoken`'s JSON: `bpe_ranks`, `special_tokens`, `pat_str`), compact. */
export function encodeRankFile(encoding, json) {
  const tokens = tokensOf(json.bpe_ranks);
  const header = Buffer.from(
    JSON.stringify({
      encoding,
      tokens: tokens.length,
      pat_str: json.pat_str,
      special_tokens: json.special_tokens,
    }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  const raw = Buffer.concat([Buffer.from(MAGIC), length, header, Buffer.from(tokens.map((t) => t.length)), ...tokens]);
  return gzipSync(raw, { level: 9 });
}

/** tiktoken's JSON for `encoding`, from the installed `@dqbd/tiktoken`. */
export function tiktokenJson(encoding, from = process.cwd()) {
  const require = createRequire(join(from, 'package.json'));
  return JSON.parse(readFileSync(require.resolve(`@dqbd/tiktoken/encoders/${encoding}.json`), 'utf8'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const target = join(resolve(process.argv[2] ?? 'dist'), 'tokens', 'ranks');
  mkdirSync(target, { recursive: true });
  for (const encoding of ENCODINGS) {
    writeFileSync(join(target, `${encoding}.ranks`), encodeRankFile(encoding, tiktokenJson(encoding)));
  }
}
