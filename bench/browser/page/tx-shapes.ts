/**
 * The shapes of one add's IndexedDB transaction, timed in the page against a raw put (#36): which
 * part of the shape costs an engine. Records are the ones an add of the engine writes (read back
 * from a memory in this page); every shape runs on a database of its own with RecallKit's layout
 * (`sessions` out-of-line, `entries` with its two indexes) beside a plain one (`plain`: no index,
 * as the engines bench's raw put). Shapes take turns within a round, the first rotating per round.
 * @module
 */
import { openDB, unwrap, type IDBPDatabase } from 'idb';
import { createMemory } from 'recallkit';

type Db = IDBPDatabase;
type Durability = IDBTransactionDurability | undefined;
/** One awaited write of shape `i` (the i-th of the round). */
type Shape = (db: Db, i: number) => Promise<void>;

interface Records {
  meta: Record<string, unknown>;
  entry: Record<string, unknown>;
}

/** An add's real meta and entry record, from a memory in this page. */
async function realRecords(dbName: string): Promise<Records> {
  const memory = await createMemory({ store: 'indexeddb', dbName });
  await memory.addUserMessage('s', 'the trip to lisbon in may weather tram pastel nata museum river sunset booking');
  await memory.addAssistantMessage('s', 'hotel flight price budget day walk the trip to lisbon in may weather tram');
  await memory.close();
  const db = await openDB(dbName);
  const meta = (await db.get('sessions', 's')) as Record<string, unknown>;
  const entry = ((await db.getAll('entries')) as Record<string, unknown>[]).at(-1)!;
  db.close();
  return { meta, entry };
}

function entryOf(records: Records, i: number): Record<string, unknown> {
  const entry = records.entry['entry'] as Record<string, unknown>;
  const id = `e-${i}-${Math.random().toString(36).slice(2)}`;
  return { ...records.entry, id, seq: i, entry: { ...entry, id, seq: i } };
}

function metaOf(records: Records, i: number, small: boolean): Record<string, unknown> {
  return small ? { version: i + 1, nextSeq: i + 1 } : { ...records.meta, version: i + 1, nextSeq: i + 1 };
}

/** A transaction over `stores` with the durability hint when one is given. */
function tx(db: Db, stores: string[], durability: Durability): IDBTransaction {
  const options = durability ? { durability } : undefined;
  return unwrap(db).transaction(stores, 'readwrite', options);
}

function done(t: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    t.oncomplete = () => resolve();
    t.onabort = () => reject(t.error);
  });
}

function answered(r: IDBRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

/** The shapes, by name. `get` = the version check's read; `c` = `commit()` once the last request is issued or the read is in. */
function shapes(records: Records): Record<string, Shape> {
  const put1 = (store: string, d?: Durability): Shape => {
    return async (db, i) => {
      const t = tx(db, [store], d);
      t.objectStore(store).put(entryOf(records, i));
      await done(t);
    };
  };
  const put2 = (commit: boolean, d?: Durability): Shape => {
    return async (db, i) => {
      const t = tx(db, ['sessions', 'entries'], d);
      t.objectStore('sessions').put(metaOf(records, i, false), 's');
      t.objectStore('entries').put(entryOf(records, i));
      if (commit) t.commit();
      await done(t);
    };
  };
  /** Ours: get the meta, put meta and entry, commit once the get is answered. */
  const get2 = (opts: { commit: 'after-get' | 'none' | 'at-once'; d?: Durability; small?: boolean }): Shape => {
    return async (db, i) => {
      const t = tx(db, ['sessions', 'entries'], opts.d);
      const check = answered(t.objectStore('sessions').get('s'));
      t.objectStore('sessions').put(metaOf(records, i, opts.small === true), 's');
      t.objectStore('entries').put(entryOf(records, i));
      if (opts.commit === 'at-once') t.commit();
      await check;
      if (opts.commit === 'after-get') t.commit();
      await done(t);
    };
  };
  /** The meta kept in the entries' store (one store), read and put there. */
  const oneStore: Shape = async (db, i) => {
    const t = tx(db, ['entries'], undefined);
    const store = t.objectStore('entries');
    const check = answered(store.get(['s', '\u0000meta']));
    store.put({ sessionId: 's', id: '\u0000meta', seq: -1, active: 0, entry: metaOf(records, i, false) });
    store.put(entryOf(records, i));
    await check;
    t.commit();
    await done(t);
  };
  return {
    'put1 plain': put1('plain'),
    'put1 plain relaxed': put1('plain', 'relaxed'),
    'put1 plain strict': put1('plain', 'strict'),
    'put1 entries (2 indexes)': put1('entries'),
    put2: put2(false),
    'put2 commit': put2(true),
    'put2 relaxed': put2(false, 'relaxed'),
    'get2 (ours)': get2({ commit: 'after-get' }),
    'get2 no commit': get2({ commit: 'none' }),
    'get2 commit at once': get2({ commit: 'at-once' }),
    'get2 relaxed': get2({ commit: 'after-get', d: 'relaxed' }),
    'get2 small meta': get2({ commit: 'after-get', small: true }),
    'get2 one store': oneStore,
  };
}

async function openShapeDb(name: string, records: Records): Promise<Db> {
  const db = await openDB(name, 1, {
    upgrade(d) {
      d.createObjectStore('sessions');
      const entries = d.createObjectStore('entries', { keyPath: ['sessionId', 'id'] });
      entries.createIndex('by-session-seq', ['sessionId', 'seq']);
      entries.createIndex('by-session-active', ['sessionId', 'active', 'seq']);
      d.createObjectStore('plain', { keyPath: ['sessionId', 'id'] });
    },
  });
  await db.put('sessions', metaOf(records, 0, false), 's');
  return db;
}

/**
 * `rounds` rounds of `n` awaited writes per shape (ms per write, the round's mean), the shapes
 * taking turns, and the JSON sizes of the records an add writes.
 */
export async function txShapes(options: { n: number; rounds: number; dbName: string }) {
  const records = await realRecords(`${options.dbName}-records`);
  const all = shapes(records);
  const names = Object.keys(all);
  const means: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < options.rounds; r++) {
    const order = names.map((_, k) => names[(k + r) % names.length]!);
    for (const name of order) {
      const db = await openShapeDb(`${options.dbName}-${r}-${names.indexOf(name)}`, records);
      // One unmeasured write first: the database's first transaction opens its files.
      await all[name]!(db, 0);
      const start = performance.now();
      for (let i = 1; i <= options.n; i++) await all[name]!(db, i);
      means[name]!.push((performance.now() - start) / options.n);
      db.close();
    }
  }
  const sizes = { meta: JSON.stringify(records.meta).length, entry: JSON.stringify(records.entry).length };
  return { means, sizes };
}
