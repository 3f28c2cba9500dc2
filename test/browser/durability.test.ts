/**
 * What survives a tab: reopening, a tab (iframe) or worker dying mid-write, a full disk, and
 * two tabs writing one session. Other "tabs" are same-origin iframes and module workers that
 * load the store themselves: their own realm, connection and module instance, like a real tab.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { QuotaExceededError } from '../../src/errors.js';
import { indexedDBStore } from '../../src/store/indexeddb/indexeddb-store.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import type { StoreAdapter, StoreBatch } from '../../src/types.js';
import { makeEntry, makeMeta, makeSummary, snapshot } from '../support/store-conformance.js';
import { removeDatabases } from '../support/browser-cleanup.js';
import { engine, engineFeatures } from '../support/engine-features.js';

/** Storage Buckets (Chromium) give a database a quota of its own: a real full disk for one test. */
const buckets = (await engineFeatures()).storageBuckets;

const PREFIX = 'recallkit-test-durability-';
let count = 0;
const freshName = (): string => `${PREFIX}${Date.now()}-${count++}`;
afterAll(() => removeDatabases(PREFIX));

/** The Storage Buckets API (Chromium 122+), not yet in TypeScript's DOM types. */
interface StorageBuckets {
  open(
    name: string,
    options?: { quota?: number; persisted?: boolean; durability?: 'strict' | 'relaxed' },
  ): Promise<{ indexedDB: IDBFactory }>;
  delete(name: string): Promise<void>;
}

type HostMessage = 'ready' | 'started' | 'done' | 'bumped' | `failed ${string}`;
type HostCommand =
  { op: 'write'; sessionId: string; batch: StoreBatch } | { op: 'bump'; sessionId: string; times: number };

/** Code run by another "tab": opens its own store and obeys {@link HostCommand}s. */
const hostSource = (dbName: string, post: string, listen: string): string => `
  const { indexedDBStore } = await import(${JSON.stringify(new URL('../../src/store/indexeddb/indexeddb-store.ts', import.meta.url).href)});
  const store = indexedDBStore({ dbName: ${JSON.stringify(dbName)} });
  const post = ${post};
  const bump = (s) => store.lock(s, async () => {
    const meta = await store.loadMeta(s);
    await store.write(s, { meta: { ...meta, version: meta.version + 1 } });
  });
  ${listen}((cmd) => {
    if (cmd.op === 'write') {
      store.write(cmd.sessionId, cmd.batch).then(() => post('done'), (e) => post('failed ' + e));
      post('started');
    } else {
      Promise.all(Array.from({ length: cmd.times }, () => bump(cmd.sessionId))).then(() => post('bumped'), (e) => post('failed ' + e));
    }
  });
  await store.listSessions();
  post('ready');`;

interface Host {
  send(command: HostCommand): void;
  next(): Promise<HostMessage>;
  kill(): void;
}

/** Start another tab of the store: an iframe (a tab) or a module worker (the engine's worker). */
async function startHost(kind: 'iframe' | 'worker', dbName: string): Promise<Host> {
  const inbox: HostMessage[] = [];
  let wake: (() => void) | undefined;
  const receive = (message: HostMessage): void => {
    inbox.push(message);
    wake?.();
  };
  let host: Omit<Host, 'next'>;
  if (kind === 'iframe') {
    const iframe = document.createElement('iframe');
    const onMessage = (e: MessageEvent): void =>
      void (e.source === iframe.contentWindow && receive(e.data as HostMessage));
    addEventListener('message', onMessage);
    const script = hostSource(
      dbName,
      `(m) => parent.postMessage(m, '*')`,
      `((f) => addEventListener('message', (e) => f(e.data)))`,
    );
    iframe.srcdoc = `<script type="module">${script}</script>`;
    document.body.append(iframe);
    host = {
      send: (command) => iframe.contentWindow?.postMessage(command, '*'),
      kill: () => {
        removeEventListener('message', onMessage);
        iframe.remove();
      },
    };
  } else {
    const script = hostSource(dbName, `(m) => postMessage(m)`, `((f) => (onmessage = (e) => f(e.data)))`);
    const worker = new Worker(URL.createObjectURL(new Blob([script], { type: 'text/javascript' })), { type: 'module' });
    worker.onmessage = (e) => receive(e.data as HostMessage);
    host = { send: (command) => worker.postMessage(command), kill: () => worker.terminate() };
  }
  const next = async (): Promise<HostMessage> => {
    while (!inbox.length) await new Promise<void>((resolve) => (wake = resolve));
    return inbox.shift()!;
  };
  expect(await next()).toBe('ready');
  return { ...host, next };
}

