/**
 * Step marks of the bench page's traced worker (`trace-worker.ts`), installed before the
 * RecallKit worker's modules are evaluated (this module is that worker's first import): every
 * message received and posted, every IndexedDB open and transaction (created → complete), every
 * call on an OPFS synchronous access handle, the file-system calls of the journal and the reads
 * of the rank table, each noted with its time (ms since the epoch, comparable with the page's
 * `performance.timeOrigin + performance.now()`). Read and reset on the `BroadcastChannel`
 * named after the worker (`trace:<name>`).
 * @module
 */

/** One noted step: `at` its start, `end` its end when it has a duration. */
export interface TraceMark {
  kind: string;
  at: number;
  end?: number;
  detail?: string;
}

const marks: TraceMark[] = [];
const now = (): number => performance.timeOrigin + performance.now();
marks.push({ kind: 'script', at: now() });

const scope = globalThis as unknown as {
  addEventListener(type: 'message', fn: (event: MessageEvent) => void): void;
  postMessage(message: unknown, transfer?: Transferable[]): void;
  name: string;
};

/** The comlink method a message calls (`call` carries the Memory method first). */
function describe(data: unknown): string {
  const d = data as { type?: string; path?: string[]; argumentList?: { value?: unknown }[] } | null;
  if (!d || typeof d !== 'object') return 'other';
  if (d.type === undefined && 'recallkitEvent' in d) return 'event';
  const path = d.path?.join('.') ?? '';
  const first = d.argumentList?.[0]?.value;
  return `${d.type ?? 'reply'}:${path}${typeof first === 'string' ? `:${first}` : ''}`;
}

// Registered first: called before comlink runs the method.
scope.addEventListener('message', (event) => {
  const at = now();
  marks.push({ kind: 'recv', at, detail: describe(event.data) });
});
const post = scope.postMessage.bind(globalThis);
scope.postMessage = (message: unknown, transfer?: Transferable[]) => {
  const at = now();
  post(message, transfer ?? []);
  marks.push({ kind: 'reply', at, end: now(), detail: describe(message) });
};

const wrapAsync = (proto: object | undefined, name: string, kind: string): void => {
  if (!proto) return;
  const original = (proto as Record<string, unknown>)[name] as ((...a: unknown[]) => Promise<unknown>) | undefined;
  if (typeof original !== 'function') return;
  (proto as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
    const mark: TraceMark = { kind, at: now(), ...(typeof args[0] === 'string' ? { detail: args[0] } : {}) };
    marks.push(mark);
    const result = original.apply(this, args);
    void Promise.resolve(result).then(
      () => (mark.end = now()),
      () => (mark.end = now()),
    );
    return result;
  };
};

const wrapSync = (proto: object | undefined, name: string, kind: string): void => {
  if (!proto) return;
  const original = (proto as Record<string, unknown>)[name] as ((...a: unknown[]) => unknown) | undefined;
  if (typeof original !== 'function') return;
  (proto as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
    const at = now();
    try {
      return original.apply(this, args);
    } finally {
      const bytes = (args[0] as { byteLength?: number } | undefined)?.byteLength;
      marks.push({ kind, at, end: now(), ...(bytes !== undefined ? { detail: String(bytes) } : {}) });
    }
  };
};

