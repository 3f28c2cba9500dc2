/**
 * Where tiktoken's WASM and rank files come from in each host. Nothing is loaded at import
 * time: every function here is called by `loadTiktoken` on first use.
 *
 * - Node (and Node-compatible servers): both files are read from `node_modules` with
 *   `node:fs`, imported through a specifier bundlers cannot see, so browser bundles never
 *   pull a `node:` module in.
 * - Browser and Web Worker through Vite (app bundle, worker bundle, dev server, vitest
 *   browser mode): the WASM is a `?url` import (Vite emits it as an asset, fetched on first
 *   use); the ranks are a `new URL('./ranks/<encoding>.json', import.meta.url)` asset next to
 *   this module (copied into `dist/tokens/ranks` by the build), fetched on first use, so only
 *   the encoding in use is downloaded and no rank table is ever inlined into a bundle, whatever
 *   the worker format.
 * @module
 */
import { RecallKitError } from '../errors.js';
import type { TiktokenEncoding, TiktokenLite, TiktokenRanks } from './types.js';

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

/**
 * Imports tiktoken's lite build and instantiates its WASM (the lite one: ranks are loaded
 * separately, so only the encodings asked for are ever downloaded), once per thread.
 */
export function instantiateTiktoken(): Promise<TiktokenLite> {
  // One instantiation per thread, shared by every caller: a second `init` racing the first
  // would swap the WASM instance under encoders built on the first. A failure is forgotten.
  if (!instantiating) {
    const pending = instantiate();
    instantiating = pending;
    pending.catch(() => {
      if (instantiating === pending) instantiating = undefined;
    });
  }
  return instantiating;
}

let instantiating: Promise<TiktokenLite> | undefined;

async function instantiate(): Promise<TiktokenLite> {
  const lite = await import('@dqbd/tiktoken/lite/init');
  if (isNodeHost()) {
    const bytes = await readNodeFile('@dqbd/tiktoken/lite/tiktoken_bg.wasm');
    await lite.init((imports) => WebAssembly.instantiate(bytes, imports));
  } else {
    const { default: url } = await import('@dqbd/tiktoken/lite/tiktoken_bg.wasm?url');
    const response = await fetchOk(url, 'the tiktoken WASM');
    await lite.init((imports) => instantiateResponse(response, imports));
  }
  return lite;
}

/** Reads an encoding's rank file (`bpe_ranks`, `special_tokens`, `pat_str`). */
export async function loadRanks(encoding: TiktokenEncoding): Promise<TiktokenRanks> {
  if (isNodeHost()) {
    const bytes = await readNodeFile(`@dqbd/tiktoken/encoders/${encoding}.json`);
    return JSON.parse(new TextDecoder().decode(bytes)) as TiktokenRanks;
  }
  return browserRanks(encoding);
}

/**
 * The rank file as a static asset, one literal `new URL(…, import.meta.url)` per encoding:
 * Vite (build, dev server, dependency optimizer) and other bundlers emit or serve each file
 * as it is, fetched only when asked for. Not a JS module: Vite inlines dynamic imports into a
 * worker built in its default `iife` format, which put both rank tables in every worker.
 */
async function browserRanks(encoding: TiktokenEncoding): Promise<TiktokenRanks> {
  const url = rankUrl(encoding);
  const response = await fetchOk(url.href, `the ${encoding} ranks`);
  return (await response.json()) as TiktokenRanks;
}

function rankUrl(encoding: TiktokenEncoding): URL {
  switch (encoding) {
    case 'o200k_base':
      return new URL('./ranks/o200k_base.json', import.meta.url);
    case 'cl100k_base':
      return new URL('./ranks/cl100k_base.json', import.meta.url);
  }
}

async function readNodeFile(specifier: string): Promise<Uint8Array<ArrayBuffer>> {
  type Fs = typeof import('node:fs/promises');
  type Mod = typeof import('node:module');
  const [fs, mod] = await Promise.all([
    import(/* @vite-ignore */ /* webpackIgnore: true */ nodeModule('fs/promises')) as Promise<Fs>,
    import(/* @vite-ignore */ /* webpackIgnore: true */ nodeModule('module')) as Promise<Mod>,
  ]);
  const path = mod.createRequire(import.meta.url).resolve(specifier);
  const buffer = await fs.readFile(path);
  // A fresh copy: WebAssembly and TextDecoder want a plain ArrayBuffer-backed view.
  return new Uint8Array(buffer);
}

async function fetchOk(url: string, what: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) {
    throw new RecallKitError(`tokenizer: could not fetch ${what} from ${url}: HTTP ${response.status}`);
  }
  return response;
}

/** Streams when the server labels the file `application/wasm`; buffers otherwise. */
async function instantiateResponse(
  response: Response,
  imports: WebAssembly.Imports,
): Promise<WebAssembly.WebAssemblyInstantiatedSource> {
  const type = response.headers.get('content-type')?.split(';')[0]?.trim();
  if (type === 'application/wasm' && typeof WebAssembly.instantiateStreaming === 'function') {
    return WebAssembly.instantiateStreaming(response, imports);
  }
  return WebAssembly.instantiate(await response.arrayBuffer(), imports);
}
