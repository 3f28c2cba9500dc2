/**
 * fetchSummarizer in a real browser page against local model servers on another origin: a
 * server that does not allow the page's origin (Ollama without OLLAMA_ORIGINS) is reported as
 * the browser's CORS refusal, once, with what to set, not as "network error" three times; an
 * unreachable server is still a retried network error; an allowing server works.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../vite.config.js';
import { REPO } from '../../bench/browser/user-app.js';
import { startCorsOpenAIServer, type CorsOpenAIServer } from './support/cors-openai-server.js';
import { PAGE_TIMEOUT } from '../support/until.js';

interface Outcome {
  text?: string;
  error?: string;
  name?: string;
  retries: string[];
}

let vite: ViteDevServer;
let browser: Browser;
let page: Page;
let noCors: Server;
const noCorsRequests: string[] = [];
let allowing: CorsOpenAIServer;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

beforeAll(async () => {
  // A model server that answers but sends no CORS headers (Ollama before OLLAMA_ORIGINS is set).
  noCors = createHttpServer((req, res) => {
    noCorsRequests.push(`${req.method} ${req.url}`);
    req.resume();
    res.writeHead(req.method === 'POST' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ message: { content: 'never read' } }] }));
  });
  allowing = await startCorsOpenAIServer('the summary');
  vite = await createServer({
    root: REPO,
    configFile: false,
    logLevel: 'error',
    optimizeDeps: { entries: ['test/e2e/fixtures/cors/index.html'] },
    server: { host: '127.0.0.1', port: 0 },
  });
  await vite.listen();
  browser = await chromium.launch(chromiumLaunchOptions);
  page = await browser.newPage();
  page.setDefaultTimeout(PAGE_TIMEOUT);
  await page.goto(new URL('test/e2e/fixtures/cors/index.html', vite.resolvedUrls!.local[0]!).href);
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
});

afterAll(async () => {
  await browser?.close();
  await vite?.close();
  await allowing?.close();
  noCors?.close();
});

const summarizeOnce = (url: string): Promise<Outcome> =>
  page.evaluate((u) => (window as unknown as { summarizeOnce(u: string): Promise<Outcome> }).summarizeOnce(u), url);

it('a server without CORS headers: the browser refusal is named, with what to set, and not retried', async () => {
  const url = await listen(noCors);
  const outcome = await summarizeOnce(url);
  expect(outcome.name).toBe('SummarizerError');
  expect(outcome.error).toMatch(
    /the browser refused the request before sending it \(CORS\): http:\/\/127\.0\.0\.1:\d+ answers, but does not allow requests from http:\/\/127\.0\.0\.1:\d+/,
  );
  expect(outcome.error).toMatch(/OLLAMA_ORIGINS=http:\/\/127\.0\.0\.1:\d+/);
  expect(outcome.error).toMatch(/LM Studio: enable CORS/);
  expect(outcome.error).not.toMatch(/network error|gave up/);
  expect(outcome.retries).toEqual([]);
  // The preflight was refused, so the POST itself never reached the server.
  expect(noCorsRequests.filter((r) => r.startsWith('POST'))).toEqual([]);
  expect(noCorsRequests).toContain('OPTIONS /v1/chat/completions');
});

it('an unreachable server is still a network error, retried', async () => {
  const closed = createHttpServer();
  const url = await listen(closed);
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const outcome = await summarizeOnce(url);
  expect(outcome.error).toMatch(/gave up after 3 attempts .*network error/);
  expect(outcome.error).not.toMatch(/CORS/);
  expect(outcome.retries).toHaveLength(2);
});

it('a server that allows the origin answers', async () => {
  expect(await summarizeOnce(allowing.baseUrl)).toEqual({ text: 'the summary', retries: [] });
});
