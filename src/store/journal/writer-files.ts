/**
 * The journal's OPFS files, written where it costs least for what a crash can take.
 *
 * In a regular profile the OPFS is a file on disk: an append is one synchronous write from this
 * thread (microseconds, {@link opfsJournalFiles}), done before the write resolves (`'awaited'`).
 *
 * Off the record (incognito, guest profiles, Playwright's default contexts) Chromium keeps the
 * OPFS in memory behind a synchronous IPC per file call, and IndexedDB in memory too: both end
 * with the browser, so no crash can keep one and lose the other, and the journal has nothing to
 * protect against until the tab closes. There each file write costs the browser about half a
 * millisecond of work, which blocked this thread and slowed the IndexedDB commit beside it
 * (measured: an awaited append 1.8 ms instead of 0.8). So there (`'deferred'`) the files belong to
 * a journal writer worker ({@link JOURNAL_WRITER_SOURCE}, started from a Blob URL): appends are
 * gathered per file for {@link COALESCE_MS}, then posted to it as one write, in order, and before
 * any other call on the file; a write resolves without waiting for them.
 *
 * Which case applies is measured once on start, where handles have a `mode` (Chromium): a
 * file-size call takes about a microsecond on a disk file and over 100 µs through the IPC,
 * timed on a journal file the open reads anyway (a probe file of its own when there is none).
 * Engines whose handles have no `mode` (Firefox, Safari) always write from this thread, which is
 * safe anywhere (the writer only saves time where Chromium's OPFS is in memory): Firefox's calls
 * on a disk file (25–90 µs each) looked remote on a busy machine. When no writer can start (a CSP without `blob:` in
 * `worker-src`, no nested workers), the files are written from this thread either way.
 * @module
 */
import type { JournalWrites } from '../durable/durability-types.js';
import { concatBytes, type JournalFiles } from './files.js';
import { aheadFileName } from './session-journal.js';
import {
  handlesShared,
  JOURNAL_ROOT,
  OpfsRefusedError,
  opfsJournalFiles,
  type OpfsJournalFiles,
  type OpfsJournalOptions,
} from './opfs-files.js';
import { JOURNAL_WRITER_SOURCE } from './writer-source.js';

/** How long the writer may take to start before the files are written from this thread. */
const START_TIMEOUT_MS = 10_000;
/** Off the record: how long appends are gathered before they are written in one call. */
export const COALESCE_MS = 50;
/** A file-size call slower than this (µs, in every one of several batches) is served over an IPC. */
const REMOTE_CALL_US = 25;
/** Name of the file timed on start (not a journal file name). */
const PROBE_FILE = 'probe.tmp';
/** Extension of journal files (`session-journal.ts`). */
const JOURNAL_EXT = 'rkj';

/** Journal files, and where their appends are written. */
export interface WriterJournalFiles extends JournalFiles {
  /**
   * How appends are written (measures the OPFS on the first call). Rejects with
   * {@link OpfsRefusedError} when the OPFS refuses a synchronous access handle (WebKitGTK).
   */
  writes(): Promise<JournalWrites>;
}

interface Answer {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: { name: string; message: string };
}

/** A started journal writer worker. */
interface Writer {
  call(op: string, args?: object): Promise<unknown>;
  stop(): void;
}

type Mode = { kind: 'writer'; writer: Writer } | { kind: 'thread'; files: JournalFiles };

