/**
 * Per-session journal files over {@link JournalFiles}: `<session>.<generation>.rkj`, each
 * starting with a snapshot record and followed by appended batch records. Compaction writes
 * the folded state as the first record of the next generation, then removes the old file, so
 * a crash at any moment leaves at least one complete generation. Opening reads only each
 * file's last record; a whole file is read when its session must be restored or repaired.
 *
 * Where the files can hold a file for this thread alone (`JournalFiles.hold`: Firefox), one
 * empty file is made ahead, `n-<random>.rkj`, and a new session's first generation is written
 * into it: creating and opening a file costs Firefox tens of milliseconds, which a session's
 * first add then waited for. Such a file names no session: its first record (a snapshot) does.
 * It stays the session's file until compaction moves the session to a named generation.
 *
 * Compaction stays on the write that makes a file due (the batch is acknowledged once its
 * session's journal is back under bounds), but its waits on the file system are taken off that
 * write: where files can be held alone, the next generation's file is opened once the current
 * one is half way to compaction (`prepared`), a compaction due before that file is open waits
 * for a later write (up to twice the threshold), and the old generation's file is removed after
 * the write, unflushed (a crash before the removal leaves two complete generations, of which
 * open takes the newer). An empty newest generation found on open is such a prepared file: it is
 * kept for the next compaction, and the session's tip is read from the generation before it.
 * @module
 */
import type { JournalFiles } from './files.js';
import { createSlicer } from '../../slices/slicer.js';
import { decodeFrames, encodeFrame, FRAME_HEADER, FRAME_TRAILER, readLastFrame } from './frame.js';
import { encodeFrameInSlices } from './frame-in-slices.js';
import { decodeFramesInSlices } from './decode-in-slices.js';
import type { FoldResult, JournalRecord, SessionState } from './session-state.js';
import { foldRecords, toSnapshot, versionOf } from './session-state.js';

const EXT = 'rkj';
/** A file made ahead for a new session's first generation. */
const AHEAD = /^n-[a-z0-9]+\.rkj$/;

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
  /**
   * Start the session's journal over from this state (a new generation): queued now, in order
   * with the session's other writes; a state still being made (in slices) is awaited in turn.
   */
  snapshot(sessionId: string, state: SessionState | Promise<SessionState>): Promise<void>;
  /** Delete the session's journal. */
  remove(sessionId: string): Promise<void>;
  /** Bytes of every journal file. */
  bytes(): number;
  close(): Promise<void>;
}

interface FileInfo {
  gen: number;
  /** The file's name: {@link fileName}, or a file made ahead that the session took. */
  name: string;
  size: number;
  /** Bytes of the generation's snapshot. */
  base: number;
}

