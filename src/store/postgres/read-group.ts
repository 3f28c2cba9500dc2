/**
 * Grouped meta reads: the version checks a server's engines make before their reads (one per
 * context read on a shared store) that arrive in one turn of the event loop go as ONE statement,
 * each still answered with its own session's stored meta (or none). The stores on one source
 * (one per user on a server) share the group, so a busy server sends a handful of these
 * statements where it would send one per request: each statement costs the process as much
 * CPU as the reads it replaces would each.
 * @module
 */
import type { SessionMeta } from '../../types.js';
import type { Sql, SqlDriver } from './driver.js';
import { decodeValue, encodeKey } from './codec.js';

/** Reads in one statement at most. */
const MAX_GROUP = 128;

interface Pending {
  tenant: string;
  key: string;
  resolve: (meta: SessionMeta | undefined) => void;
  reject: (error: unknown) => void;
}

/** Meta reads through one source, grouped. */
export interface MetaReader {
  /** A session's stored meta, or `undefined` when it is not stored. */
  loadMeta(tenant: string, sessionId: string): Promise<SessionMeta | undefined>;
}

/** The statement reading the meta of `count` (tenant, session key) pairs given as JSON rows `{ i, t, s }`. */
const statement = (count: number): string =>
  `SELECT r.i, s.meta FROM (SELECT * FROM json_to_recordset($1::json) AS x(i int, t text, s text) LIMIT ${count}) AS r
   JOIN recallkit_sessions s ON s.tenant = r.t AND s.session_id = r.s`;

/** The next power of two of `n`: few statement texts, each prepared once per connection. */
const atMost = (n: number): number => 2 ** Math.ceil(Math.log2(Math.max(1, n)));

const bySource = new WeakMap<object, MetaReader>();

/** The meta reader of `driver`'s source, made on first use (through this driver). */
export function sharedMetaReader(driver: SqlDriver): MetaReader {
  let reader = bySource.get(driver.source);
  if (!reader) bySource.set(driver.source, (reader = createMetaReader(driver)));
  return reader;
}

/** Group the meta reads made through `db` (of any tenants) in each turn of the event loop. */
export function createMetaReader(db: SqlDriver): MetaReader {
  let queue: Pending[] = [];
  let gathering = false;

  async function send(group: Pending[], sql: Sql): Promise<void> {
    try {
      if (group.length === 1) {
        const p = group[0]!;
        const [row] = await sql.query<{ meta: string }>(
          'SELECT meta FROM recallkit_sessions WHERE tenant = $1 AND session_id = $2',
          [p.tenant, p.key],
        );
        return p.resolve(row ? decodeValue<SessionMeta>(row.meta) : undefined);
      }
      const rows = await sql.query<{ i: number; meta: string }>(statement(atMost(group.length)), [
        JSON.stringify(group.map((p, i) => ({ i, t: p.tenant, s: p.key }))),
      ]);
      const found: (string | undefined)[] = new Array(group.length);
      for (const row of rows) found[row.i] = row.meta;
      group.forEach((p, i) => {
        const meta = found[i];
        p.resolve(meta === undefined ? undefined : decodeValue<SessionMeta>(meta));
      });
    } catch (error) {
      for (const p of group) p.reject(error);
    }
  }

  function flush(): void {
    gathering = false;
    const all = queue;
    queue = [];
    for (let at = 0; at < all.length; at += MAX_GROUP) void send(all.slice(at, at + MAX_GROUP), db);
  }

  return {
    loadMeta(tenant, sessionId) {
      return new Promise((resolve, reject) => {
        queue.push({ tenant, key: encodeKey(sessionId), resolve, reject });
        if (gathering) return;
        gathering = true;
        if (typeof setImmediate === 'function') setImmediate(flush);
        else setTimeout(flush, 0);
      });
    },
  };
}
