/**
 * Journal files in the Origin Private File System, written through `createSyncAccessHandle`
 * (dedicated workers only): one synchronous write per append, no copy of the file, and a
 * `flush()` within `flushDelayMs`.
 *
 * Every call on a handle costs about a microsecond in Chromium and 0.03–0.3 ms in Firefox,
 * whose handle runs each call on an I/O thread while the worker waits; so a file's size is
 * asked once and then kept here, as long as this handle is the only writer (an exclusive
 * handle: Firefox's only kind). A `readwrite-unsafe` handle (Chromium), which another tab's
 * worker may append to as well, asks the size before each append.
 * The main thread has only `createWritable`, which writes a whole new copy of the file on every
 * close, so an append would cost the file's size: the journal is not offered there.
 * @module
 */
import type { JournalFiles } from './files.js';

/** The slice of `FileSystemSyncAccessHandle` used here (worker-only DOM types are not in our lib). */
interface SyncHandle {
  /** How it was opened, where the engine has modes (Chromium 121+); absent: exclusive. */
  readonly mode?: string;
  read(buffer: Uint8Array, options?: { at?: number }): number;
  write(buffer: Uint8Array, options?: { at?: number }): number;
  truncate(size: number): void;
  getSize(): number;
  flush(): void;
  close(): void;
}
interface FileHandle {
  createSyncAccessHandle(options?: { mode?: string }): Promise<SyncHandle>;
}
interface DirHandle {
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<DirHandle>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<FileHandle>;
  removeEntry(name: string): Promise<void>;
  keys(): AsyncIterableIterator<string>;
}

/** The root folder of every journal in the origin's private file system. */
export const JOURNAL_ROOT = 'recallkit-journal';

/**
 * Why this thread cannot keep a journal, from what it exposes; `undefined` when it has the OPFS
 * with synchronous access handles (a dedicated worker). An engine may still refuse the handle
 * itself (WebKitGTK): {@link OpfsRefusedError}, found when the journal's files are first opened.
 */
export function opfsJournalUnavailable(): string | undefined {
  const g = globalThis as {
    navigator?: { storage?: { getDirectory?: unknown } };
    FileSystemSyncAccessHandle?: unknown;
    WorkerGlobalScope?: unknown;
  };
  if (g.WorkerGlobalScope === undefined) {
    return (
      'the journal needs the Origin Private File System with synchronous access handles, ' +
      'which only a dedicated worker has (createWorkerMemory runs there); ' +
      'the main thread only has createWritable, which rewrites the whole file on every append'
    );
  }
  if (typeof g.navigator?.storage?.getDirectory !== 'function') {
    return (
      'this browser offers no Origin Private File System here (navigator.storage.getDirectory is missing); ' +
      'IndexedDB alone keeps the memory'
    );
  }
  if (typeof g.FileSystemSyncAccessHandle !== 'function') {
    return (
      'this browser has no synchronous OPFS access handles (FileSystemSyncAccessHandle); ' +
      'IndexedDB alone keeps the memory'
    );
  }
  return undefined;
}

/** The OPFS of this browser refused what the journal needs: the journal is off, IndexedDB alone keeps the memory. */
export class OpfsRefusedError extends Error {
  override name = 'OpfsRefusedError';
  constructor(step: string, cause: unknown) {
    const e = cause as { name?: string; message?: string } | undefined;
    super(
      `this browser's Origin Private File System refused ${step} ` +
        `(${e?.name ?? 'Error'}: ${e?.message ?? String(cause)}); IndexedDB alone keeps the memory`,
      { cause },
    );
  }
}

/** The journal root opened by {@link openJournalRootEarly}, taken by the next {@link journalRoot}. */
let rootOpened: Promise<DirHandle | undefined> | undefined;

/**
 * Start opening the journal root of the origin's private file system now, creating nothing (a
 * worker calls it as its script starts, while the page's options are on their way): on a warm
 * start the journal's first file calls then wait for two round trips to the browser fewer.
 */
export function openJournalRootEarly(): void {
  if (rootOpened || opfsJournalUnavailable()) return;
  rootOpened = (async () => {
    const root = await (navigator.storage as unknown as { getDirectory(): Promise<DirHandle> }).getDirectory();
    return root.getDirectoryHandle(JOURNAL_ROOT);
  })().catch(() => undefined);
}

/** The journal root (created when absent). */
async function journalRoot(): Promise<DirHandle> {
  const early = rootOpened && (await rootOpened);
  rootOpened = undefined;
  if (early) return early;
  const root = await (navigator.storage as unknown as { getDirectory(): Promise<DirHandle> }).getDirectory();
  return root.getDirectoryHandle(JOURNAL_ROOT, { create: true });
}

/** Options of {@link opfsJournalFiles}. */
export interface OpfsJournalOptions {
  /** Folder under {@link JOURNAL_ROOT} (one per database). */
  folder: string;
  /**
   * When appends reach the disk. The bytes are written to the file at once (a killed browser
   * or tab loses nothing acknowledged: the OS has them); `flush()` (an fsync, for power loss)
   * follows within `flushDelayMs` after a burst of appends. `0` flushes every append, which
   * costs about a millisecond each. Default 1000. A whole file written (`write`: a compacted
   * generation) is flushed at once.
   */
  flushDelayMs?: number;
}

/**
 * Whether this engine's synchronous handles can be shared with another tab (`mode`,
 * Chromium 121+): a file held here may then be written by another tab's worker too.
 */
