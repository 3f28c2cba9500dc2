import { describe, expect, it } from 'vitest';
import type { Sql } from '../../src/store/postgres/driver.js';
import { createNotifier, NOTIFY_INTERVAL_MS, payloads } from '../../src/store/postgres/notifier.js';
import { NOTIFY_BYTES } from '../../src/store/postgres/write.js';

/** A Sql that records each NOTIFY statement's payloads and answers when told to. */
function recordingSql(fail: (call: number) => boolean = () => false) {
  const sent: string[][] = [];
  const waiting: (() => void)[] = [];
  const sql: Sql = {
    query: async <R>(_text: string, params?: readonly unknown[]) => {
      const call = sent.length;
      sent.push(JSON.parse(params![0] as string) as string[]);
      await new Promise<void>((resolve) => waiting.push(resolve));
      if (fail(call)) throw new Error('connection lost');
      return [] as R[];
    },
  };
  const answer = async (): Promise<void> => {
    waiting.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { sql, sent, answer };
}

const change = (session: string, version: number): string => JSON.stringify(['t', session, version]);
const changesOf = (sent: string[][]): string[] =>
  sent.flat().flatMap((p) => (JSON.parse(p) as unknown[]).map((c) => JSON.stringify(c)));

describe('postgresStore notifications after commit', () => {
  it('payloads: changes join into JSON arrays that each fit one notification, in order', () => {
    const many = Array.from({ length: 2_000 }, (_, i) => change(`session-${i}`, i + 1));
    const out = payloads(many);
    expect(out.length).toBeGreaterThan(1);
    for (const p of out) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(NOTIFY_BYTES);
    expect(out.flatMap((p) => (JSON.parse(p) as unknown[]).map((c) => JSON.stringify(c)))).toEqual(many);
    expect(payloads([])).toEqual([]);
    // Multi-byte ids are counted in UTF-8 bytes.
    for (const p of payloads(Array.from({ length: 500 }, (_, i) => change('日本語'.repeat(20) + i, 1))))
      expect(Buffer.byteLength(p)).toBeLessThanOrEqual(NOTIFY_BYTES);
  });

  it('a change after a quiet spell goes out at once; changes made meanwhile go together in the next', async () => {
    const { sql, sent, answer } = recordingSql();
    const n = createNotifier(sql);
    n.add([change('a', 1)]);
    expect(sent).toHaveLength(1);
    n.add([change('b', 1)]);
    n.add([change('a', 2), change('c', 1)]);
    expect(sent).toHaveLength(1); // one NOTIFY statement at a time
    await answer();
    await new Promise((resolve) => setTimeout(resolve, NOTIFY_INTERVAL_MS + 5));
    expect(sent).toHaveLength(2);
    expect(changesOf(sent)).toEqual([change('a', 1), change('b', 1), change('a', 2), change('c', 1)]);
    const drained = n.drain();
    await answer();
    await drained;
  });

  it('drain sends what waits without waiting for the interval, and resolves once it was sent', async () => {
    const { sql, sent, answer } = recordingSql();
    // A clock that stands still: the second change is within the interval however slow this machine is.
    const n = createNotifier(sql, () => 0);
    n.add([change('a', 1)]);
    await answer();
    n.add([change('a', 2)]); // within the interval: waits for it
    expect(sent).toHaveLength(1);
    let done = false;
    const drained = n.drain().then(() => (done = true));
    expect(sent).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).toBe(false);
    await answer();
    await drained;
    expect(changesOf(sent)).toEqual([change('a', 1), change('a', 2)]);
  });

  it('a failed NOTIFY is tried once more with the next, then its changes are dropped', async () => {
    const { sql, sent, answer } = recordingSql((call) => call < 2);
    const n = createNotifier(sql);
    n.add([change('a', 1)]);
    const drained = n.drain();
    await answer(); // fails: a:1 is tried again
    expect(sent[1]?.flatMap((p) => JSON.parse(p) as unknown[])).toEqual([['t', 'a', 1]]);
    n.add([change('b', 1)]);
    await answer(); // fails again: a:1 is dropped; b:1 goes in the next
    await answer();
    await drained;
    expect(sent).toHaveLength(3);
    expect(changesOf([sent[2]!])).toEqual([change('b', 1)]);
  });
});
