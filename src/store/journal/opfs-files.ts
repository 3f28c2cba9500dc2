/**
 * Journal files in the Origin Private File System, written through `createSyncAccessHandle`
 * (dedicated workers only): a synchronous write and `flush()` per append, no copy of the file.
 * The main thread has only `createWritable`, which writes a whole new copy of the file on every
 * close, so an append would cost the file's size: the journal is not offered there.
 * @module
 */
import type { JournalFiles } from './files.js';

/** The slice of `FileSystemSyncAccessHandle` used here (worker-only DOM types are not in our lib). */
interface SyncHandle {
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

/** Whether this thread can keep a journal: OPFS with synchronous access handles (a dedicated worker). */
export function canUseOpfsJournal(): boolean {
  const g = globalThis as { navigator?: { storage?: { getDirectory?: unknown } }; FileSystemSyncAccessHandle?: unknown; WorkerGlobalScope?: unknown };
  return typeof g.navigator?.storage?.getDirectory === 'function' && typeof g.FileSystemSyncAccessHandle === 'function' && g.WorkerGlobalScope !== undefined;
}

/** Options of {@link opfsJournalFiles}. */
export interface OpfsJournalOptions {
  /** Folder under {@link JOURNAL_ROOT} (one per database). */
  folder: string;
  /** `flush()` after every append (an fsync: survives power loss, not only a crash). Default true. */
  flush?: boolean;
}

/** Journal files in `recallkit-journal/<folder>/` of the OPFS. */
export function opfsJournalFiles(options: OpfsJournalOptions): JournalFiles {
  const { folder, flush = true } = options;
  let dir: Promise<DirHandle> | undefined;
  const handles = new Map<string, Promise<SyncHandle>>();
  const directory = (): Promise<DirHandle> =>
    (dir ??= (async () => {
      const root = (await (navigator.storage as unknown as { getDirectory(): Promise<DirHandle> }).getDirectory()) as DirHandle;
      const top = await root.getDirectoryHandle(JOURNAL_ROOT, { create: true });
      return top.getDirectoryHandle(folder, { create: true });
    })());

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
      h.catch(() => handles.delete(name));
      handles.set(name, h);
    }
    return h;
  };

  const release = async (name: string): Promise<void> => {
    const h = handles.get(name);
    handles.delete(name);
    if (h) (await h.catch(() => undefined))?.close();
  };

  return {
    kind: 'opfs',
    async list() {
      const names: string[] = [];
      for await (const name of (await directory()).keys()) names.push(name);
      return names;
    },
    async read(name) {
      const h = await handle(name);
      const out = new Uint8Array(h.getSize());
      let at = 0;
      while (at < out.length) {
        const n = h.read(out.subarray(at), { at });
        if (n <= 0) break;
        at += n;
      }
      return out.subarray(0, at);
    },
    async append(name, bytes) {
      const h = await handle(name);
      writeAll(h, bytes, h.getSize());
      if (flush) h.flush();
    },
    async truncate(name, size) {
      const h = await handle(name);
      h.truncate(size);
      h.flush();
    },
    async write(name, bytes) {
      const h = await handle(name);
      h.truncate(0);
      writeAll(h, bytes, 0);
      h.flush();
    },
    async remove(name) {
      await release(name);
      await (await directory()).removeEntry(name).catch((e: { name?: string }) => {
        if (e?.name !== 'NotFoundError') throw e;
      });
    },
    async close() {
      await Promise.all([...handles.keys()].map(release));
    },
  };
}

function writeAll(h: SyncHandle, bytes: Uint8Array, at: number): void {
  let done = 0;
  while (done < bytes.length) {
    const n = h.write(bytes.subarray(done), { at: at + done });
    if (n <= 0) throw new Error(`OPFS journal: wrote ${done} of ${bytes.length} bytes`);
    done += n;
  }
}
