/**
 * Per-session journal files over {@link JournalFiles}: `<session>.<generation>.rkj`, each
 * starting with a snapshot record and followed by appended batch records. Compaction writes
 * the folded state as the first record of the next generation, then removes the old file, so
 * a crash at any moment leaves at least one complete generation.
 * @module
 */
import type { JournalFiles } from './files.js';
import { decodeFrames, encodeFrame } from './frame.js';
import type { FoldResult, JournalRecord, SessionState } from './session-state.js';
import { foldRecords, toSnapshot } from './session-state.js';

const EXT = 'rkj';

/** A session's journal as found on open. */
export interface ScannedJournal {
  sessionId: string;
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
  /** Read every session's journal, cut damaged tails, drop stale generations. */
  scan(): Promise<ScannedJournal[]>;
  /** Whether the session has a journal (after `scan`, or once written). */
  has(sessionId: string): boolean;
  /** Append a record to the session's journal (which must exist). */
  append(sessionId: string, record: JournalRecord): Promise<void>;
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

  const compact = async (sessionId: string, info: FileInfo): Promise<void> => {
    const { records } = decodeFrames(await files.read(fileName(sessionId, info.gen)));
    const { state } = foldRecords(records);
    if (state) await journal.snapshot(sessionId, state);
  };

  const journal: SessionJournal = {
    async scan() {
      const bySession = new Map<string, number[]>();
      for (const name of await files.list()) {
        const parsed = parseFileName(name);
        if (!parsed) continue;
        bySession.set(parsed.sessionId, [...(bySession.get(parsed.sessionId) ?? []), parsed.gen]);
      }
      const out: ScannedJournal[] = [];
      for (const [sessionId, gens] of bySession) {
        gens.sort((a, b) => b - a);
        let chosen: ScannedJournal | undefined;
        for (const gen of gens) {
          const name = fileName(sessionId, gen);
          if (chosen) {
            await files.remove(name);
            continue;
          }
          const bytes = await files.read(name);
          const decoded = decodeFrames(bytes);
          const fold = foldRecords(decoded.records);
          if (!fold.state && !fold.clearing) {
            // A generation whose snapshot never completed (a crash mid-compaction): the older one stands.
            if (gens.length > 1) {
              await files.remove(name);
              continue;
            }
          }
          if (decoded.validBytes < bytes.length) await files.truncate(name, decoded.validBytes);
          const first = decoded.records.length ? encodeFrame(decoded.records[0]).length : 0;
          known.set(sessionId, { gen, size: decoded.validBytes, base: first });
          chosen = { sessionId, fold, cutBytes: bytes.length - decoded.validBytes };
        }
        if (chosen) out.push(chosen);
      }
      return out;
    },

    has(sessionId) {
      return known.has(sessionId);
    },

    async append(sessionId, record) {
      const info = known.get(sessionId);
      if (!info) throw new Error(`journal: session ${JSON.stringify(sessionId)} has no snapshot to append to`);
      const frame = encodeFrame(record);
      await files.append(fileName(sessionId, info.gen), frame);
      info.size += frame.length;
      if (record.t === 'batch' && info.size > Math.max(compactBytes, 4 * info.base)) await compact(sessionId, info);
    },

    async snapshot(sessionId, state) {
      const old = known.get(sessionId);
      const gen = (old?.gen ?? 0) + 1;
      const frame = encodeFrame(toSnapshot(state));
      await files.write(fileName(sessionId, gen), frame);
      known.set(sessionId, { gen, size: frame.length, base: frame.length });
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
