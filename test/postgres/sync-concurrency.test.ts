/** Pulls in batches under concurrent pushes from several clients: every op exactly once, no seq skipped. */
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerOp, SyncOp } from '../../src/sync/protocol.js';
import { closeShared, freshTenant } from './support.js';
import { SYNC_DRIVERS, entryOp, post, startSyncServer } from './sync-support.js';
import type { SyncResponse } from '../../src/sync/protocol.js';

/**
 * A round as a device makes it: a 503 (the store busy past its bound on a loaded machine) is
 * retried, as the sync client does. `retried` tells that the ops may have been applied before.
 */
async function deviceRound(
  url: string,
  ops: SyncOp[],
  cursor: string,
  extra: { deviceId: string; limit: number },
): Promise<{ res: SyncResponse; retried: boolean }> {
  for (let attempt = 0; ; attempt++) {
    const { status, json } = await post(url, 'tok', { v: 1, ops, cursor, ...extra });
    if (status === 200) return { res: json as SyncResponse, retried: attempt > 0 };
    if (status !== 503 || attempt === 20) throw new Error(`sync round: ${status} ${JSON.stringify(json)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

afterAll(closeShared);

for (const [driver, connection] of SYNC_DRIVERS) {
  describe(`syncHandler (${driver}): concurrent devices`, () => {
    it('6 devices push while 2 others pull in small batches: each sees every op once, seqs without a gap', async () => {
      const server = await startSyncServer(await connection());
      const tenant = freshTenant();
      server.tokens.set('tok', tenant);
      const DEVICES = 6;
      const ROUNDS = 15;
      const PER_ROUND = 4;
      let pushing = DEVICES;
      /** Every page a client received must start right after its cursor and count up by one. */
      const contiguous = (cursor: string, ops: ServerOp[]): void => {
        expect(ops.map((o) => BigInt(o.seq))).toEqual(ops.map((_, i) => BigInt(cursor) + BigInt(i) + 1n));
      };
      const pusher = async (d: number): Promise<string[]> => {
        let cursor = '0';
        const seen: string[] = [];
        for (let r = 0; r < ROUNDS; r++) {
          // Half the devices write one shared session, the others their own.
          const session = d % 2 ? 'shared' : `own-${d}`;
          const ops: SyncOp[] = Array.from({ length: PER_ROUND }, (_, k) => entryOp(session, `d${d}-r${r}-k${k}`));
          const { res, retried } = await deviceRound(server.url, ops, cursor, { deviceId: `d${d}`, limit: 5 });
          // A retried push may find its ops applied by the attempt that got no answer: once, never twice.
          for (const x of res.results) expect(retried ? ['applied', 'duplicate'] : ['applied']).toContain(x.status);
          expect(res.results).toHaveLength(ops.length);
          contiguous(cursor, res.ops);
          seen.push(...res.ops.map((o) => o.opId));
          cursor = res.cursor;
        }
        pushing -= 1;
        return seen;
      };
      const puller = async (p: number): Promise<ServerOp[]> => {
        let cursor = '0';
        const got: ServerOp[] = [];
        for (;;) {
          const done = pushing === 0;
          const { res } = await deviceRound(server.url, [], cursor, { deviceId: `puller${p}`, limit: 7 });
          contiguous(cursor, res.ops);
          got.push(...res.ops);
          cursor = res.cursor;
          if (done && !res.more) return got;
        }
      };
      const [pulled, ...pushed] = await Promise.all([
        Promise.all([puller(0), puller(1)]),
        ...Array.from({ length: DEVICES }, (_, d) => pusher(d)),
      ]);
      const total = DEVICES * ROUNDS * PER_ROUND;
      for (const got of pulled!) {
        expect(got.map((o) => o.seq)).toEqual(Array.from({ length: total }, (_, i) => String(i + 1)));
        expect(new Set(got.map((o) => o.opId)).size).toBe(total);
        // Each device's ops keep that device's order.
        for (let d = 0; d < DEVICES; d++) {
          const mine = got.filter((o) => o.deviceId === `d${d}`).map((o) => o.opId);
          expect(mine).toEqual(
            Array.from(
              { length: ROUNDS * PER_ROUND },
              (_, i) => `d${d}-r${Math.floor(i / PER_ROUND)}-k${i % PER_ROUND}`,
            ),
          );
        }
      }
      // Pushers pulled as they went (5 per round), contiguous from 0; none saw an op twice.
      for (const seen of pushed) expect(new Set(seen).size).toBe(seen.length);
      await server.close();
    });
  });
}
