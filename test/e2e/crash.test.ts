/**
 * The crash test, short: 10 rounds of Chromium SIGKILLed while appending through
 * createWorkerMemory on a persistent profile, two of them damaging IndexedDB (a torn LevelDB
 * log, a deleted database). `npm run test:crash` runs 60 rounds. Needs `dist/` (`npm test`
 * builds it first).
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCrashTest, TABLE_HEADER } from '../crash/run.js';

const built = existsSync(new URL('../../dist/index.js', import.meta.url));

describe.skipIf(!built)('crash test (10 rounds)', () => {
  it('loses no acknowledged entry over kills and IndexedDB wipes; verify and stats stay consistent', async () => {
    const lines: string[] = [];
    const results = await runCrashTest({ rounds: 10, wipeEvery: 4, log: (l) => lines.push(l) });
    const table = `${TABLE_HEADER}\n${lines.join('\n')}`;
    expect(results, table).toHaveLength(10);
    expect(
      results.some((r) => r.kind !== 'kill'),
      table,
    ).toBe(true);
    // A deleted database always comes back from the journal; a torn log may or may not make Chromium drop it.
    expect(
      results.filter((r) => r.kind === 'kill+delete-db').map((r) => r.status),
      table,
    ).toEqual(['restored']);
    expect(
      results
        .filter((r) => r.kind === 'kill+corrupt-log')
        .every((r) => r.status === 'restored' || r.status === 'intact'),
      table,
    ).toBe(true);
    expect(
      results.map((r) => r.lost),
      table,
    ).toEqual(results.map(() => 0));
    expect(
      results.map((r) => r.duplicates),
      table,
    ).toEqual(results.map(() => 0));
    expect(
      results.every((r) => r.verifyOk && r.statsOk),
      table,
    ).toBe(true);
    // A persistent profile's OPFS is on disk: appends reach the journal before they are acknowledged.
    expect(
      results.map((r) => r.writes),
      table,
    ).toEqual(results.map(() => 'awaited'));
    // Appends went on across restarts: the last check saw every acknowledged entry.
    expect(results[results.length - 1]!.stored).toBeGreaterThanOrEqual(results[results.length - 1]!.acked);
  }, 400_000);
});
