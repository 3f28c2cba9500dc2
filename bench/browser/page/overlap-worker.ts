/**
 * The worker of `overlap.ts`: one add's IndexedDB transaction (the version check's read, the meta
 * and the entry put, the commit once the read is in) with a journal frame written on this thread
 * between the requests and the commit (RecallKit's order), on a second worker (the port it was
 * given), or not at all; and the write alone, and a raw put, for reference. Timed here.
 * @module
 */
interface Sync {
  write(b: Uint8Array, o: { at: number }): number;
  flush(): void;
  close(): void;
}
type Message = { run: string; n: number; dbName: string; meta: object; entry: object; port?: MessagePort };

const frame = new Uint8Array(720).fill(97);
const JOURNAL: Record<string, 'thread' | 'other' | 'first' | 'after commit' | 'overwrite'> = {
  'tx + write here': 'thread',
  'tx + write on a 2nd worker': 'other',
  'write, then tx': 'first',
  'tx, write after commit': 'after commit',
  'tx + overwrite here (the file does not grow)': 'overwrite',
};
let port: MessagePort | undefined;
let handle: Sync | undefined;
let at = 0;
let nextId = 0;
const waiting = new Map<number, () => void>();

async function openFile(name: string): Promise<Sync> {
  const root = await navigator.storage.getDirectory();
  const file = await root.getFileHandle(name, { create: true });
  return (await (file as unknown as { createSyncAccessHandle(): Promise<Sync> }).createSyncAccessHandle()) as Sync;
}

function openDb(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const r = indexedDB.open(name, 1);
    r.onupgradeneeded = () => {
      r.result.createObjectStore('sessions');
      const entries = r.result.createObjectStore('entries', { keyPath: ['sessionId', 'id'] });
      entries.createIndex('by-session-seq', ['sessionId', 'seq']);
      entries.createIndex('by-session-active', ['sessionId', 'active', 'seq']);
    };
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

const written = (): Promise<void> =>
  new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    port!.postMessage({ id, bytes: frame });
  });

async function one(
  db: IDBDatabase,
  m: Message,
  i: number,
  journal: 'thread' | 'other' | 'none' | 'first' | 'after commit' | 'overwrite',
): Promise<void> {
  if (journal === 'first') {
    handle!.write(frame, { at });
    at += frame.length;
  }
  const t = db.transaction(['sessions', 'entries'], 'readwrite');
  const complete = new Promise<void>((resolve, reject) => {
    t.oncomplete = () => resolve();
    t.onabort = () => reject(t.error);
  });
  const get = t.objectStore('sessions').get('s');
  const checked = new Promise<void>((resolve) => (get.onsuccess = () => resolve()));
  t.objectStore('sessions').put({ ...m.meta, version: i }, 's');
  t.objectStore('entries').put({ ...m.entry, id: `e${i}`, seq: i });
  let other: Promise<void> | undefined;
  if (journal === 'overwrite') handle!.write(frame, { at: 0 });
  else if (journal === 'thread') {
    handle!.write(frame, { at });
    at += frame.length;
  } else if (journal === 'other') other = written();
  await checked;
  t.commit();
  if (journal === 'after commit') {
    handle!.write(frame, { at });
    at += frame.length;
  }
  await Promise.all([complete, other]);
}

self.onmessage = async (event: MessageEvent<Message | { answer: number }>) => {
  const m = event.data as Message;
  if (m.port) {
    port = m.port;
    port.onmessage = (e: MessageEvent<{ id: number }>) => {
      waiting.get(e.data.id)?.();
      waiting.delete(e.data.id);
    };
    self.postMessage('ok');
    return;
  }
  const db = await openDb(m.dbName);
  handle ??= await openFile('overlap-main.bin');
  const run = async (i: number): Promise<void> => {
    if (m.run === 'write only') {
      handle!.write(frame, { at });
      at += frame.length;
    } else if (m.run === 'raw put') {
      const t = db.transaction(['entries'], 'readwrite');
      t.objectStore('entries').put({ ...m.entry, id: `e${i}`, seq: i });
      await new Promise((resolve) => (t.oncomplete = resolve));
    } else await one(db, m, i, JOURNAL[m.run] ?? 'none');
  };
  await run(0);
  const start = performance.now();
  for (let i = 1; i <= m.n; i++) await run(i);
  const ms = (performance.now() - start) / m.n;
  db.close();
  handle.flush();
  self.postMessage(ms);
};

export {};
