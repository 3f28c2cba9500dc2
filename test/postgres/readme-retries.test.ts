/**
 * The README's server (fixtures/readme-server.ts, spawned as written) with clients that retry as
 * the README tells them: every turn carries its id (`Idempotency-Key`), and a request answered
 * 503, cut by a SIGKILL of the server, or still running when the client gives up is sent again
 * under the same id. The database fails writes of replies now and then (after the question was
 * stored: the 503 the issue saw), the server is killed under load, and some turns are sent twice
 * at once. Every turn is stored exactly once: its question and its reply, nothing twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type ServerProcess } from './server-load.js';
import { closeShared, pgUrl, sharedPool } from './support.js';

afterAll(closeShared);

const USERS = 40;
const TURNS_PER_USER = 8;
const IN_FLIGHT = 8;
const KILLS = 4;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the clients saw. */
interface Seen {
  ok: number;
  status503: number;
  cut: number;
  attempts: number;
}

/**
 * Send one turn until it is answered 200 (bounded), under its id; with `twice`, two requests of
 * it at once (a retry while the first still runs).
 */
async function sendTurn(port: () => number, user: string, turn: string, seen: Seen, twice: boolean): Promise<void> {
  const once = async (): Promise<void> => {
    for (let attempt = 0; attempt < 400; attempt++) {
      seen.attempts++;
      try {
        const res = await fetch(`http://127.0.0.1:${port()}/?chat=chat-${user}`, {
          method: 'POST',
          headers: { 'x-user-id': user, 'content-type': 'application/json', 'idempotency-key': turn },
          body: JSON.stringify({ message: `${user} asks ${turn}` }),
          signal: AbortSignal.timeout(20_000),
        });
        await res.text();
        if (res.status === 200) return void seen.ok++;
        if (res.status !== 503) throw new Error(`answered ${res.status}`);
        seen.status503++;
      } catch (error) {
        if (String(error).includes('answered')) throw error;
        seen.cut++;
      }
      await sleep(20);
    }
    throw new Error(`turn ${turn} was never answered`);
  };
  await (twice ? Promise.all([once(), once()]) : once());
}