/** A new name for a file made ahead: `n-<random>.rkj`. */
export function aheadFileName(): string {
  return `n-${Math.random().toString(36).slice(2, 12)}.${EXT}`;
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
  const found = new Map<string, Generation[]>();
  /** The empty file made ahead for the next new session (its name), or being made. */
  let ahead: Promise<string | undefined> | undefined;
  /** The files cannot be held here (Chromium shares handles between tabs): none is made ahead. */
  let noneAhead = files.hold === undefined;
  /** Per session: the next generation's file, opened (empty) ahead of the compaction that writes it. */
  const prepared = new Map<string, Prepared>();
  /** The size past which a session's file is compacted. */
  const dueAt = (info: FileInfo): number => Math.max(compactBytes, 4 * info.base);

  /** Open the session's next generation's file now, where files can be held alone, once its compaction nears. */
  const prepareNext = (sessionId: string, info: FileInfo): void => {
    if (noneAhead || prepared.has(sessionId) || info.size * 2 < dueAt(info)) return;
    const name = fileName(sessionId, info.gen + 1);
    const next: Prepared = {
      ready: files.hold!(name).then(
        (held) => {
          next.settled = true;
          return held ? name : undefined;
        },
        () => {
          next.settled = true;
          return undefined;
        },
      ),
      settled: false,
    };
    prepared.set(sessionId, next);
  };
  /** The prepared file of the session, when it is `name`: now the caller's. Any other is removed. */
  const takePrepared = async (sessionId: string, name?: string): Promise<boolean> => {
    const next = prepared.get(sessionId);
    if (!next) return false;
    prepared.delete(sessionId);
    const held = await next.ready;
    if (held === undefined) return false;
    if (held === name) return true;
    await files.remove(held).catch(() => undefined);
    return false;
  };

  const makeAhead = (): void => {
    if (noneAhead || ahead) return;
    const name = aheadFileName();
    ahead = files.hold!(name).then(
      (held) => {
        if (held) return name;
        noneAhead = true;
        return undefined;
      },
      () => undefined,
    );
  };
  /** The file made ahead, now this caller's; `undefined` when there is none. */
  const takeAhead = async (): Promise<string | undefined> => {
    const name = await ahead;
    ahead = undefined;
    return name;
  };

  /**
   * A file made ahead found on open: the session its first record names, or kept (emptied) for
   * the next new session; `undefined` when another tab holds it or it is kept.
   */
  const lookAhead = async (name: string): Promise<string | undefined> => {
    if (!(await files.hold!(name).catch(() => false))) return undefined;
    const size = await files.size(name);
    if (size > 0) {
      const sessionId = await firstSessionOf(name, size);
      if (sessionId !== undefined) return sessionId;
      // Its snapshot never completed (a crash while a session's first write was unacknowledged).
      await files.truncate(name, 0);
    }
    if (ahead) await files.remove(name).catch(() => undefined);
    else ahead = Promise.resolve(name);
    return undefined;
  };

  /**
   * The session whose first record a file made ahead holds: from the record, or, when the
   * record is whole but damaged, the session id most of its copies in the record name (the
   * record leads with one, its meta and entries have more). `undefined` when the record was cut
   * short (never flushed, so never acknowledged) or names no session.
   */
  const firstSessionOf = async (name: string, size: number): Promise<string | undefined> => {
    const head = await files.readAt(name, 0, FRAME_HEADER);
    if (head.length < FRAME_HEADER) return undefined;
    const length = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0, true);
    if (length > size - FRAME_HEADER - FRAME_TRAILER) return undefined;
    const frame = await files.readAt(name, 0, FRAME_HEADER + length + FRAME_TRAILER);
    const first = decodeFrames(frame).records[0] as JournalRecord | undefined;
    if (first?.t === 'snapshot') return first.meta.sessionId;
    return mostNamed(new TextDecoder().decode(frame.subarray(FRAME_HEADER, FRAME_HEADER + length)));
  };

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
    const { records } = decodeFrames(await files.read(info.name));
    const { state } = foldRecords(records);
    if (state) await snapshot(sessionId, state);
  };

  /** Start the session's journal over from `state` (a new generation); see {@link SessionJournal.snapshot}. */
  const snapshot = async (sessionId: string, state: SessionState): Promise<void> => {
    // A session's first generation goes into the file made ahead, when there is one; that file
    // names no session, so its snapshot leads with the session's id.
    const madeAhead = known.has(sessionId) ? undefined : await takeAhead();
    const record = toSnapshot(state);
    const snap = await frameOf(madeAhead ? ({ sessionId, ...record } as JournalRecord) : record);
    // The generation is taken once the frame is made: nothing of this session ran meanwhile.
    const old = known.get(sessionId);
    const gen = (old?.gen ?? 0) + 1;
    const name = madeAhead ?? fileName(sessionId, gen);
    // Its file was opened ahead when this is a compaction that neared (nothing to wait for then).
    await takePrepared(sessionId, name);
    const tip = encodeFrame({ t: 'tip', version: state.meta.version, updatedAt: state.meta.updatedAt });
    const bytes = new Uint8Array(snap.length + tip.length);
    bytes.set(snap);
    bytes.set(tip, snap.length);
    // A file made ahead is empty and replaces no generation: appended to, it is flushed with the
    // appends (within `flushDelayMs`), not at once (an fsync, which holds Firefox's worker).
    if (madeAhead) await files.append(name, bytes);
    else await files.write(name, bytes);
    known.set(sessionId, { gen, name, size: bytes.length, base: snap.length });
    // The next new session's file is made now, off its first write's path.
    if (madeAhead) makeAhead();
    // The new generation is complete and flushed: the old one goes, without this write waiting
    // for it (until it is gone, open finds two complete generations and takes the newer).
    if (old) void files.remove(old.name).catch(() => undefined);
  };

  /**
   * The newest file of a session, its size and last version (the version only when it is the
   * one file). Of two generations, an empty newer one is a file prepared for a compaction that
   * had not run: it is kept as prepared, and the older one is the session's.
   */
  const tipOf = async (sessionId: string, gens: Generation[]) => {
    let { name, gen } = gens[0]!;
    let size = await files.size(name);
    let single = gens.length === 1;
    if (gens.length === 2 && size === 0 && !noneAhead && parseFileName(name)) {
      prepared.set(sessionId, { ready: Promise.resolve(name), settled: true });
      ({ name, gen } = gens[1]!);
      gens.splice(0, 1);
      size = await files.size(name);
      single = true;
    }
    const last = single ? await readLastFrame(size, (at, length) => files.readAt(name, at, length)) : undefined;
    return { name, gen, size, tip: versionOf(last) };
  };

  const journal: SessionJournal = {
    async scan() {
      found.clear();
      const names = await files.list();
      const add = (sessionId: string, generation: Generation): void => {
        found.set(sessionId, [...(found.get(sessionId) ?? []), generation]);
      };
      // Files made ahead are looked at while the named files are: a session's first file may be one.
      const aheadNames = files.hold ? names.filter((name) => AHEAD.test(name)) : [];
      const looking = Promise.all(aheadNames.map(async (name) => ({ name, sessionId: await lookAhead(name) })));
      // None yet: made while the rest opens.
      if (!aheadNames.length) makeAhead();
      for (const name of names) {
        const parsed = parseFileName(name);
        if (parsed) add(parsed.sessionId, { gen: parsed.gen, name });
      }
      const named = [...found.keys()];
      const [taken, tips] = await Promise.all([
        looking,
        Promise.all(named.map((sessionId) => tipOf(sessionId, sortGenerations(found.get(sessionId)!)))),
      ]);
      const out = new Map<string, ScannedJournal>();
      named.forEach((sessionId, i) => {
        const { gen, name, size, tip } = tips[i]!;
        // Sizes are exact once loaded; until then the base is a guess that only delays compaction.
        known.set(sessionId, { gen, name, size, base: size });
        out.set(sessionId, { sessionId, tip });
      });
      for (const { name, sessionId } of taken) {
        if (sessionId === undefined) continue;
        // A file made ahead holds its session's first generation.
        add(sessionId, { gen: 1, name });
        const { gen, name: file, size, tip } = await tipOf(sessionId, sortGenerations(found.get(sessionId)!));
        known.set(sessionId, { gen, name: file, size, base: size });
        out.set(sessionId, { sessionId, tip });
      }
      for (const [sessionId, { tip }] of out) if (tip !== undefined) found.delete(sessionId);
      // The next new session's file, made now where none was found.
      makeAhead();
      return [...out.values()];
    },

    async load(sessionId) {
      const info = known.get(sessionId);
      const gens = found.get(sessionId) ?? (info ? [{ gen: info.gen, name: info.name }] : []);
      found.delete(sessionId);
      let chosen: LoadedJournal | undefined;
      for (const { gen, name } of gens) {
        if (chosen) {
          await files.remove(name);
          continue;
        }
        const bytes = await files.read(name);
        // A whole file (megabytes for a large session) is checked and parsed in slices.
        const decoded = await decodeFramesInSlices(bytes, createSlicer());
        const fold = foldRecords(decoded.records);
        if (!fold.state && !fold.clearing && gens.length > 1 && gen !== gens[gens.length - 1]!.gen) {
          // A generation whose snapshot never completed (a crash mid-compaction): an older one stands.
          await files.remove(name);
          continue;
        }
        if (decoded.validBytes < bytes.length) await files.truncate(name, decoded.validBytes);
        // The first frame's size as stored (encoding the snapshot again would hold the thread).
        const first = decoded.records.length ? firstFrameBytes(bytes) : 0;
        known.set(sessionId, { gen, name, size: decoded.validBytes, base: first });
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
        await files.append(info.name, frame);
        info.size += frame.length;
        prepareNext(sessionId, info);
        return before;
      });
    },

    truncate(sessionId, size) {
      return inOrder(sessionId, async () => {
        const info = known.get(sessionId);
        if (!info || info.size <= size) return;
        await files.truncate(info.name, size);
        info.size = size;
      });
    },

    compactIfDue(sessionId) {
      return inOrder(sessionId, async () => {
        const info = known.get(sessionId);
        if (!info || info.size <= dueAt(info)) return;
        // The next generation's file is still being opened: a later write compacts, unless the file doubled meanwhile.
        if (prepared.get(sessionId)?.settled === false && info.size <= 2 * dueAt(info)) return;
        await compact(sessionId, info);
      });
    },

    snapshot(sessionId, state) {
      return inOrder(sessionId, async () => snapshot(sessionId, await state));
    },

    remove(sessionId) {
      return inOrder(sessionId, async () => {
        const info = known.get(sessionId);
        known.delete(sessionId);
        await takePrepared(sessionId);
        if (info) await files.remove(info.name);
      });
    },

    bytes() {
      let total = 0;
      for (const info of known.values()) total += info.size;
      return total;
    },

    async close() {
      // A prepared file left behind would cost the next open a look at the session's generations.
      await Promise.all([...prepared.keys()].map((sessionId) => takePrepared(sessionId)));
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

/** A session's next generation's file, being opened ahead of its compaction. */
interface Prepared {
  /** Its name once it is open and held, `undefined` when it could not be. */
  ready: Promise<string | undefined>;
  settled: boolean;
}

/** One of a session's files: its generation and name. */
interface Generation {
  gen: number;
  name: string;
}

/**
 * Newest generation first; of two files of one generation, the one made ahead first (a session
 * takes such a file only when it knows no file of its own: the named one is older).
 */
function sortGenerations(gens: Generation[]): Generation[] {
  return gens.sort((a, b) => b.gen - a.gen || Number(AHEAD.test(b.name)) - Number(AHEAD.test(a.name)));
}

/** The session id named most often (`"sessionId":"…"`) in a record's text, when one is named more than any other. */
function mostNamed(text: string): string | undefined {
  const counts = new Map<string, number>();
  for (const m of text.matchAll(/"sessionId":("(?:[^"\\]|\\.)*")/g)) {
    try {
      const id = JSON.parse(m[1]!) as string;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    } catch {
      // A damaged copy.
    }
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  return ranked.length && (ranked.length === 1 || ranked[0]![1] > ranked[1]![1]) ? ranked[0]![0] : undefined;
}
