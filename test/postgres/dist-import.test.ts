/**
 * The built package in plain Node: `recallkit/postgres` on PGlite and `recallkit/testing` resolve
 * through the exports map, and the bundled server entry shares with the other entries what a
 * process must have one of (error classes, the format and strategy registries, the tokenizer).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist/server/index.js'))) {
    // `npm run build`'s steps (no `rm -rf dist`: another test may be reading it).
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
      cwd: ROOT,
    });
    execFileSync(process.execPath, ['scripts/bundle-server.mjs', 'dist'], { cwd: ROOT });
    execFileSync(process.execPath, ['scripts/copy-ranks.mjs', 'dist'], { cwd: ROOT });
  }
});

it('imports recallkit/postgres and recallkit/testing from dist and keeps a memory in a PGlite directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recallkit-dist-'));
  try {
    const script = `
      const { createMemory } = await import('recallkit');
      const { postgresStore } = await import('recallkit/postgres');
      for (const text of ['first run', 'second run']) {
        const memory = await createMemory({ store: postgresStore({ pglite: ${JSON.stringify(dir)}, tenant: 'u1' }) });
        await memory.addUserMessage('s', text);
        if (text === 'second run') console.log(JSON.stringify((await memory.getContextForLLM('s')).messages.map((m) => m.content)));
        await memory.close();
      }
      console.log(JSON.stringify(Object.keys(await import('recallkit/testing')).sort()));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(JSON.parse(out.at(-2)!)).toEqual(['first run', 'second run']);
    expect(JSON.parse(out.at(-1)!)).toContain('describeStoreConformance');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('the bundled recallkit/postgres shares error classes, registered formats and strategies, and the loaded tokenizer with the other entries', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recallkit-dist-shared-'));
  try {
    const script = `
      const { ValidationError } = await import('recallkit');
      const { registerFormat } = await import('recallkit/formats');
      const { registerStrategy, int } = await import('recallkit/strategies');
      const { preloadTiktoken, tiktokenStatus } = await import('recallkit/tokens');
      const { createServerMemory } = await import('recallkit/postgres');
      const out = {};
      try { createServerMemory({ pglite: ${JSON.stringify(dir)}, maxCachedUsers: -1 }); } catch (error) {
        out.validation = error instanceof ValidationError;
      }
      registerFormat({
        id: 'lines',
        parse: (input) => input.map((line) => ({ role: 'user', content: line })),
        write: (messages) => ({ messages: messages.map((m) => m.role + ': ' + m.content) }),
      });
      registerStrategy('last_turns', {
        kind: 'short_term',
        fields: { turns: int(1, 1) },
        create: (config) => ({
          id: 'last_turns',
          select: (selection) => ({ ...selection, interactions: selection.interactions.slice(-config.turns) }),
        }),
      });
      await preloadTiktoken();
      const memories = createServerMemory({
        pglite: ${JSON.stringify(dir)},
        profile: { short_term_memory_strategy: [{ memory_strategy_id: 'last_turns', turns: 1 }] },
      });
      const memory = memories.forUser('u1');
      for (const text of ['first', 'second']) {
        await memory.addUserMessage('s', text);
        await memory.addAssistantMessage('s', 'echo: ' + text);
      }
      out.lines = (await memory.getContextForLLM('s', { format: 'lines' })).messages;
      out.rankLoads = tiktokenStatus().rankLoads;
      await memories.close();
      console.log(JSON.stringify(out));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({
      validation: true,
      lines: ['user: second', 'assistant: echo: second'],
      rankLoads: 1,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