describe("the README's server, with clients retrying under the turn's id", () => {
  it('503s after the question was stored, SIGKILLs, concurrent retries: every turn stored exactly once', async () => {
    const db = `recallkit_retries_${process.pid}`;
    await sharedPool().query(`DROP DATABASE IF EXISTS ${db}`);
    await sharedPool().query(`CREATE DATABASE ${db}`);
    const url = pgUrl().replace('/postgres?', `/${db}?`);
    const cwd = mkdtempSync(join(tmpdir(), 'recallkit-retries-'));
    const port = await freePort();
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    let server: ServerProcess | undefined;
    try {
      server = await startServer(cwd, { DATABASE_URL: url }, port);
      // The tables exist once a first turn went through.
      await sendTurn(() => port, 'warm', 'warm-1', { ok: 0, status503: 0, cut: 0, attempts: 0 }, false);
      // One write of a reply in four fails (a sequence counts across transactions) as a transaction
      // the database refused and may take next time (a serialization failure): the question,
      // stored by its own write before, stays; the request is answered 503.
      await admin.query(`CREATE SEQUENCE reply_writes;
        CREATE FUNCTION fail_some_replies() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.entry LIKE '%"role":"assistant"%' AND nextval('reply_writes') % 4 = 0 THEN
            RAISE EXCEPTION 'injected: the database failed this write' USING ERRCODE = 'serialization_failure';
          END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER fail_some_replies BEFORE INSERT ON recallkit_entries
          FOR EACH ROW EXECUTE FUNCTION fail_some_replies();`);

      const seen: Seen = { ok: 0, status503: 0, cut: 0, attempts: 0 };
      const turns: [user: string, turn: string][] = [];
      for (let k = 0; k < TURNS_PER_USER; k++)
        for (let u = 0; u < USERS; u++) turns.push([`user-${u}`, `turn-${u}-${k}`]);
      // A chat's next question goes once its last one is answered, as a chat client sends them: each
      // client owns the users u ≡ c (mod IN_FLIGHT). (Two clients taking turns of one chat from a
      // shared list could retry a turn after the chat's next one was answered; the echo model
      // would then answer the next question twice, two replies of one text.)
      let sent = 0;
      const clients = Promise.all(
        Array.from({ length: IN_FLIGHT }, async (_, c) => {
          for (let i = 0; i < turns.length; i++) {
            const [user, turn] = turns[i]!;
            if (Number(user.slice('user-'.length)) % IN_FLIGHT !== c) continue;
            await sendTurn(() => port, user, turn, seen, i % 10 === 3);
            sent++;
          }
        }),
      );
      for (let k = 0; k < KILLS; k++) {
        const target = ((k + 1) * turns.length) / (KILLS + 2);
        while (sent < target) await sleep(20);
        await server.kill('SIGKILL');
        server = await startServer(cwd, { DATABASE_URL: url }, port);
      }
      await clients;

      // A retry arriving after another turn of the same chat was answered gets its own reply back
      // (not the newest reply of the chat), and stores nothing.
      const ask = async (turn: string, message: string): Promise<string> => {
        for (let attempt = 0; attempt < 50; attempt++) {
          const res = await fetch(`http://127.0.0.1:${port}/?chat=late`, {
            method: 'POST',
            headers: { 'x-user-id': 'user-late', 'content-type': 'application/json', 'idempotency-key': turn },
            body: JSON.stringify({ message }),
            signal: AbortSignal.timeout(20_000),
          });
          const text = await res.text();
          if (res.status === 200) return (JSON.parse(text) as { reply: string }).reply;
          if (res.status !== 503) throw new Error(`answered ${res.status}`);
          await sleep(20);
        }
        throw new Error(`turn ${turn} was never answered`);
      };
      const first = await ask('late-1', 'where is the station?');
      const second = await ask('late-2', 'and the museum?');
      expect(second).not.toBe(first);
      expect(await ask('late-1', 'where is the station?')).toBe(first);
      turns.push(['user-late', 'late-1'], ['user-late', 'late-2']);

      // Read straight from the database: every entry of every user's chat.
      const { rows } = await admin.query<{ tenant: string; entry: string }>(
        "SELECT tenant, entry FROM recallkit_entries WHERE tenant LIKE 'user-%'",
      );
      const ids = new Map<string, number>();
      const contents = new Map<string, number>();
      for (const r of rows) {
        const e = JSON.parse(r.entry) as { id: string; content: string };
        ids.set(e.id, (ids.get(e.id) ?? 0) + 1);
        contents.set(`${r.tenant}\u0000${e.content}`, (contents.get(`${r.tenant}\u0000${e.content}`) ?? 0) + 1);
      }
      const expected = turns.flatMap(([, turn]) => [turn, `${turn}:reply`]).sort();
      expect([...ids.keys()].sort()).toEqual(expected);
      expect([...ids.values()].every((n) => n === 1)).toBe(true);
      expect([...contents.values()].every((n) => n === 1)).toBe(true);
      expect(rows).toHaveLength(expected.length);
      // The run did what it says: 503s after stored questions, requests cut by the kills.
      const { rows: count } = await admin.query<{ n: string }>('SELECT last_value AS n FROM reply_writes');
      expect(Number(count[0]!.n)).toBeGreaterThan(expected.length / 2);
      expect(seen.status503).toBeGreaterThan(0);
      expect(seen.cut).toBeGreaterThan(0);
      const loadTurns = turns.length - 2;
      expect(seen.ok).toBe(loadTurns + turns.slice(0, loadTurns).filter((_, i) => i % 10 === 3).length);
      console.log(
        `README server retries: ${turns.length} turns, ${seen.attempts} requests, ${seen.status503} answered 503, ` +
          `${seen.cut} cut (${KILLS} SIGKILLs), ${rows.length} entries stored, none twice`,
      );
    } finally {
      await server?.kill('SIGKILL');
      await admin.end();
      rmSync(cwd, { recursive: true, force: true });
      await sharedPool().query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    }
  }, 300_000);
});
