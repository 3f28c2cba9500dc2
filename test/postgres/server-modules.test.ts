/**
 * What a server loads: a Node process runs a turn on `createServerMemory` (PGlite) and records
 * every module it loads. A server loads no browser-only code (the IndexedDB store, the OPFS
 * journal, the sync client, the worker, `createMemory`); the facts extraction code is loaded
 * only by a memory with facts on, and facts then work.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const TSX = createRequire(import.meta.url).resolve('tsx');
const SRC = resolve(__dirname, '../../src');
const work = mkdtempSync(join(tmpdir(), 'recallkit-server-modules-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs one server turn in a fresh process; its output and the source modules it loaded (paths under src/). */
async function serverTurn(
  mode: 'plain' | 'facts',
): Promise<{ messages: string[]; facts: string[]; modules: string[] }> {
  const list = join(work, `${mode}-modules.txt`);
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      TSX,
      '--import',
      resolve(__dirname, 'fixtures/record-modules.mjs'),
      resolve(__dirname, 'fixtures/server-turn.ts'),
      join(work, `${mode}-data`),
      mode,
    ],
    { env: { ...process.env, RECALLKIT_MODULES_FILE: list }, timeout: 120_000 },
  );
  const modules = readFileSync(list, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith(`file://${SRC}/`))
    .map((url) => url.slice(`file://${SRC}/`.length));
  return { ...(JSON.parse(stdout) as { messages: string[]; facts: string[] }), modules: [...new Set(modules)] };
}

const BROWSER_ONLY = [
  'create-memory.ts',
  'index.ts',
  'store/indexeddb/',
  'store/journal/',
  'store/durable/durable-store.ts',
  'store/durable/open-durability.ts',
  'sync/client/',
  'worker/',
];
const FACTS_CODE = ['facts/default-facts.ts', 'facts/placeholder-extract.ts', 'facts/placeholder-model.ts'];
const loadedOf = (modules: string[], prefixes: string[]) =>
  modules.filter((m) => prefixes.some((p) => (p.endsWith('/') ? m.startsWith(p) : m === p)));

describe('what a server process loads', () => {
  it('a turn on createServerMemory loads the engine, no browser-only module, no facts code', async () => {
    const { messages, modules } = await serverTurn('plain');
    expect(messages).toContain('Hello! I live in Lisbon.');
    // The record sees the modules (the check can fail): the server, the engine, the store.
    expect(modules).toEqual(
      expect.arrayContaining(['server/index.ts', 'server/user-engines.ts', 'open-engine.ts', 'core/engine.ts']),
    );
    expect(loadedOf(modules, BROWSER_ONLY)).toEqual([]);
    expect(loadedOf(modules, FACTS_CODE)).toEqual([]);
  });

  it('with facts on, the extraction code is loaded when needed and facts are read from the turn', async () => {
    const { facts, modules } = await serverTurn('facts');
    expect(loadedOf(modules, FACTS_CODE)).toEqual(expect.arrayContaining(['facts/default-facts.ts']));
    expect(loadedOf(modules, BROWSER_ONLY)).toEqual([]);
    expect(facts).toEqual(['The user lives in Lisbon.']);
  });
});