/** A session of 200 entries and its summary. */
const baseline = (s: string): StoreBatch => ({
  meta: makeMeta(s, 1, { nextSeq: 200 }),
  putEntries: Array.from({ length: 200 }, (_, i) => makeEntry(s, i)),
  putSummaries: [makeSummary(s, 's1')],
  aux: { recall: { version: 1 } },
});

/** A batch big enough to be caught mid-flight: compress all 200, add 4,000 entries, rewrite aux. */
const bigBatch = (s: string): StoreBatch => ({
  meta: makeMeta(s, 2, { nextSeq: 4_200 }),
  putEntries: [
    ...Array.from({ length: 200 }, (_, i) => makeEntry(s, i, { compressed: true, summaryId: 's2' })),
    ...Array.from({ length: 4_000 }, (_, i) =>
      makeEntry(s, 200 + i, { content: `${i} `.repeat(300) + crypto.randomUUID() }),
    ),
  ],
  putSummaries: [makeSummary(s, 's2')],
  deleteSummaryIds: ['s1'],
  aux: { recall: { version: 2 } },
});

/** Serialized snapshot of a session as a store reads it. */
const signature = async (store: StoreAdapter, s: string): Promise<string> =>
  JSON.stringify(await snapshot(store, s, ['recall']));

describe('durability in the browser', () => {
  it('a new connection (a reloaded page) reads back exactly what was written and closed', async () => {
    const dbName = freshName();
    const first = indexedDBStore({ dbName });
    await first.write('a', baseline('a'));
    await first.write('a', bigBatch('a'));
    const written = await signature(first, 'a');
    await first.close();
    const reopened = indexedDBStore({ dbName });
    expect(await signature(reopened, 'a')).toBe(written);
    await reopened.close();
  });

  const outcomes: string[] = [];
  afterAll(() => console.log(`mid-write deaths (host/delay ms → state seen after): ${outcomes.join(', ')}`));

  // WebKitGTK now and then (2 of 12 rounds) never commits nor aborts the transaction of a worker
  // terminated mid-write: every later read of that database waits behind it, a new connection's
  // too, and nothing a page can call ends another context's transaction (docs/browser-support.md).
  // There the worker is killed once its write is done; the iframe cases run as everywhere.
  const midWrite = (kind: 'iframe' | 'worker') => !(kind === 'worker' && engine === 'webkit');
  for (const kind of ['iframe', 'worker'] as const) {
    it.each((midWrite(kind) ? [0, 1, 5, 20, 80, 250, 'done'] : ['done']) as readonly (number | 'done')[])(
      `${kind} killed at %s (ms after the write started, or once it is done): the session is fully before or fully after it`,
      async (when) => {
        const dbName = freshName();
        const s = 'chat';
        const batch = bigBatch(s);
        // The two acceptable states, as the reference store computes them.
        const model = memoryStore();
        await model.write(s, baseline(s));
        const before = await signature(model, s);
        await model.write(s, batch);
        const after = await signature(model, s);

        const page = indexedDBStore({ dbName });
        await page.write(s, baseline(s));
        const host = await startHost(kind, dbName);
        host.send({ op: 'write', sessionId: s, batch });
        expect(await host.next()).toBe('started');
        const started = performance.now();
        if (when === 'done') expect(await host.next()).toBe('done');
        else if (when > 0) await new Promise((resolve) => setTimeout(resolve, when));
        host.kill();

        const seen = await signature(page, s);
        const state = seen === before ? 'before' : seen === after ? 'after' : 'HALF';
        outcomes.push(
          `${kind}/${when} → ${state}${when === 'done' ? ` (write took ${Math.round(performance.now() - started)} ms)` : ''}`,
        );
        expect(state).not.toBe('HALF');
        if (when === 'done') expect(state).toBe('after');
        await page.close();
      },
    );
  }

  it.runIf(buckets)(
    'a full disk: the write is refused with QuotaExceededError and what was stored stays intact',
    async () => {
      // A Storage Bucket with a 3 MB quota of its own: a real full disk, for this database only.
      const name = `${PREFIX}quota-${count++}`;
      const bucket = await (navigator as unknown as { storageBuckets: StorageBuckets }).storageBuckets.open(name, {
        quota: 3_000_000,
      });
      const store = indexedDBStore({ indexedDB: bucket.indexedDB });
      try {
        await store.write('a', baseline('a'));
        const sessionA = async () =>
          JSON.stringify([
            await store.loadSession('a'),
            await store.loadEntries('a'),
            await store.loadAux('a', 'recall'),
          ]);
        const intact = await sessionA();
        let error: unknown;
        // Random text: Chromium compresses values, so repeated text would never fill the disk.
        for (let i = 0; i < 20 && !error; i++) {
          const entry = makeEntry('b', i, { content: randomText(750_000) });
          await store
            .write('b', { meta: makeMeta('b', i + 1, { nextSeq: i + 1 }), putEntries: [entry] })
            .catch((e: unknown) => (error = e));
        }
        expect(error).toBeInstanceOf(QuotaExceededError);
        expect(((error as Error).cause as DOMException).name).toBe('QuotaExceededError');
        expect((error as Error).message).toMatch(/storage quota exceeded while trying to write session "b"/);
        expect(await sessionA()).toBe(intact);
        // The refused batch left nothing: session "b" holds exactly the entries of the writes that succeeded.
        const meta = await store.loadMeta('b');
        expect(meta?.nextSeq).toBeGreaterThan(0);
        expect((await store.loadEntries('b')).map((e) => e.seq)).toEqual(
          Array.from({ length: meta?.nextSeq ?? 0 }, (_, i) => i),
        );
        // The store stays usable: a session can be deleted to make room (the disk shrinks on compaction).
        await store.deleteSession('b');
        expect(await store.loadSession('b')).toBeUndefined();
      } finally {
        await store.close();
        await (navigator as unknown as { storageBuckets: StorageBuckets }).storageBuckets.delete(name);
      }
    },
  );

  it('two tabs doing read-modify-write under lock() never lose an update', async () => {
    const dbName = freshName();
    const page = indexedDBStore({ dbName });
    await page.write('shared', { meta: makeMeta('shared', 0) });
    const tab = await startHost('iframe', dbName);
    tab.send({ op: 'bump', sessionId: 'shared', times: 50 });
    const bump = () =>
      page.lock!('shared', async () => {
        const meta = (await page.loadMeta('shared'))!;
        await page.write('shared', { meta: { ...meta, version: meta.version + 1 } });
      });
    await Promise.all(Array.from({ length: 50 }, bump));
    expect(await tab.next()).toBe('bumped');
    tab.kill();
    expect((await page.loadMeta('shared'))?.version).toBe(100);
    await page.close();
  });
});

/** Incompressible text. */
function randomText(length: number): string {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 65_536) crypto.getRandomValues(bytes.subarray(i, i + 65_536));
  return Array.from(bytes, (b) => String.fromCharCode(33 + (b % 94))).join('');
}
