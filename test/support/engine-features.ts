/**
 * What the engine running a browser test offers, probed the way RecallKit uses each feature
 * (an OPFS file opened with a synchronous handle in a dedicated worker, not just the name of
 * the API), so every test can assert what RecallKit does with it, or the documented fallback
 * without it. `EXPECTED_FEATURES` pins what each tested engine offers: a browser update that
 * changes it fails `test/browser/engine-support.test.ts`, which also writes the support table.
 * @module
 */
import { inject } from 'vitest';
import { server } from 'vitest/browser';

/** The engines the suite runs on (the Vitest instance's browser name). */
export type Engine = 'chromium' | 'firefox' | 'webkit';

/** The features RecallKit uses, as this engine offers them to a page served over http://127.0.0.1. */
export interface EngineFeatures {
  /** `new Worker(url, { type: 'module' })` runs an ES module. */
  moduleWorkers: boolean;
  /** `indexedDB` in the page and in a worker. */
  indexedDB: boolean;
  /** `navigator.storage.getDirectory()` in a dedicated worker. */
  opfs: boolean;
  /** A file of the OPFS opened with `createSyncAccessHandle()` in a dedicated worker: true, or what refused it. */
  opfsSyncHandles: true | string;
  /** `navigator.locks`. */
  webLocks: boolean;
  /** `BroadcastChannel`. */
  broadcastChannel: boolean;
  /** `navigator.storage.estimate()`. */
  storageEstimate: boolean;
  /** `navigator.storage.persist()`. */
  storagePersist: boolean;
  /** `navigator.storageBuckets` (Chromium 122+): a quota of one's own, used to fill a disk in tests. */
  storageBuckets: boolean;
}

declare module 'vitest' {
  interface ProvidedContext {
    /** The `--features` WebKitGTK's MiniBrowser runs with (vite.config.ts). */
    webkitFeatures: string[];
  }
}

/** What each engine of the suite offers, as installed from Debian (Chromium, Firefox ESR, WebKitGTK's MiniBrowser). */
export const EXPECTED_FEATURES: Record<Engine, Omit<EngineFeatures, 'opfsSyncHandles'> & { opfsSyncHandles: boolean }> =
  {
    chromium: {
      moduleWorkers: true,
      indexedDB: true,
      opfs: true,
      opfsSyncHandles: true,
      webLocks: true,
      broadcastChannel: true,
      storageEstimate: true,
      storagePersist: true,
      storageBuckets: true,
    },
    firefox: {
      moduleWorkers: true,
      indexedDB: true,
      opfs: true,
      opfsSyncHandles: true,
      webLocks: true,
      broadcastChannel: true,
      storageEstimate: true,
      storagePersist: true,
      storageBuckets: false,
    },
    // Set below from the features MiniBrowser runs with.
    webkit: webkitExpected(inject('webkitFeatures')),
  };

/**
 * What WebKitGTK 2.50's MiniBrowser offers with these `--features`: with Safari's storage features
 * (`StorageAPI`, `StorageAPIEstimate`, `FileSystem`, `AccessHandle`) it has `navigator.storage` and
 * an OPFS, but no synchronous handle: WebKit hands the file to the worker over IPC, which only its
 * Apple ports implement (`NotSupportedError: Backend does not support this operation`). Without
 * them (WebKitGTK's defaults) it has no `navigator.storage` at all.
 */
function webkitExpected(features: readonly string[]): (typeof EXPECTED_FEATURES)['webkit'] {
  const on = new Set(features.map((f) => f.toLowerCase()));
  const storageApi = on.has('storageapi');
  return {
    moduleWorkers: true,
    indexedDB: true,
    opfs: storageApi && on.has('filesystem'),
    opfsSyncHandles: false,
    webLocks: true,
    broadcastChannel: true,
    storageEstimate: storageApi && on.has('storageapiestimate'),
    storagePersist: storageApi,
    storageBuckets: false,
  };
}

/** The engine this test file runs in. */
export const engine = server.browser as Engine;

/** The probe run in a dedicated module worker. */
const WORKER_PROBE = `
  const out = { indexedDB: typeof indexedDB !== 'undefined', opfs: false, opfsSyncHandles: 'not tried' };
  try {
    if (typeof navigator.storage?.getDirectory !== 'function') throw new Error('navigator.storage.getDirectory is missing');
    const root = await navigator.storage.getDirectory();
    out.opfs = true;
    const name = 'engine-probe-' + Math.random().toString(36).slice(2);
    const file = await root.getFileHandle(name, { create: true });
    try {
      const h = await file.createSyncAccessHandle();
      h.write(new Uint8Array([1, 2, 3]), { at: 0 });
      out.opfsSyncHandles = h.getSize() === 3 ? true : 'a write of 3 bytes left ' + h.getSize();
      h.close();
    } finally {
      await root.removeEntry(name).catch(() => undefined);
    }
  } catch (e) {
    out.opfsSyncHandles = (e && e.name ? e.name + ': ' : '') + (e && e.message ? e.message : String(e));
  }
  postMessage(out);`;

let probed: Promise<EngineFeatures> | undefined;

/** Probe the features of this engine (once per file). */
export function engineFeatures(): Promise<EngineFeatures> {
  return (probed ??= (async () => {
    const url = URL.createObjectURL(new Blob([WORKER_PROBE], { type: 'text/javascript' }));
    let worker: { indexedDB: boolean; opfs: boolean; opfsSyncHandles: true | string } | undefined;
    try {
      const w = new Worker(url, { type: 'module' });
      worker = await new Promise((resolve, reject) => {
        w.onmessage = (e) => resolve(e.data);
        w.onerror = (e) => reject(new Error(e.message));
      });
      w.terminate();
    } catch {
      worker = undefined;
    } finally {
      URL.revokeObjectURL(url);
    }
    const storage = (navigator as { storage?: StorageManager }).storage;
    return {
      moduleWorkers: worker !== undefined,
      indexedDB: typeof indexedDB !== 'undefined' && worker?.indexedDB === true,
      opfs: worker?.opfs ?? false,
      opfsSyncHandles: worker?.opfsSyncHandles ?? 'no module worker',
      webLocks: typeof (navigator as { locks?: unknown }).locks === 'object',
      broadcastChannel: typeof BroadcastChannel === 'function',
      storageEstimate: typeof storage?.estimate === 'function',
      storagePersist: typeof storage?.persist === 'function',
      storageBuckets: typeof (navigator as { storageBuckets?: unknown }).storageBuckets === 'object',
    };
  })());
}