export function handlesShared(): boolean {
  const api = (globalThis as { FileSystemSyncAccessHandle?: { prototype: object } }).FileSystemSyncAccessHandle;
  return api !== undefined && 'mode' in api.prototype;
}

/** The OPFS journal files, and a look at one file's handle (which stays open for the journal's calls). */
export interface OpfsJournalFiles extends JournalFiles {
  /** Run `fn` on the synchronous handle of `name` (opened, and kept, as any call on it would). */
  withHandle<T>(name: string, fn: (handle: { getSize(): number; readonly mode?: string }) => T): Promise<T>;
}

/** Journal files in `recallkit-journal/<folder>/` of the OPFS. */
export function opfsJournalFiles(options: OpfsJournalOptions): OpfsJournalFiles {
  const { folder, flushDelayMs = 1000 } = options;
  let dir: Promise<DirHandle> | undefined;
  const handles = new Map<string, Promise<SyncHandle>>();
  /** Sizes of files held exclusively, kept as this thread writes them. */
  const sizes = new Map<SyncHandle, number>();
  const sizeOf = (h: SyncHandle): number => {
    let size = sizes.get(h);
    if (size === undefined) {
      size = h.getSize();
      if (h.mode !== 'readwrite-unsafe') sizes.set(h, size);
    }
    return size;
  };
  const resized = (h: SyncHandle, size: number): void => {
    if (sizes.has(h)) sizes.set(h, size);
  };
  const unflushed = new Set<SyncHandle>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flushAll = (): void => {
    timer = undefined;
    for (const h of unflushed) {
      try {
        h.flush();
      } catch {
        // Closed meanwhile (a removed file): nothing left to flush.
      }
    }
    unflushed.clear();
  };
  const directory = (): Promise<DirHandle> =>
    (dir ??= (async () => (await journalRoot()).getDirectoryHandle(folder, { create: true }))());

  const handle = (name: string): Promise<SyncHandle> => {
    let h = handles.get(name);
    if (!h) {
      h = (async () => {
        const file = await (await directory()).getFileHandle(name, { create: true });
        try {
          // Another tab's worker may hold the same file: share it (Chromium 121+), else exclusive.
          return await file.createSyncAccessHandle({ mode: 'readwrite-unsafe' });
        } catch {
          return file.createSyncAccessHandle();
        }
      })();
      h.then(() => undefined);
      h.catch(() => handles.delete(name));
      handles.set(name, h);
    }
    return h;
  };

  /**
   * Close the handle of `name`, flushed first unless the file is about to be removed (a flush
   * holds Firefox's worker while its I/O thread writes).
   */
  const release = async (name: string, flush = true): Promise<void> => {
    const h = handles.get(name);
    handles.delete(name);
    const handle = h && (await h.catch(() => undefined));
    if (!handle) return;
    sizes.delete(handle);
    if (unflushed.delete(handle) && flush) handle.flush();
    handle.close();
  };

  return {
    kind: 'opfs',
    async withHandle(name, fn) {
      return fn(await handle(name));
    },
    async list() {
      const names: string[] = [];
      for await (const name of (await directory()).keys()) names.push(name);
      return names;
    },
    async read(name) {
      const h = await handle(name);
      return readRange(h, 0, sizeOf(h));
    },
    async size(name) {
      return sizeOf(await handle(name));
    },
    async readAt(name, at, length) {
      const h = await handle(name);
      return readRange(h, at, Math.max(0, Math.min(length, sizeOf(h) - at)));
    },
    async append(name, bytes) {
      const h = await handle(name);
      const at = sizeOf(h);
      try {
        writeAll(h, bytes, at);
      } catch (error) {
        // Part of it may be in the file: ask the size again next time.
        sizes.delete(h);
        throw error;
      }
      resized(h, at + bytes.length);
      if (flushDelayMs <= 0) h.flush();
      else {
        unflushed.add(h);
        timer ??= setTimeout(flushAll, flushDelayMs);
      }
    },
    async truncate(name, size) {
      const h = await handle(name);
      sizes.delete(h);
      h.truncate(size);
      h.flush();
    },
    async write(name, bytes) {
      const h = await handle(name);
      sizes.delete(h);
      h.truncate(0);
      writeAll(h, bytes, 0);
      h.flush();
    },
    async hold(name) {
      // Only an exclusive handle holds a file: a shared one may be written by another tab.
      if (handlesShared()) return false;
      try {
        const h = await handle(name);
        if (h.mode !== 'readwrite-unsafe') return true;
        await release(name);
      } catch {
        // Held by another tab (Firefox's handles are exclusive).
      }
      return false;
    },
    async remove(name) {
      await release(name, false);
      await (await directory()).removeEntry(name).catch((e: { name?: string }) => {
        if (e?.name !== 'NotFoundError') throw e;
      });
    },
    async close() {
      if (timer !== undefined) clearTimeout(timer);
      flushAll();
      await Promise.all([...handles.keys()].map((name) => release(name)));
    },
  };
}

function readRange(h: SyncHandle, from: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let done = 0;
  while (done < length) {
    const n = h.read(out.subarray(done), { at: from + done });
    if (n <= 0) break;
    done += n;
  }
  return out.subarray(0, done);
}

function writeAll(h: SyncHandle, bytes: Uint8Array, at: number): void {
  let done = 0;
  while (done < bytes.length) {
    const n = h.write(bytes.subarray(done), { at: at + done });
    if (n <= 0) throw new Error(`OPFS journal: wrote ${done} of ${bytes.length} bytes`);
    done += n;
  }
}
