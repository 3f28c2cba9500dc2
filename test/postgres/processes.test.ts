import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { postgresStore } from '../../src/server/index.js';
import { closeShared, freshTenant, pgUrl, sharedPool } from './support.js';

afterAll(closeShared);

const run = promisify(execFile);
const SCRIPT = resolve(__dirname, 'fixtures/memory-process.ts');
const TSX = createRequire(import.meta.url).resolve('tsx');

/** Start `n` Node processes running the fixture; resolves their outputs. */
function processes(
  n: number,
  tenant: string,
  sessionId: string,
  mode: 'append' | 'compress',
  count: number,
): Promise<string[]> {
  const startAt = Date.now() + 4000; // every process connected and migrated by then
  return Promise.all(
    Array.from({ length: n }, async (_, k) => {
      const { stdout } = await run(
        process.execPath,
        ['--import', TSX, SCRIPT, pgUrl(), tenant, sessionId, `p${k}`, mode, String(count), String(startAt)],
        {
          timeout: 240_000,
        },
      );
      return stdout.trim();
    }),
  );
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
});
