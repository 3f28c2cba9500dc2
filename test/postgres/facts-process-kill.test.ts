/**
 * Facts survive a process kill: a Node process adds turns with facts on over a PGlite directory
 * and is SIGKILLed while its extraction is caught mid-way (a write to the facts log committed but
 * not acknowledged, the turns after it unread). Reopened in this process, the memory reads on
 * from its read marks: every acknowledged turn's fact is there, once.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { postgresStore } from '../../src/server/index.js';
import { kittenName } from './fixtures/kitten-names.js';

const SCRIPT = resolve(__dirname, 'fixtures/facts-process.ts');
const TSX = createRequire(import.meta.url).resolve('tsx');
const tokenizer = { count: (t: string) => Math.ceil(t.length / 4) };

/** Run the fixture on `dir` until it is ready, SIGKILL it, and resolve the turns it acknowledged. */
async function addUntilKilled(dir: string, tenant: string, min: number): Promise<number[]> {
  const child = spawn(process.execPath, ['--import', TSX, SCRIPT, dir, tenant, String(min)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<string | number | null>((done) =>
    child.on('exit', (code, signal) => done(signal ?? code)),
  );
  await new Promise<void>((ready, fail) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (/^ready /m.test(out)) ready();
    });
    child.on('exit', () => fail(new Error(`the process ended before it was ready: ${err.slice(0, 2000)}`)));
  });
  expect(out).toMatch(/^ready stalled$/m);
  process.kill(child.pid!, 'SIGKILL');
  // Reaped before the directory is opened again: a dead pid's lock is taken over.
  expect(await exited).toBe('SIGKILL');
  return [...out.matchAll(/^acked (\d+)$/gm)].map((m) => Number(m[1]));
}

describe('facts and a killed process (PGlite directory)', () => {
  it('SIGKILLed mid-extraction, reopened: the facts of every acknowledged turn come back, each once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recallkit-facts-rules-kill-'));
    try {
      const acked = await addUntilKilled(dir, 'u1', 12);
      expect(acked).toEqual(Array.from({ length: acked.length }, (_, i) => i));
      expect(acked.length).toBeGreaterThanOrEqual(12);
      // At the kill the log held fewer records than acknowledged turns: extraction was behind.
      const raw = postgresStore({ pglite: dir, tenant: 'u1' });
      const written = (await raw.loadEntries('__recallkit_facts__')).length;
      expect(written).toBeGreaterThan(0);
      expect(written).toBeLessThan(acked.length);
      await raw.close();

      const memory = await createMemory({ store: postgresStore({ pglite: dir, tenant: 'u1' }), tokenizer, facts: {} });
      await memory.idle();
      const facts = await memory.listFacts({ history: true });
      expect(facts.map((f) => f.value).sort()).toEqual(acked.map((i) => `kitten named ${kittenName(i)}`).sort());
      expect(facts.every((f) => f.status === 'current' && f.sources.length === 1)).toBe(true);
      // One record per turn: the turns read before the kill and read again made no second record.
      expect((await memory.exportFacts()).records).toHaveLength(acked.length);
      const sessions = await memory.listSessions();
      expect(sessions.reduce((n, s) => n + s.totalEntries, 0)).toBe(acked.length);
      await memory.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
