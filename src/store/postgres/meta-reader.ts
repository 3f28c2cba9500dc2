/**
 * Group reads of session metas: the version checks a shared store makes before each read (one
 * per `getContextForLLM` on a server) that are asked for in one turn of the event loop go to
 * the database as ONE statement, whatever their tenants. Each read is sent after it was asked
 * for, so it sees every write committed before: grouping changes the number of round trips, not
 * what a read sees.
 * @module
 */
import type { Sql, SqlDriver } from './driver.js';

/** Metas in one statement at most. */
const MAX_GROUP = 64;

/** One meta by tenant and stored session id (the statement a lone read sends). */
export const META_SQL = 'SELECT meta FROM recallkit_sessions WHERE tenant = $1 AND session_id = $2';

/** Many metas by pairs of tenants and stored session ids. */
const METAS_SQL = `SELECT s.tenant, s.session_id, s.meta FROM recallkit_sessions s
  JOIN unnest($1::text[], $2::text[]) AS k(tenant, session_id)
    ON s.tenant = k.tenant COLLATE "C" AND s.session_id = k.session_id COLLATE "C"`;

interface Pending {
  tenant: string;
  key: string;
  resolve: (meta: string | undefined) => void;
  reject: (error: unknown) => void;
}

/** Reads the stored meta (JSON text) of sessions, grouped. */
export interface MetaReader {
  /** The meta of `tenant`'s session stored as `key`, or undefined when it has none. */
  read(tenant: string, key: string): Promise<string | undefined>;
}

/** Run `fn` once the current turn of the event loop ends (Node's setImmediate; a timer elsewhere). */
const afterTurn = (fn: () => void): void => {
  if (typeof setImmediate === 'function') setImmediate(fn);
  else setTimeout(fn, 0);
};

const pairKey = (tenant: string, key: string): string => `${tenant.length}:${tenant}${key}`;

/** The meta reads made through `db`, grouped per turn of the event loop. */
export function createMetaReader(db: Sql): MetaReader {
  let queue: Pending[] = [];
  let gathering = false;

  async function send(group: Pending[]): Promise<void> {
    try {
      if (group.length === 1) {
        const p = group[0]!;
        const [row] = await db.query<{ meta: string }>(META_SQL, [p.tenant, p.key]);
        p.resolve(row?.meta);
        return;
      }
      const rows = await db.query<{ tenant: string; session_id: string; meta: string }>(METAS_SQL, [
        group.map((p) => p.tenant),
        group.map((p) => p.key),
      ]);
      const found = new Map(rows.map((r) => [pairKey(r.tenant, r.session_id), r.meta]));
      for (const p of group) p.resolve(found.get(pairKey(p.tenant, p.key)));
    } catch (error) {
      for (const p of group) p.reject(error);
    }
  }

  function flush(): void {
    gathering = false;
    const all = queue;
    queue = [];
    for (let i = 0; i < all.length; i += MAX_GROUP) void send(all.slice(i, i + MAX_GROUP));
  }

  return {
    read(tenant, key) {
      return new Promise((resolve, reject) => {
        queue.push({ tenant, key, resolve, reject });
        if (gathering) return;
        gathering = true;
        afterTurn(flush);
      });
    },
  };
}

const bySource = new WeakMap<object, MetaReader>();

/** The meta reader of `driver`'s source (every store on one pool or PGlite shares it). */
export function sharedMetaReader(driver: SqlDriver): MetaReader {
  let reader = bySource.get(driver.source);
  if (!reader) {
    reader = createMetaReader(driver);
    bySource.set(driver.source, reader);
  }
  return reader;
}
