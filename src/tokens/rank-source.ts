/**
 * Where an encoding's rank file comes from in each host. Nothing is loaded at import time.
 *
 * The file is `./ranks/<encoding>.ranks` next to this module (`dist/tokens/ranks/` in the
 * package, `src/tokens/ranks/` in a checkout; written by `scripts/copy-ranks.mjs`), named by
 * one literal `new URL(…, import.meta.url)` per encoding:
 * - in Node (and Node-compatible servers) it is read with `node:fs`, imported through a
 *   specifier bundlers cannot see, so browser bundles never pull a `node:` module in;
 * - in a browser or a Web Worker bundled by Vite (app, worker, dev server, vitest browser mode)
 *   or another bundler that knows the pattern, it is an asset emitted as it is and fetched on
 *   first use: only the encoding in use is downloaded, and no table is ever inlined in a bundle.
 *
 * The file is gzip-compressed; it is inflated here (`node:zlib`, or `DecompressionStream` in a
 * browser), or taken as it is when a server already inflated it. The table built from it is kept
 * for the next start: as a file in Node (`rank-file-cache.ts`: a server's next process reads it
 * instead of building it), in IndexedDB in a browser (`rank-cache.ts`).
 * @module
 */
import { RecallKitError } from '../errors.js';
import { keepTableLater, readKeptTable } from './rank-cache.js';
import { keepFileLater, keptTablesDir, readKeptFile } from './rank-file-cache.js';
import { buildRankTable, type RankTable } from './rank-table.js';
import type { TiktokenEncoding } from './types.js';

/** Built at run time so no bundler constant-folds it into a static `node:` import. */
const nodeModule = (name: string): string => ['node', name].join(':');

/**
 * True in Node and Node-compatible runtimes; false in a page or a Web Worker, even where a
 * bundler or test runner defines a `process` shim.
 */
export function isNodeHost(): boolean {
  const g = globalThis as {
    process?: { versions?: { node?: unknown } };
    document?: unknown;
    WorkerGlobalScope?: unknown;
  };
  return typeof g.process?.versions?.node === 'string' && g.document === undefined && g.WorkerGlobalScope === undefined;
}

/** The URL of an encoding's rank file: one literal per encoding, so bundlers see each. */
export function rankFileUrl(encoding: TiktokenEncoding): URL {
  switch (encoding) {
    case 'o200k_base':
      return new URL('./ranks/o200k_base.ranks', import.meta.url);
    case 'cl100k_base':
      return new URL('./ranks/cl100k_base.ranks', import.meta.url);
  }
}

/**
 * Reads and parses an encoding's rank file (its table built in slices: see {@link buildRankTable}).
 * In a browser, a table kept by an earlier start (`rank-cache.ts`) is read instead, and a table
 * built here is kept for the next.
 * @throws {RecallKitError} naming the file when it cannot be read or is not a rank file.
 */
export async function loadRankTable(encoding: TiktokenEncoding): Promise<RankTable> {
  const url = rankFileUrl(encoding);
  if (isNodeHost()) return nodeTable(url, encoding);
  const early = prefetched.get(encoding);
  prefetched.delete(encoding);
  const kept = await (early ?? readKeptTable(url, encoding));
  if (kept) return kept;
  const table = await buildRankTable(await browserBytes(url, encoding), encoding);
  keepTableLater(url, encoding, table);
  return table;
}

const isGzip = (bytes: Uint8Array): boolean => bytes[0] === 0x1f && bytes[1] === 0x8b;

/** In Node: the table kept by an earlier process (`rank-file-cache.ts`), else built and kept for the next. */
async function nodeTable(url: URL, encoding: TiktokenEncoding): Promise<RankTable> {
  const file = await nodeFile(url, encoding);
  if (!isGzip(file)) return buildRankTable(file, encoding);
  const dir = await keptTablesDir().catch(() => undefined);
  const kept = dir === undefined ? undefined : await readKeptFile(dir, file, encoding);
  if (kept) return kept;
  type Zlib = typeof import('node:zlib');
  const zlib = (await import(/* @vite-ignore */ /* webpackIgnore: true */ nodeModule('zlib'))) as Zlib;
  const table = await buildRankTable(zlib.gunzipSync(file), encoding);
  if (dir !== undefined) void keepFileLater(dir, file, encoding, table);
  return table;
}

/** The rank file's bytes as they are on disk. */
async function nodeFile(url: URL, encoding: TiktokenEncoding): Promise<Uint8Array> {
  type Fs = typeof import('node:fs/promises');
  type Url = typeof import('node:url');
  const [fs, nodeUrl] = await Promise.all([
    import(/* @vite-ignore */ /* webpackIgnore: true */ nodeModule('fs/promises')) as Promise<Fs>,
    import(/* @vite-ignore */ /* webpackIgnore: true */ nodeModule('url')) as Promise<Url>,
  ]);
  const path = url.protocol === 'file:' ? nodeUrl.fileURLToPath(url) : url.href;
  let file: Uint8Array;
  try {
    file = await fs.readFile(path);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RecallKitError(`tokenizer: could not read the ${encoding} ranks at ${path}: ${reason}`, {
      cause: error,
    });
  }
  return file;
}

/** Reads started by {@link prefetchRankTable}, each taken by the next load of its encoding. */
const prefetched = new Map<TiktokenEncoding, Promise<RankTable | undefined>>();

/**
 * In a browser, starts reading the table of `encoding` an earlier start kept (`rank-cache.ts`);
 * the next {@link loadRankTable} of it takes what was read, or loads as usual when nothing was
 * kept. A worker calls it as its script starts to run, so the read overlaps the rest of the
 * script's start-up instead of following it. It makes no network request (the rank file itself
 * is not read ahead: a request that only the HTTP cache may answer fails visibly on a first start).
 */
export function prefetchRankTable(encoding: TiktokenEncoding): void {
  if (isNodeHost() || prefetched.has(encoding)) return;
  prefetched.set(encoding, readKeptTable(rankFileUrl(encoding), encoding));
}

async function browserBytes(url: URL, encoding: TiktokenEncoding): Promise<Uint8Array> {
  const response = await fetch(url.href);
  if (!response.ok) {
    throw new RecallKitError(
      `tokenizer: could not fetch the ${encoding} ranks from ${url.href}: HTTP ${response.status}`,
    );
  }
  return fileBytes(response);
}

/** A rank file's bytes, inflated when they are gzip's. */
async function fileBytes(response: Response): Promise<Uint8Array> {
  const file = new Uint8Array(await response.arrayBuffer());
  if (!isGzip(file)) return file;
  const inflated = new Blob([file]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}