/** The OPFS journal files of `options.folder`. */
export function writerJournalFiles(options: OpfsJournalOptions): WriterJournalFiles {
  const flushDelayMs = options.flushDelayMs ?? 1000;
  let started: Promise<Mode> | undefined;
  /** Appends that failed after their write resolved, by file: thrown by the next call on the file. */
  const failed = new Map<string, Error>();
  /** Appends not yet posted to the writer, by file. */
  const gathered = new Map<string, Uint8Array[]>();
  let gatherTimer: ReturnType<typeof setTimeout> | undefined;
  /** The folder's names as the start listed them, for the journal's first `list` (its open). */
  let listed: string[] | undefined;

  const start = async (): Promise<Mode> => {
    const files = opfsJournalFiles(options);
    const thread = (): Mode => ({ kind: 'thread', files });
    const names = await files.list().catch(() => undefined);
    listed = names;
    // Twice, with a task between: a regular profile would have to be descheduled in every batch
    // of both to look remote. The first look is at a journal file the open reads anyway.
    if (!(await servedOverIpc(options.folder, files, names)) || !(await servedOverIpc(options.folder))) {
      return thread();
    }
    listed = undefined;
    // The writer opens the files itself: let go of the handle the first look opened.
    await files.close();
    const writer = await startWriter({ folder: options.folder, flushDelayMs });
    return writer ? { kind: 'writer', writer } : thread();
  };
  const mode = (): Promise<Mode> => (started ??= start());

  /** Post the gathered appends of `name` (of every file when absent) to the writer. */
  const send = (writer: Writer, name?: string): void => {
    for (const file of name === undefined ? [...gathered.keys()] : [name]) {
      const frames = gathered.get(file);
      gathered.delete(file);
      if (!frames?.length) continue;
      const bytes = frames.length === 1 ? frames[0]! : concatBytes(frames);
      writer.call('append', { name: file, bytes }).catch((error: Error) => failed.set(file, error));
    }
  };
  /** Run `op` in the writer (after the file's gathered appends), or as `inThread` when there is none. */
  const run = async <T>(
    inThread: (files: JournalFiles) => Promise<T>,
    op: string,
    args: { name?: string; [arg: string]: unknown } = {},
  ): Promise<T> => {
    const m = await mode();
    if (m.kind === 'thread') return inThread(m.files);
    send(m.writer, args.name);
    return (await m.writer.call(op, args)) as T;
  };
  const reported = (name: string): void => {
    const error = failed.get(name);
    if (error) {
      failed.delete(name);
      throw error;
    }
  };

  return {
    kind: 'opfs',
    async writes() {
      return (await mode()).kind === 'thread' ? 'awaited' : 'deferred';
    },
    list: () =>
      run((f) => {
        const names = listed;
        listed = undefined;
        return names ? Promise.resolve([...names]) : f.list();
      }, 'list'),
    read: (name) => run((f) => f.read(name), 'read', { name }),
    size: (name) => run((f) => f.size(name), 'size', { name }),
    readAt: (name, at, length) => run((f) => f.readAt(name, at, length), 'readAt', { name, at, length }),
    async append(name, bytes) {
      reported(name);
      const m = await mode();
      if (m.kind === 'thread') return m.files.append(name, bytes);
      const frames = gathered.get(name);
      if (frames) frames.push(bytes);
      else gathered.set(name, [bytes]);
      gatherTimer ??= setTimeout(() => {
        gatherTimer = undefined;
        send(m.writer);
      }, COALESCE_MS);
    },
    async truncate(name, size) {
      reported(name);
      return run((f) => f.truncate(name, size), 'truncate', { name, size });
    },
    async write(name, bytes) {
      failed.delete(name);
      gathered.delete(name);
      return run((f) => f.write(name, bytes), 'write', { name, bytes });
    },
    async remove(name) {
      failed.delete(name);
      gathered.delete(name);
      return run((f) => f.remove(name), 'remove', { name });
    },
    async hold(name) {
      // The writer worker (off the record) holds its files itself: none is made ahead there.
      const m = await mode();
      return m.kind === 'thread' && m.files.hold ? m.files.hold(name) : false;
    },
    async close() {
      if (!started) return;
      const m = await started;
      if (m.kind === 'thread') return m.files.close();
      clearTimeout(gatherTimer);
      gatherTimer = undefined;
      send(m.writer);
      try {
        await m.writer.call('close');
      } finally {
        m.writer.stop();
      }
    },
  };
}

/** The slice of `FileSystemSyncAccessHandle` the probe uses. */
interface ProbeHandle {
  readonly mode?: string;
  getSize(): number;
  close(): void;
}

/**
 * Whether a file-size call is slow in every one of 4 batches of 10 (a disk file answers the
 * first in microseconds). Only where handles have a `mode` (Chromium 121+), the one engine whose
 * OPFS lives in memory behind an IPC off the record: Firefox's calls cost 25–90 µs on a disk file
 * (each runs on an I/O thread while the worker waits), which a busy machine made look remote,
 * and a journal that looks remote is written after the acknowledgement.
 */
function slowCalls(h: { getSize(): number; readonly mode?: string }): boolean {
  if (typeof h.mode !== 'string') return false;
  for (let batch = 0; batch < 4; batch++) {
    const t = performance.now();
    for (let i = 0; i < 10; i++) h.getSize();
    if (((performance.now() - t) / 10) * 1000 < REMOTE_CALL_US) return false;
  }
  return true;
}

/**
 * Whether this origin's OPFS answers a file-size call over an IPC (kept in memory: off the record).
 * Timed on a journal file of `files` (whose folder lists `names`) when there is one (its handle
 * stays open for the journal: in Firefox opening, closing and removing a probe file of its own
 * costs tens of milliseconds of a start), else, where handles are exclusive, on the file made
 * ahead for the first new session (its name is added to `names`), else on a probe file of its own.
 * Throws {@link OpfsRefusedError} when the OPFS or a synchronous handle is refused outright.
 */
