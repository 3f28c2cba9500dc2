/** The built package in plain Node: `recallkit/postgres` on PGlite and `recallkit/testing` resolve through the exports map. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist/server/index.js'))) {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
      cwd: ROOT,
    });
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
