import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { postgresStore } from '../../src/server/index.js';
import { closeShared, freshTenant, pgUrl, sharedPool } from './support.js';

afterAll(closeShared);

const SCRIPT = resolve(__dirname, 'fixtures/memory-process.ts');
const TSX = createRequire(import.meta.url).resolve('tsx');

/**
 * Start `n` Node processes running the fixture, tell them to go once every one is connected
 * (so they overlap however long each takes to start); resolves what each printed after `ready`.
 */
async function processes(
  n: number,
  tenant: string,
  sessionId: string,
  mode: 'append' | 'retry' | 'compress',
  count: number,
): Promise<string[]> {
  const children = Array.from({ length: n }, (_, k) =>
    spawn(process.execPath, ['--import', TSX, SCRIPT, pgUrl(), tenant, sessionId, `p${k}`, mode, String(count)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  const outputs = children.map((child) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => out.startsWith('ready\n') && resolve());
      child.once('exit', (code) => reject(new Error(`a process exited (${code}) before it was ready: ${out}`)));
    });
    const exited = new Promise<string>((resolve, reject) =>
      child.once('exit', (code) => (code === 0 ? resolve(out.replace(/^ready\n/, '').trim()) : reject(new Error(out)))),
    );
    exited.catch(() => undefined); // awaited below, after every process is ready
    return { ready, exited };
  });
  try {
    await Promise.all(outputs.map((o) => o.ready));
    for (const child of children) child.stdin.end('go\n');
    return await Promise.all(outputs.map((o) => o.exited));
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  }
}

describe('postgresStore (pg): several Node processes on one session', () => {
  it('1,000 concurrent appends from 4 processes: none lost, none interleaved, each process in its order', async () => {
    const tenant = freshTenant();
    expect(await processes(4, tenant, 'shared', 'append', 250)).toEqual(['done', 'done', 'done', 'done']);
    const store = postgresStore({ pool: sharedPool(), tenant });
    const entries = await store.loadEntries('shared');
    expect(entries).toHaveLength(2000);
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
    expect(new Set(entries.map((e) => e.id)).size).toBe(2000);
    for (let i = 0; i < 2000; i += 2) {
      // Each append's two messages are adjacent: question then its own answer.
      const q = entries[i]!.content.replace(' question', '');
      expect(entries[i + 1]!.content).toBe(`${q} answer`);
    }
    for (let k = 0; k < 4; k++) {
      const mine = entries
        .filter((e) => e.content.startsWith(`p${k} #`) && e.role === 'user')
        .map((e) => Number(/#(\d+)/.exec(e.content)![1]));
      expect(mine).toEqual(Array.from({ length: 250 }, (_, i) => i));
    }
    expect((await store.loadMeta('shared'))?.nextSeq).toBe(2000);
    await store.close();
  });

  it('compression started by two processes at once produces one summary', async () => {
    const tenant = freshTenant();
    const seedMemory = await createMemory({
      store: postgresStore({ pool: sharedPool(), tenant }),
      config: { autoCompress: false },
    });
    for (let i = 0; i < 20; i++)
      await seedMemory.addMessages('s', [
        { role: 'user', content: `question ${i}` },
        { role: 'assistant', content: `answer ${i}` },
      ]);
    await seedMemory.close();
    expect(await processes(2, tenant, 's', 'compress', 0)).toEqual(['done', 'done']);
    const store = postgresStore({ pool: sharedPool(), tenant });
    const session = await store.loadSession('s');
    expect(session?.summaries).toHaveLength(1);
    const summary = session!.summaries[0]!;
    const compressed = (await store.loadEntries('s')).filter((e) => e.compressed);
    expect(compressed.map((e) => e.id).sort()).toEqual([...summary.originalEntryIds].sort());
    expect(compressed.every((e) => e.summaryId === summary.id)).toBe(true);
    await store.close();
  });

  it('3 processes sending the same 150 turns at once, each under its caller id: every turn stored once', async () => {
    const tenant = freshTenant();
    expect(await processes(3, tenant, 'retried', 'retry', 150)).toEqual(['done', 'done', 'done']);
    const store = postgresStore({ pool: sharedPool(), tenant });
    const entries = await store.loadEntries('retried');
    const expected = Array.from({ length: 150 }, (_, i) => [`turn-${i}`, `turn-${i}:reply`]).flat();
    expect(entries.map((e) => e.id)).toEqual(expected);
    expect(entries.map((e) => e.seq)).toEqual(expected.map((_, i) => i));
    expect((await store.loadMeta('retried'))?.totalEntries).toBe(300);
    await store.close();
  });
});
