/**
 * RecallKit in a real Vite app, installed as a user installs it: `vite build` + `vite
 * preview`, and the `vite` dev server, opened in Chromium. The README code must run the
 * memory in a Web Worker on IndexedDB with zero Vite config, and survive a reload.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright';
import { createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../vite.config.js';
import { createMemory } from '../../src/create-memory.js';
import {
  buildUserApp,
  bundleTable,
  createUserApp,
  packLibrary,
  pageChunksOf,
  type AppBuild,
  type PackedLibrary,
  type UserApp,
} from '../../bench/browser/user-app.js';
import { PAGE_TIMEOUT } from '../support/until.js';
import { bundleFigures, figureMismatches, WEBLLM_MARKER, webLLMFiles } from '../../bench/lib/doc-figures.js';

interface AppResult {
  error?: string;
  messages: { role: string; content: string }[];
  tokenCount: number;
  stats: { totalEntries: number; activeEntries: number };
}

let pkg: PackedLibrary;
let app: UserApp;
let built: AppBuild;
let browser: Browser;

beforeAll(async () => {
  pkg = await packLibrary();
  app = createUserApp(pkg);
  built = await buildUserApp(app.root);
  browser = await chromium.launch(chromiumLaunchOptions);
});

afterAll(async () => {
  await browser?.close();
  app?.remove();
  pkg?.remove();
});

/** Open `url` in a fresh browser context (its own IndexedDB) and wait for the app's result. */
async function openApp(
  url: string,
): Promise<{ page: Page; result: AppResult; failures: string[]; requests: string[] }> {
  const context = await browser.newContext();
  context.setDefaultTimeout(PAGE_TIMEOUT);
  const page = await context.newPage();
  const failures: string[] = [];
  // Every request of the page and its workers, as the network sees them.
  const requests: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  page.on('requestfailed', (r) => failures.push(`${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) failures.push(`${r.url()} HTTP ${r.status()}`);
  });
  await page.goto(url);
  return { page, result: await resultOf(page), failures, requests };
}

async function resultOf(page: Page): Promise<AppResult> {
  const handle = await page.waitForFunction(() => document.getElementById('result')?.textContent || undefined);
  const result = JSON.parse(String(await handle.jsonValue())) as AppResult;
  expect(result.error).toBeUndefined();
  return result;
}

/** What the page and its worker loaded, and what IndexedDB holds. */
async function inspect(page: Page, dbName: string) {
  const workers = page.workers();
  const workerResources = (
    await Promise.all(workers.map((w) => w.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))))
  ).flat();
  const pageResources = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  const stored = await page.evaluate(async (name) => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes(name)) return { names, entries: -1 };
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => ok(request.result);
      request.onerror = () => fail(request.error);
    });
    const entries = await new Promise<number>((ok, fail) => {
      const request = db.transaction('entries').objectStore('entries').count();
      request.onsuccess = () => ok(request.result);
      request.onerror = () => fail(request.error);
    });
    db.close();
    return { names, entries };
  }, dbName);
  // The engine's worker; off the record (Playwright's default context) it may start the journal's
  // writer worker from a Blob URL (src/store/journal/writer-source.ts), counted apart.
  const engine = workers.filter((w) => !w.url().startsWith('blob:'));
  return {
    workers: engine.length,
    journalWriters: workers.length - engine.length,
    workerResources,
    pageResources,
    stored,
  };
}

/** A string literal of web-llm's code that survives minification (the model config file it fetches). */

/** The requests for a tiktoken rank file (`o200k_base…`, `cl100k_base…`), by encoding. */
function rankRequests(requests: string[]): { o200k: string[]; cl100k: string[] } {
  const file = (url: string) => new URL(url).pathname.split('/').pop()!;
  return {
    o200k: requests.filter((url) => file(url).startsWith('o200k_base')),
    cl100k: requests.filter((url) => file(url).startsWith('cl100k_base')),
  };
}

/**
 * The rank files as the library ships them: their sizes, and 200 characters from the middle of
 * each file's base64 (in any bundle that inlines the file as a data URL).
 */
function rankTables() {
  return (['o200k_base', 'cl100k_base'] as const).map((encoding) => {
    const file = readFileSync(join(pkg.dir, `dist/tokens/ranks/${encoding}.ranks`));
    const base64 = file.toString('base64');
    const middle = (base64.length >> 3) << 2; // a multiple of 4: the same text whatever precedes the file
    return {
      encoding,
      bytes: file.length,
      gzip: gzipSync(file, { level: 9 }).length,
      marker: base64.slice(middle, middle + 200),
    };
  });
}

/**
 * The worker of a build holds no rank table: it is smaller than the smallest one (gzip), and
 * no emitted JS file contains a line of either; both tables are emitted as separate files.
 */
function expectNoInlinedRanks(build: AppBuild) {
  const tables = rankTables();
  const workers = build.files.filter((f) => f.kind === 'worker');
  expect(workers.length).toBeGreaterThan(0);
  for (const worker of workers) expect(worker.gzip).toBeLessThan(Math.min(...tables.map((t) => t.gzip)));
  for (const file of build.files.filter((f) => f.file.endsWith('.js'))) {
    const code = readFileSync(join(build.outDir, file.file), 'utf8');
    for (const table of tables)
      expect(code.includes(table.marker), `${file.file} inlines the ${table.encoding} ranks`).toBe(false);
  }
  const ranks = build.files.filter((f) => f.kind === 'ranks');
  for (const table of tables) {
    expect(ranks.filter((f) => basename(f.file).startsWith(table.encoding)).map((f) => f.bytes)).toEqual([table.bytes]);
  }
}

const FIRST = 'Hi! I am planning a trip to Lisbon in May.';
const REPLY = 'Lovely! Lisbon in May is warm and sunny.';

/** The same conversation in Node, in this thread: the browser's worker must count the same tokens. */
async function expectedContext(turns: number): Promise<{ messages: unknown[]; tokenCount: number }> {
  const memory = await createMemory({ store: 'memory' });
  for (let i = 0; i < turns; i++) {
    await memory.addUserMessage('chat-1', FIRST);
    await memory.addAssistantMessage('chat-1', REPLY);
  }
  const { messages, tokenCount } = await memory.getContextForLLM('chat-1');
  await memory.close();
  return { messages, tokenCount };
}

describe('vite build + preview', () => {
  let server: PreviewServer;
  let base: string;
  beforeAll(async () => {
    server = await preview({
      root: app.root,
      configFile: false,
      logLevel: 'warn',
      preview: { host: '127.0.0.1', port: 0 },
    });
    base = server.resolvedUrls!.local[0]!;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("runs the README code: memory in a worker counting with tiktoken's ranks there, no WASM, sessions in IndexedDB, kept across reloads", async () => {
    const { page, result, failures, requests } = await openApp(base);
    expect({ messages: result.messages, tokenCount: result.tokenCount }).toEqual(await expectedContext(1));
    expect(result.stats).toMatchObject({ totalEntries: 2, activeEntries: 2 });

    const seen = await inspect(page, 'my-chat');
    expect(seen.workers).toBe(1);
    expect(seen.journalWriters).toBeLessThanOrEqual(1);
    // Counting is JavaScript over the rank file: neither the worker nor the page fetches a WASM.
    expect(seen.workerResources.some((url) => url.endsWith('.wasm'))).toBe(false);
    expect(seen.pageResources.some((url) => url.endsWith('.wasm'))).toBe(false);
    expect(built.files.filter((f) => f.kind === 'wasm')).toEqual([]);
    expect(seen.stored.entries).toBe(2);
    expect(failures).toEqual([]);
    // Only the encoding in use is downloaded, once.
    expect(rankRequests(requests).o200k).toHaveLength(1);
    expect(rankRequests(requests).cl100k).toEqual([]);

    await page.reload();
    const again = await resultOf(page);
    expect(again.stats).toMatchObject({ totalEntries: 4, activeEntries: 4 });
    expect({ messages: again.messages, tokenCount: again.tokenCount }).toEqual(await expectedContext(2));
    expect((await inspect(page, 'my-chat')).stored.entries).toBe(4);
    await page.context().close();
  });

  it("runs with an explicit worker from Vite's `recallkit/worker?worker` import", async () => {
    const { page, result, failures } = await openApp(new URL('explicit.html', base).href);
    expect(result.stats).toMatchObject({ totalEntries: 2 });
    expect({ messages: result.messages, tokenCount: result.tokenCount }).toEqual(await expectedContext(1));
    expect((await inspect(page, 'my-chat-explicit')).stored.entries).toBe(2);
    expect(failures).toEqual([]);
    await page.context().close();
  });

  it('keeps both rank tables out of the worker with no Vite config: separate files, fetched only when used', () => {
    expectNoInlinedRanks(built);
    const tables = rankTables();
    const worker = built.files.find((f) => f.kind === 'worker')!;
    console.log(
      `Zero-config worker ${(worker.gzip / 1024).toFixed(1)} KiB gzip; rank files ${tables.map((t) => `${t.encoding} ${(t.gzip / 1024).toFixed(0)} KiB`).join(', ')} (gzip)`,
    );
  });

  it("the docs state this build's sizes: the worker gzipped, the rank files, web-llm's chunk", () => {
    expect(figureMismatches(bundleFigures(built))).toEqual([]);
  });

  it('keeps the engine, tiktoken and @mlc-ai/web-llm out of the page bundle', () => {
    const pageModules = pageChunksOf(built.chunks, 'main.js').flatMap((c) => c.moduleIds);
    expect(pageModules.some((id) => id.endsWith('/node_modules/recallkit/dist/worker/client.js'))).toBe(true);
    for (const heavy of [
      '@mlc-ai/web-llm',
      '@dqbd/tiktoken',
      '/recallkit/dist/core/engine.js',
      '/recallkit/dist/summarizers/webllm.js',
    ]) {
      expect(pageModules.filter((id) => id.includes(heavy))).toEqual([]);
    }
    const worker = built.files.filter((f) => f.kind === 'worker');
    expect(worker.length).toBeGreaterThan(0);
    // web-llm lives only in its own worker's chunk (see the next test), never in a page or RecallKit worker chunk.
    const webllm = webLLMFiles(built);
    for (const file of built.files.filter((f) => f.file.endsWith('.js') && !webllm.includes(f))) {
      const code = readFileSync(join(built.outDir, file.file), 'utf8');
      expect(
        code.includes('@mlc-ai/web-llm') || code.includes('MLCEngine') || code.includes(WEBLLM_MARKER),
        `${file.file} has web-llm code`,
      ).toBe(false);
    }
    console.log(`RecallKit Vite app bundle (vite build, no config):\n${bundleTable(built.files)}`);
  });

  it("bundles @mlc-ai/web-llm exactly once, for the README's WebLLM-or-heuristic choice, and never downloads it unused", async () => {
    const webllm = webLLMFiles(built);
    expect(webllm.map((f) => f.file)).toHaveLength(1);
    const [chunk] = webllm;
    expect(chunk!.bytes).toBeGreaterThan(1024 * 1024);
    for (const entry of ['main.js', 'explicit.js', 'webllm.js']) {
      expect(pageChunksOf(built.chunks, entry).map((c) => `assets/${basename(c.fileName)}`)).not.toContain(chunk!.file);
    }
    const { page, result, failures } = await openApp(new URL('webllm.html', base).href);
    expect((result as AppResult & { webgpu: boolean }).webgpu).toBe(false); // headless Chromium without a GPU
    expect({ messages: result.messages, tokenCount: result.tokenCount }).toEqual(await expectedContext(1));
    const seen = await inspect(page, 'my-chat-webllm');
    const loaded = [...seen.pageResources, ...seen.workerResources];
    expect(loaded.filter((url) => url.endsWith(basename(chunk!.file)))).toEqual([]);
    expect(failures).toEqual([]);
    console.log(
      `web-llm: one chunk, ${chunk!.file}, ${(chunk!.bytes / 1024 / 1024).toFixed(1)} MiB, not loaded without WebGPU`,
    );
    await page.context().close();
  });
});

describe("the README's optional worker: { format: 'es' } keeps working", () => {
  let server: PreviewServer;
  let base: string;
  let split: AppBuild;
  beforeAll(async () => {
    split = await buildUserApp(app.root, { workerFormat: 'es', outDir: 'dist-es' });
    server = await preview({
      root: app.root,
      configFile: false,
      logLevel: 'warn',
      build: { outDir: 'dist-es' },
      preview: { host: '127.0.0.1', port: 0 },
    });
    base = server.resolvedUrls!.local[0]!;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps the rank tables out of the worker and downloads only the encoding in use', async () => {
    expectNoInlinedRanks(split);
    const { page, result, requests } = await openApp(base);
    const turns = result.stats.totalEntries / 2;
    expect({ messages: result.messages, tokenCount: result.tokenCount }).toEqual(await expectedContext(turns));
    expect(rankRequests(requests).o200k).toHaveLength(1);
    expect(rankRequests(requests).cl100k).toEqual([]);
    console.log(`With worker.format 'es':\n${bundleTable(split.files)}`);
    await page.context().close();
  });
});

describe('vite dev server', () => {
  let server: ViteDevServer;
  let base: string;
  beforeAll(async () => {
    server = await createServer({
      root: app.root,
      configFile: false,
      logLevel: 'error',
      server: { host: '127.0.0.1', port: 0 },
    });
    await server.listen();
    base = server.resolvedUrls!.local[0]!;
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ['index.html', 'my-chat'],
    ['explicit.html', 'my-chat-explicit'],
  ])(
    'runs %s with the worker on IndexedDB',
    async (path, dbName) => {
      const { page, result, requests, failures } = await openApp(new URL(path, base).href);
      const turns = result.stats.totalEntries / 2;
      expect({ messages: result.messages, tokenCount: result.tokenCount }).toEqual(await expectedContext(turns));
      expect(rankRequests(requests).o200k).toHaveLength(1);
      expect(rankRequests(requests).cl100k).toEqual([]);
      expect(failures).toEqual([]);
      const seen = await inspect(page, dbName);
      expect(seen.workerResources.some((url) => url.includes('.wasm'))).toBe(false);
      expect(seen.stored.entries).toBe(result.stats.totalEntries);
      await page.context().close();
    },
    60_000,
  );
});
