/**
 * Per-session journal files over {@link JournalFiles}: `<session>.<generation>.rkj`, each
 * starting with a snapshot record and followed by appended batch records. Compaction writes
 * the folded state as the first record of the next generation, then removes the old file, so
 * a crash at any moment leaves at least one complete generation. Opening reads only each
 * file's last record; a whole file is read when its session must be restored or repaired.
 * @module
 */
import type { JournalFiles } from './files.js';
import { createSlicer } from '../../slices/slicer.js';
import { decodeFrames, encodeFrame, readLastFrame } from './frame.js';
import { encodeFrameInSlices } from './frame-in-slices.js';
import type { FoldResult, JournalRecord, SessionState } from './session-state.js';
import { foldRecords, toSnapshot, versionOf } from './session-state.js';

const EXT = 'rkj';

/** A session's journal as listed on open. */
export interface ScannedJournal {
  sessionId: string;
  /**
   * What the last record says: the session's version, or `'clearing'`; `undefined` when it
   * cannot tell cheaply (a torn tail, several generations): `load` the journal.
   */
  tip: ReturnType<typeof versionOf>;
}

/** A session's journal read whole. */
export interface LoadedJournal {
  fold: FoldResult;
  /** Bytes cut from a torn or damaged tail (0 when intact). */
  cutBytes: number;
}

/** Options of {@link sessionJournal}. */
export interface SessionJournalOptions {
  /** Compact once a file is larger than this and 4x its snapshot (default 256 KiB). */
  compactBytes?: number;
}

/** The per-session journal. */
export interface SessionJournal {
  /** List every session's journal and its last version. */
  scan(): Promise<ScannedJournal[]>;
  /** Read a session's journal whole: cut a damaged tail, drop unfinished generations, fold. */
  load(sessionId: string): Promise<LoadedJournal>;
  /** Whether the session has a journal (after `scan`, or once written). */
  has(sessionId: string): boolean;
  /** Append a record to the session's journal (which must exist); resolves with the size before it. */
  append(sessionId: string, record: JournalRecord): Promise<number>;
  /** Cut the session's journal back to `size` (a batch the store then refused). */
  truncate(sessionId: string, size: number): Promise<void>;
  /** Compact the session's journal when it has grown past its threshold. */
  compactIfDue(sessionId: string): Promise<void>;
  /** Start the session's journal over from this state (a new generation). */
  snapshot(sessionId: string, state: SessionState): Promise<void>;
  /** Delete the session's journal. */
  remove(sessionId: string): Promise<void>;
  /** Bytes of every journal file. */
  bytes(): number;
  close(): Promise<void>;
}

interface FileInfo {
  gen: number;
  size: number;
  /** Bytes of the generation's snapshot. */
  base: number;
}

/** Encode a session id as a file name prefix (no `/`, never `.` or `..`). */
export function fileName(sessionId: string, gen: number): string {
  return `s-${encodeURIComponent(sessionId)}.${gen}.${EXT}`;
}

/** The session id and generation of a journal file name; `undefined` for other files. */
export function parseFileName(name: string): { sessionId: string; gen: number } | undefined {
  const m = /^s-(.*)\.(\d+)\.rkj$/.exec(name);
  if (!m) return undefined;
  try {
    return { sessionId: decodeURIComponent(m[1]!), gen: Number(m[2]) };
  } catch {
    return undefined;
  }
}

/** A record's frame: at once when small, in slices of work when large (`frame-in-slices.ts`). */
async function frameOf(record: JournalRecord): Promise<Uint8Array> {
  const framed = encodeFrameInSlices(record, () => createSlicer());
  return framed instanceof Uint8Array ? framed : await framed;
}

/**
 * Keep sessions' journals in `files`. The writes of one session (append, truncate, compaction,
 * snapshot, removal) reach its files one after another, in the order they were called: a large
 * record is framed in slices, and a write called meanwhile waits for it rather than overtake it.
 */
