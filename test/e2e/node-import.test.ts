/**
 * The built package in plain Node 20 (no Vite, no vitest transform), as a server-side user
 * imports it: ESM resolution of dist/, the in-memory store, tiktoken's WASM read from disk.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

beforeAll(() => {
  // `npm test` builds first; a bare `vitest run` builds here.
  if (!existsSync(join(ROOT, 'dist/index.js')) || !existsSync(join(ROOT, 'dist/tokens/index.js'))) {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
      cwd: ROOT,
    });
  }
});

it('imports recallkit from dist in plain Node and uses it: exact counts, compression, recall', () => {
  const script = `
    const { createMemory } = await import(${JSON.stringify(join(ROOT, 'dist/index.js'))});
    const { loadTiktoken, countChatMessages } = await import(${JSON.stringify(join(ROOT, 'dist/tokens/index.js'))});
    const memory = await createMemory({ config: { maxEntries: 6, recentWindow: 2 } });
    for (let i = 0; i < 5; i++) {
      await memory.addUserMessage('s', 'Question ' + i + ' about the Lisbon trip budget 🌍');
      await memory.addAssistantMessage('s', 'Answer ' + i);
    }
    const ctx = await memory.getContextForLLM('s');
    const exact = countChatMessages(await loadTiktoken('o200k_base'), ctx.messages);
    const [hit] = await memory.recall('s', 'Lisbon budget question 0');
    const stats = await memory.getStats('s');
    await memory.close();
    console.log(JSON.stringify({ tokenCount: ctx.tokenCount, exact, summaries: stats.summaries, total: stats.totalEntries, hit: hit.entry.content, compressed: hit.entry.compressed }));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: '/tmp', encoding: 'utf8' });
  const result = JSON.parse(out.trim().split('\n').pop()!);
  expect(result.tokenCount).toBe(result.exact);
  expect(result.summaries).toBeGreaterThan(0);
  expect(result.total).toBe(10);
  expect(result.hit).toBe('Question 0 about the Lisbon trip budget 🌍');
  expect(result.compressed).toBe(true);
});
