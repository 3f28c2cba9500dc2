/**
 * The rank tables a Node process keeps as files for the next one (`src/tokens/rank-file-cache.ts`):
 * a kept table is read back and finds every token where the built one does; one cut short,
 * altered, kept for another rank file or in a directory others can write into is not used; and
 * `loadRankTable` keeps the table it built in the temp directory and reads it on the next load.
 */
import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepFileLater, keptTableName, keptTablesDir, readKeptFile } from '../../src/tokens/rank-file-cache.js';
import { loadRankTable, rankFileUrl } from '../../src/tokens/rank-source.js';
import { readRankTable, type RankTable } from '../../src/tokens/rank-table.js';
import { TIKTOKEN_ENCODINGS } from '../../src/tokens/tiktoken.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'recallkit-coldstart-kept-'));
  chmodSync(dir, 0o700);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const rankFile = (encoding: (typeof TIKTOKEN_ENCODINGS)[number]): Uint8Array => readFileSync(rankFileUrl(encoding));

/** Every token of `built` is found at its rank in `kept`, and bytes that are no token are not. */
function expectSameTable(kept: RankTable, built: RankTable): void {
  expect(kept.header).toEqual(built.header);
  expect(kept.longest).toBe(built.longest);
  for (let rank = 0; rank < built.header.tokens; rank++) {
    const token = built.token(rank);
    if (kept.rank(token, 0, token.length) !== rank) expect.fail(`token ${rank} is not found at its rank`);
  }
  const none = new TextEncoder().encode('surely no token of any encoding');
  expect(kept.rank(none, 0, none.length)).toBe(-1);
}

describe.each(TIKTOKEN_ENCODINGS)('a kept %s table', (encoding) => {
  it('is read back by the next process and finds every token the built one does', async () => {
    const file = rankFile(encoding);
    expect(await readKeptFile(dir, file, encoding)).toBeUndefined();
    const built = readRankTable(gunzipSync(file), encoding);
    await keepFileLater(dir, file, encoding, built);
    expect(readdirSync(dir)).toEqual([keptTableName(file, encoding)]);
    const kept = await readKeptFile(dir, file, encoding);
    expect(kept).toBeDefined();
    expectSameTable(kept!, built);
  });
});

describe('a kept table that does not fit', () => {
  const encoding = 'cl100k_base';

  async function keep(): Promise<{ file: Uint8Array; path: string }> {
    const file = rankFile(encoding);
    await keepFileLater(dir, file, encoding, readRankTable(gunzipSync(file), encoding));
    return { file, path: join(dir, keptTableName(file, encoding)!) };
  }

  it('is not used when cut short or when its slots are altered', async () => {
    const { file, path } = await keep();
    const whole = readFileSync(path);
    truncateSync(path, whole.length - 4096);
    expect(await readKeptFile(dir, file, encoding)).toBeUndefined();
    // Every slot full: a lookup of bytes that are no token would never end.
    const full = Buffer.from(whole);
    const slotsAt = 16 + full.readUInt32LE(4) + ((4 - (full.readUInt32LE(4) % 4)) % 4);
    full.fill(1, slotsAt, slotsAt + full.readUInt32LE(8) * 4);
    writeFileSync(path, full);
    expect(await readKeptFile(dir, file, encoding)).toBeUndefined();
    // Two ranks' slots swapped: the sample of tokens finds them elsewhere.
    const swapped = Buffer.from(whole);
    const slots = new Int32Array(swapped.buffer, swapped.byteOffset + slotsAt, swapped.readUInt32LE(8));
    const filled = slots.findIndex((r) => r === 1);
    const other = slots.findIndex((r) => r === 998);
    [slots[filled], slots[other]] = [slots[other]!, slots[filled]!];
    writeFileSync(path, swapped);
    expect(await readKeptFile(dir, file, encoding)).toBeUndefined();
  });

  it('is not read for another rank file, and a new keep replaces the old table', async () => {
    const { file } = await keep();
    const other = Uint8Array.from(file);
    other[other.length - 8] = other[other.length - 8]! ^ 0xff; // another CRC-32 in gzip's trailer: another file
    expect(keptTableName(other, encoding)).not.toBe(keptTableName(file, encoding));
    expect(await readKeptFile(dir, other, encoding)).toBeUndefined();
    await keepFileLater(dir, other, encoding, readRankTable(gunzipSync(file), encoding));
    expect(readdirSync(dir)).toEqual([keptTableName(other, encoding)]);
  });

  it('is not read from a directory others can write into', async () => {
    const { file } = await keep();
    chmodSync(dir, 0o777);
    expect(await readKeptFile(dir, file, encoding)).toBeUndefined();
  });
});

describe('loadRankTable in Node', () => {
  let saved: string | undefined;
  let temp: string;
  beforeEach(() => {
    saved = process.env['TMPDIR'];
    temp = mkdtempSync(join(tmpdir(), 'recallkit-coldstart-tmp-'));
    process.env['TMPDIR'] = temp;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = saved;
    rmSync(temp, { recursive: true, force: true });
  });

  it('keeps the table it built in the temp directory and reads it on the next load', async () => {
    const encoding = 'o200k_base';
    const kept = await keptTablesDir();
    expect(kept.startsWith(temp)).toBe(true);
    const built = await loadRankTable(encoding);
    // The keep is written in a later task: wait for the file (a hang detector bounds it).
    const name = keptTableName(rankFile(encoding), encoding)!;
    for (let i = 0; !readdirSync(temp).length || !safeList(kept).includes(name); i++) {
      if (i > 2000) expect.fail('no table was kept');
      await new Promise((r) => setTimeout(r, 10));
    }
    expectSameTable(await loadRankTable(encoding), built);
    // What the next load reads is the kept file: a special token renamed there (same length, still
    // a table of the file) is what it gives; one cut short is not used, and the table is built again.
    const path = join(kept, name);
    const bytes = readFileSync(path);
    const at = bytes.indexOf('<|endoftext|>');
    expect(at).toBeGreaterThan(0);
    bytes.write('<|endoftexx|>', at);
    writeFileSync(path, bytes);
    expect(Object.keys((await loadRankTable(encoding)).header.special_tokens)).toContain('<|endoftexx|>');
    truncateSync(path, 100);
    const rebuilt = await loadRankTable(encoding);
    expect(rebuilt.header).toEqual(built.header);
    // ...and kept again: wait for that write, so none lands after the temp directory is gone.
    await keptAgain(path, bytes.length);
  });
});

/** Waits (bounded: a hang detector) until the file at `path` has `size` bytes again. */
async function keptAgain(path: string, size: number): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      if (statSync(path).size === size) return;
    } catch {
      // Not there yet.
    }
    if (i > 2000) expect.fail('the table was not kept again');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function safeList(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}