export function sessionJournal(files: JournalFiles, options: SessionJournalOptions = {}): SessionJournal {
  const compactBytes = options.compactBytes ?? 256 * 1024;
  const known = new Map<string, FileInfo>();
  /** Generations found by `scan`, newest first, until `load` settles them. */
  const found = new Map<string, number[]>();
  /** Per session: settles once the session's last write called so far has finished. */
  const queues = new Map<string, Promise<unknown>>();

  /** Run `write` once the session's earlier writes have finished (whether they failed or not). */
  const inOrder = <T>(sessionId: string, write: () => Promise<T>): Promise<T> => {
    const running = (queues.get(sessionId) ?? Promise.resolve()).then(write);
    const settled = running.catch(() => undefined);
    queues.set(sessionId, settled);
    void settled.then(() => {
      if (queues.get(sessionId) === settled) queues.delete(sessionId);
    });
    return running;
  };

  const compact = async (sessionId: string, info: FileInfo): Promise<void> => {
    const { records } = decodeFrames(await files.read(fileName(sessionId, info.gen)));
    const { state } = foldRecords(records);
    if (state) await snapshot(sessionId, state);
  };

  /** Start the session's journal over from `state` (a new generation); see {@link SessionJournal.snapshot}. */
  const snapshot = async (sessionId: string, state: SessionState): Promise<void> => {
    const snap = await frameOf(toSnapshot(state));
    // The generation is taken once the frame is made: nothing of this session ran meanwhile.
    const old = known.get(sessionId);
    const gen = (old?.gen ?? 0) + 1;
    const tip = encodeFrame({ t: 'tip', version: state.meta.version, updatedAt: state.meta.updatedAt });
    const bytes = new Uint8Array(snap.length + tip.length);
    bytes.set(snap);
    bytes.set(tip, snap.length);
    await files.write(fileName(sessionId, gen), bytes);
    known.set(sessionId, { gen, size: bytes.length, base: snap.length });
    if (old) await files.remove(fileName(sessionId, old.gen));
  };

  const journal: SessionJournal = {
    async scan() {
      found.clear();
      for (const name of await files.list()) {
        const parsed = parseFileName(name);
        if (parsed) found.set(parsed.sessionId, [...(found.get(parsed.sessionId) ?? []), parsed.gen]);
      }
      const out: ScannedJournal[] = [];
      for (const [sessionId, gens] of found) {
        gens.sort((a, b) => b - a);
        const name = fileName(sessionId, gens[0]!);
        const size = await files.size(name);
        const last =
          gens.length === 1 ? await readLastFrame(size, (at, length) => files.readAt(name, at, length)) : undefined;
        const tip = versionOf(last);
        // Sizes are exact once loaded; until then the base is a guess that only delays compaction.
        known.set(sessionId, { gen: gens[0]!, size, base: size });
        if (tip !== undefined) found.delete(sessionId);
        out.push({ sessionId, tip });
      }
      return out;
    },

    async load(sessionId) {
      const gens = found.get(sessionId) ?? (known.has(sessionId) ? [known.get(sessionId)!.gen] : []);
      found.delete(sessionId);
      let chosen: LoadedJournal | undefined;
      for (const gen of gens) {
        const name = fileName(sessionId, gen);
        if (chosen) {
          await files.remove(name);
          continue;
        }
        const bytes = await files.read(name);
        const decoded = decodeFrames(bytes);
        const fold = foldRecords(decoded.records);
        if (!fold.state && !fold.clearing && gens.length > 1 && gen !== gens[gens.length - 1]) {
          // A generation whose snapshot never completed (a crash mid-compaction): an older one stands.
          await files.remove(name);
          continue;
        }
        if (decoded.validBytes < bytes.length) await files.truncate(name, decoded.validBytes);
        const first = decoded.records.length ? encodeFrame(decoded.records[0]).length : 0;
        known.set(sessionId, { gen, size: decoded.validBytes, base: first });
        chosen = { fold, cutBytes: bytes.length - decoded.validBytes };
      }
      return chosen ?? { fold: { clearing: false, ignored: 0 }, cutBytes: 0 };
    },

    has(sessionId) {
      return known.has(sessionId);
    },

    append(sessionId, record) {
      if (!known.has(sessionId)) {
        return Promise.reject(new Error(`journal: session ${JSON.stringify(sessionId)} has no snapshot to append to`));
      }
      return inOrder(sessionId, async () => {
        const frame = await frameOf(record);
        const info = known.get(sessionId);
        if (!info) throw new Error(`journal: session ${JSON.stringify(sessionId)} was removed before the append`);
        const before = info.size;
        await files.append(fileName(sessionId, info.gen), frame);
        info.size += frame.length;
        return before;
      });
    },

    truncate(sessionId, size) {
      return inOrder(sessionId, async () => {
        const info = known.get(sessionId);
        if (!info || info.size <= size) return;
        await files.truncate(fileName(sessionId, info.gen), size);
        info.size = size;
      });
    },

    compactIfDue(sessionId) {
      return inOrder(sessionId, async () => {
        const info = known.get(sessionId);
        if (info && info.size > Math.max(compactBytes, 4 * info.base)) await compact(sessionId, info);
      });
    },

    snapshot(sessionId, state) {
      return inOrder(sessionId, () => snapshot(sessionId, state));
    },

    remove(sessionId) {
      return inOrder(sessionId, async () => {
        const info = known.get(sessionId);
        known.delete(sessionId);
        if (info) await files.remove(fileName(sessionId, info.gen));
      });
    },

    bytes() {
      let total = 0;
      for (const info of known.values()) total += info.size;
      return total;
    },

    close() {
      return files.close();
    },
  };
  return journal;
}
