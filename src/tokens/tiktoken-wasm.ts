/**
 * tiktoken's own WASM build and its rank files, for an app that wants tiktoken itself (to encode,
 * not only count). RecallKit's counters do not use them (`bpe-count.ts` counts exactly in
 * JavaScript), so a bundle that only counts never emits or fetches the WASM.
 *
 * - Node (and Node-compatible servers): the WASM is read from `node_modules` with `node:fs`,
 *   imported through a specifier bundlers cannot see.
 * - Browser and Web Worker through Vite: the WASM is a `?url` import (an asset fetched on use).
 *
 * The ranks come from RecallKit's own rank files (`rank-source.ts`), turned back into tiktoken's
 * format.
 * @module
 */
import { RecallKitError } from '../errors.js';
import { loads } from './load-status.js';
import { isNodeHost, loadRankTable } from './rank-source.js';
import type { TiktokenEncoding, TiktokenLite, TiktokenRanks } from './types.js';

/** Built at run time so no bundler constant-folds it into a static `node:` import. */
const nodeModule = (name: string): string => ['node', name].join(':');

/**
 * Imports tiktoken's lite build and instantiates its WASM (the lite one: ranks are loaded
 * separately, so only the encodings asked for are ever downloaded), once per thread.
 */
export function instantiateTiktoken(): Promise<TiktokenLite> {
  // One instantiation per thread, shared by every caller: a second `init` racing the first
  // would swap the WASM instance under encoders built on the first. A failure is forgotten.
  if (!instantiating) {
    loads.wasm += 1;
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

/**
 * An encoding's ranks in tiktoken's format (`bpe_ranks`, `special_tokens`, `pat_str`, what
 * `new Tiktoken(…)` takes), from RecallKit's rank file.
 * @example
 * ```ts
 * const [lite, ranks] = await Promise.all([instantiateTiktoken(), loadRanks('o200k_base')]);
 * const encoder = new lite.Tiktoken(ranks.bpe_ranks, ranks.special_tokens, ranks.pat_str);
 * ```
 */
export async function loadRanks(encoding: TiktokenEncoding): Promise<TiktokenRanks> {
  const table = await loadRankTable(encoding);
  const tokens: string[] = [];
  for (let rank = 0; rank < table.header.tokens; rank++) {
    tokens.push(btoa(String.fromCharCode(...table.token(rank))));
  }
  return {
    bpe_ranks: `! 0 ${tokens.join(' ')}`,
    special_tokens: { ...table.header.special_tokens },
    pat_str: table.header.pat_str,
  };
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