const g = globalThis as unknown as Record<string, { prototype: object } | undefined>;
// IndexedDB: open (request → success) and each transaction (created → complete or abort).
const factory = g['IDBFactory']?.prototype as { open: (...a: unknown[]) => IDBOpenDBRequest } | undefined;
if (factory) {
  const open = factory.open;
  factory.open = function (this: IDBFactory, ...args: unknown[]) {
    const mark: TraceMark = { kind: 'idb.open', at: now(), detail: String(args[0]) };
    marks.push(mark);
    const request = open.apply(this, args);
    request.addEventListener('success', () => (mark.end = now()));
    request.addEventListener('error', () => (mark.end = now()));
    return request;
  };
}
const database = g['IDBDatabase']?.prototype as { transaction: (...a: unknown[]) => IDBTransaction } | undefined;
if (database) {
  const transaction = database.transaction;
  database.transaction = function (this: IDBDatabase, ...args: unknown[]) {
    const tx = transaction.apply(this, args);
    const stores = Array.isArray(args[0]) ? (args[0] as string[]).join('+') : String(args[0]);
    const mark: TraceMark = { kind: `idb.${tx.mode}`, at: now(), detail: stores };
    marks.push(mark);
    tx.addEventListener('complete', () => (mark.end = now()));
    tx.addEventListener('abort', () => (mark.end = now()));
    return tx;
  };
}
// Each request on a store, by store name (and the JSON size of what is put, when asked for).
const measureSizes = scope.name.includes('sizes');
const objectStore = g['IDBObjectStore']?.prototype as Record<string, unknown> | undefined;
for (const name of ['put', 'add', 'get', 'delete', 'getAll', 'openCursor']) {
  const original = objectStore?.[name] as ((...a: unknown[]) => IDBRequest) | undefined;
  if (!objectStore || typeof original !== 'function') continue;
  objectStore[name] = function (this: IDBObjectStore, ...args: unknown[]) {
    const at = now();
    const request = original.apply(this, args);
    const size = measureSizes && (name === 'put' || name === 'add') ? ` ${JSON.stringify(args[0]).length}` : '';
    marks.push({ kind: `idb.${name}`, at, end: now(), detail: `${this.name}${size}` });
    return request;
  };
}
const commit = (g['IDBTransaction']?.prototype as { commit?: () => void } | undefined)?.commit;
if (commit) wrapSync(g['IDBTransaction']!.prototype, 'commit', 'idb.commit-call');
// The journal's files.
const handle = g['FileSystemSyncAccessHandle']?.prototype;
for (const name of ['write', 'read', 'flush', 'getSize', 'truncate', 'close']) wrapSync(handle, name, `opfs.${name}`);
wrapAsync(g['FileSystemFileHandle']?.prototype, 'createSyncAccessHandle', 'opfs.createSyncAccessHandle');
wrapAsync(g['FileSystemFileHandle']?.prototype, 'getFile', 'opfs.getFile');
for (const name of ['getFileHandle', 'getDirectoryHandle', 'removeEntry'])
  wrapAsync(g['FileSystemDirectoryHandle']?.prototype, name, `opfs.${name}`);
wrapAsync(g['StorageManager']?.prototype, 'getDirectory', 'opfs.getDirectory');
// The rank table: IndexedDB (above), Cache Storage (earlier versions), fetch, and the bodies read.
wrapAsync(g['CacheStorage']?.prototype, 'open', 'cache.open');
wrapAsync(g['CacheStorage']?.prototype, 'match', 'cache.match');
wrapAsync(g['Cache']?.prototype, 'match', 'cache.match');
wrapAsync(g['Cache']?.prototype, 'put', 'cache.put');
wrapAsync(g['Response']?.prototype, 'arrayBuffer', 'response.arrayBuffer');
wrapAsync(g['Blob']?.prototype, 'arrayBuffer', 'blob.arrayBuffer');
const fetchOriginal = globalThis.fetch;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const mark: TraceMark = { kind: 'fetch', at: now(), detail: String(input instanceof Request ? input.url : input) };
  marks.push(mark);
  const result = fetchOriginal(input, init);
  void result.then(
    () => (mark.end = now()),
    () => (mark.end = now()),
  );
  return result;
};

const channel = new BroadcastChannel(`trace:${scope.name}`);
channel.onmessage = (event: MessageEvent<'read'>) => {
  if (event.data !== 'read') return;
  channel.postMessage({ marks: marks.splice(0), now: now() });
};

/** The marks noted so far (the worker entry uses it, so the bundler keeps this module's hooks). */
export const traceMarks: readonly TraceMark[] = marks;