async function servedOverIpc(folder: string, files?: OpfsJournalFiles, names?: string[]): Promise<boolean> {
  if (files) {
    const journalFiles = names?.filter((name) => name.endsWith(`.${JOURNAL_EXT}`)) ?? [];
    if (journalFiles.length) {
      // Every journal file's handle is opened at once (the open reads each), not one after another.
      const timed = await Promise.allSettled(journalFiles.map((name) => files.withHandle(name, slowCalls)));
      const slow = timed.find((t) => t.status === 'fulfilled');
      // All refused or held by another tab: the probe file below tells which.
      if (slow) return slow.value;
    } else if (names && !handlesShared()) {
      // No journal file yet, and handles only one tab can hold (Firefox): the file timed is the
      // one made ahead for the first new session (session-journal.ts), kept open for it, rather
      // than a probe file created and removed again (tens of milliseconds each in Firefox).
      const name = aheadFileName();
      try {
        const slow = await files.withHandle(name, slowCalls);
        names.push(name);
        return slow;
      } catch (error) {
        await files.remove(name).catch(() => undefined);
        if (!heldError(error)) throw new OpfsRefusedError('a synchronous access handle', error);
      }
    }
  }
  type Dir = {
    getDirectoryHandle(name: string, o?: { create?: boolean }): Promise<Dir>;
    getFileHandle(name: string, o?: { create?: boolean }): Promise<{ createSyncAccessHandle(): Promise<ProbeHandle> }>;
    removeEntry(name: string): Promise<void>;
  };
  let dir: Dir;
  try {
    const root = (await (navigator.storage as unknown as { getDirectory(): Promise<Dir> }).getDirectory()) as Dir;
    dir = await (
      await root.getDirectoryHandle(JOURNAL_ROOT, { create: true })
    ).getDirectoryHandle(folder, {
      create: true,
    });
  } catch (error) {
    // WebKitGTK's ephemeral (automation) sessions: UnknownError.
    throw new OpfsRefusedError('its directory', error);
  }
  const open = async (name: string): Promise<ProbeHandle> =>
    (await dir.getFileHandle(name, { create: true })).createSyncAccessHandle();
  const held = heldError;
  let probeFile = PROBE_FILE;
  let h: ProbeHandle;
  try {
    h = await open(probeFile);
  } catch (error) {
    // WebKitGTK: NotSupportedError (its IPC cannot pass a file handle to the worker's process).
    if (!held(error)) throw new OpfsRefusedError('a synchronous access handle', error);
    // Another tab holds the probe file, or an engine that refused it once keeps it locked
    // (WebKitGTK does): a file of this open's own tells which.
    probeFile = `probe-${Math.random().toString(36).slice(2)}.tmp`;
    try {
      h = await open(probeFile);
    } catch (again) {
      await dir.removeEntry(probeFile).catch(() => undefined);
      // Held again: the OPFS works and is busy; write from this thread.
      if (held(again)) return false;
      throw new OpfsRefusedError('a synchronous access handle', again);
    }
  }
  try {
    return slowCalls(h);
  } finally {
    h.close();
    await dir.removeEntry(probeFile).catch(() => undefined);
  }
}

/** The error of a handle another tab (or an earlier refusal, in WebKitGTK) holds. */
function heldError(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return name === 'NoModificationAllowedError' || name === 'InvalidStateError';
}

/** Start a journal writer worker; `undefined` when none can start here. */
async function startWriter(init: { folder: string; flushDelayMs: number }): Promise<Writer | undefined> {
  let worker: Worker;
  let url: string;
  try {
    url = URL.createObjectURL(new Blob([JOURNAL_WRITER_SOURCE], { type: 'text/javascript' }));
    worker = new Worker(url, { name: 'recallkit-journal' });
  } catch {
    return undefined;
  }
  let nextId = 0;
  let dead: Error | undefined;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const writer: Writer = {
    call(op, args = {}) {
      if (dead) return Promise.reject(dead);
      return new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, op, ...args });
      });
    },
    stop() {
      worker.terminate();
      URL.revokeObjectURL(url);
    },
  };
  worker.onmessage = (event: MessageEvent<Answer>) => {
    const { id, ok, value, error } = event.data;
    const w = waiting.get(id);
    waiting.delete(id);
    if (!w) return;
    if (ok) w.resolve(value);
    else
      w.reject(Object.assign(new Error(error?.message ?? 'journal writer failed'), { name: error?.name ?? 'Error' }));
  };
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    dead = new Error(`journal writer worker failed: ${event.message || 'it could not start'}`);
    for (const w of waiting.values()) w.reject(dead);
    waiting.clear();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      writer.call('init', init),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('journal writer did not start')), START_TIMEOUT_MS);
      }),
    ]);
    return writer;
  } catch {
    writer.stop();
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
