/**
 * Per-session journal files over {@link JournalFiles}: `<session>.<generation>.rkj`, each
 * starting with a snapshot record and followed by appended batch records. Compaction writes
 * the folded state as the first record of the next generation, then removes the old file, so
 * a crash at any moment leaves at least one complete generation. Opening reads only each
 * file's last record; a whole file is read when its session must be restored or repaired.
 * @module
 */
import type { JournalFiles } from './files.js';
import { decodeFrames, encodeFrame, FRAME_HEADER, FRAME_TRAILER, readLastFrame } from './frame.js';
import { decodeFramesInSlices } from './decode-in-slices.js';
import { createSlicer } from '../../slices/slicer.js';
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

/** Keep sessions' journals in `files`. */
export function sessionJournal(files: JournalFiles, options: SessionJournalOptions = {}): SessionJournal {
  const compactBytes = options.compactBytes ?? 256 * 1024;
  const known = new Map<string, FileInfo>();
  /** Generations found by `scan`, newest first, until `load` settles them. */
  const found = new Map<string, number[]>();

  const compact = async (sessionId: string, info: FileInfo): Promise<void> => {
    const { records } = decodeFrames(await files.read(fileName(sessionId, info.gen)));
    const { state } = foldRecords(records);
    if (state) await journal.snapshot(sessionId, state);
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
        // A whole file (megabytes for a large session) is checked and parsed in slices.
        const decoded = await decodeFramesInSlices(bytes, createSlicer());
        const fold = foldRecords(decoded.records);
        if (!fold.state && !fold.clearing && gens.length > 1 && gen !== gens[gens.length - 1]) {
          // A generation whose snapshot never completed (a crash mid-compaction): an older one stands.
          await files.remove(name);
          continue;
        }
        if (decoded.validBytes < bytes.length) await files.truncate(name, decoded.validBytes);
        // The first frame's size as stored (encoding the snapshot again would hold the thread).
        const first = decoded.records.length ? firstFrameBytes(bytes) : 0;
        known.set(sessionId, { gen, size: decoded.validBytes, base: first });
        chosen = { fold, cutBytes: bytes.length - decoded.validBytes };
      }
      return chosen ?? { fold: { clearing: false, ignored: 0 }, cutBytes: 0 };
    },

    has(sessionId) {
      return known.has(sessionId);
    },

    async append(sessionId, record) {
      const info = known.get(sessionId);
      if (!info) throw new Error(`journal: session ${JSON.stringify(sessionId)} has no snapshot to append to`);
      const frame = encodeFrame(record);
      const before = info.size;
      await files.append(fileName(sessionId, info.gen), frame);
      info.size += frame.length;
      return before;
    },

    async truncate(sessionId, size) {
      const info = known.get(sessionId);
      if (!info || info.size <= size) return;
      await files.truncate(fileName(sessionId, info.gen), size);
      info.size = size;
    },

    async compactIfDue(sessionId) {
      const info = known.get(sessionId);
      if (info && info.size > Math.max(compactBytes, 4 * info.base)) await compact(sessionId, info);
    },

    async snapshot(sessionId, state) {
      const old = known.get(sessionId);
      const gen = (old?.gen ?? 0) + 1;
      const snap = encodeFrame(toSnapshot(state));
      const tip = encodeFrame({ t: 'tip', version: state.meta.version, updatedAt: state.meta.updatedAt });
      const bytes = new Uint8Array(snap.length + tip.length);
      bytes.set(snap);
      bytes.set(tip, snap.length);
      await files.write(fileName(sessionId, gen), bytes);
      known.set(sessionId, { gen, size: bytes.length, base: snap.length });
      if (old) await files.remove(fileName(sessionId, old.gen));
    },

    async remove(sessionId) {
      const info = known.get(sessionId);
      known.delete(sessionId);
      if (info) await files.remove(fileName(sessionId, info.gen));
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

/** Bytes of the first frame of `bytes` (which holds at least one intact frame). */
function firstFrameBytes(bytes: Uint8Array): number {
  return (
    FRAME_HEADER + new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true) + FRAME_TRAILER
  );
}
