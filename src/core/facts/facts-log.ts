/**
 * Where facts live: an append-only log of immutable records (`fact-records.ts`) kept as the
 * entries of one reserved session, `__recallkit_facts__`, in the memory's own store. So facts
 * are stored, journaled and scoped (per tenant) exactly as conversations are, survive a reload
 * and a crash, and travel with sync as ordinary entries (an erased record is an `erase`). The
 * facts are the fold of the records (`fold-facts.ts`), computed again only when the log changed.
 * The log runs on a session runner of its own (ordered calls, conflict retry, other writers
 * noticed), so its reserved id never passes through the public checks.
 * @module
 */
import type { MemoryEntry, SessionMeta, StoreAdapter } from '../../types.js';
import type { FactRecord, FactVocabulary } from '../../facts/types.js';
import type { SessionCache } from '../types.js';
import type { FoldResult } from './types.js';
import { ValidationError } from '../../errors.js';
import { createSessionRunner, type SessionRunner } from '../session/session-runner.js';
import { createWriter, type Writer } from '../session/writer.js';
import { setActive } from '../session/session.js';
import { FACTS_LOG_SESSION, FACTS_STATE_SESSION } from '../checks/reserved-ids.js';
import { canonicalRecord, readRecord } from './fact-records.js';
import { foldFacts } from './fold-facts.js';

/** The log as read: its records and what they mean. */
export interface LogView {
  records: Map<string, FactRecord>;
  fold: FoldResult;
  /** The log's stored version this view was read at (a later view has a higher one). */
  version: number;
}

/** A change to the log: records to add (present and blocked ones are skipped) and to erase. */
export interface LogChange {
  put?: readonly FactRecord[];
  erase?: readonly string[];
}

/** The facts log of a memory. */
export interface FactsLog {
  /** The runner of the facts sessions (the sync client applies pulled records through it). */
  readonly runner: SessionRunner;
  /** Writes batches of the facts sessions (each over the version it read). */
  readonly writer: Writer;
  /** The records and their fold, fresh (after the log's calls queued so far). */
  read(): Promise<LogView>;
  /**
   * The view last read or written, without waiting behind the log's queue (a context read never
   * waits for a background write); undefined before the first read or once another writer changed the log.
   */
  peek(): LogView | undefined;
  /** Another writer changed the log: the next `peek` reads it again. */
  invalidate(): void;
  /**
   * Decide a change on the fresh log and apply it in one store batch, in the log's call order.
   * Resolves with the views before and after (the same object when nothing changed).
   */
  change(decide: (view: LogView) => LogChange): Promise<{ before: LogView; after: LogView }>;
}

/** The facts sessions' own runner and writer. */
export interface FactsSessions {
  runner: SessionRunner;
  writer: Writer;
}

/** What the log needs. */
export interface FactsLogDeps {
  store: StoreAdapter;
  sessions: FactsSessions;
  vocabulary: FactVocabulary;
  now: () => Date;
}

const checkFactsSession = (id: unknown): string => {
  if (id !== FACTS_LOG_SESSION && id !== FACTS_STATE_SESSION)
    throw new ValidationError('sessionId', 'a session of the facts engine', id);
  return id;
};

/**
 * The runner of the reserved facts sessions, made by every engine (with facts on or off: sync
 * carries the log either way). `onChange`: another writer (a tab, a process, sync materializing
 * on a server) changed one of them.
 */
export function createFactsSessions(
  store: StoreAdapter,
  now: () => Date,
  closed: () => boolean,
  onChange: (sessionId: string) => void,
): FactsSessions {
  const writer = createWriter(store, 'INCREMENTAL');
  const runner = createSessionRunner(store, writer, now, closed, {
    maxCachedSessions: 2,
    onChange,
    checkId: checkFactsSession,
  });
  return { runner, writer };
}

/** The log entry that carries a record: deterministic, so every device stores the same bytes. */
function recordEntry(record: FactRecord, seq: number): MemoryEntry {
  const content = canonicalRecord(record).replace(/^\{/u, `{"id":${JSON.stringify(record.id)},`);
  return {
    id: record.id,
    sessionId: FACTS_LOG_SESSION,
    seq,
    interaction: 0,
    type: 'context',
    role: 'system',
    content,
    timestamp: record.at,
    tokenCount: 0,
    compressed: false,
  };
}

/** Open the log over the memory's store (nothing is read until the first call). */
export function createFactsLog(deps: FactsLogDeps): FactsLog {
  const { runner, writer } = deps.sessions;
  // Records parsed once per entry id (a record's id is the hash of its content).
  const parsed = new Map<string, FactRecord | null>();
  let cached: { c: SessionCache; version: number; view: LogView } | undefined;

  const view = (c: SessionCache): LogView => {
    if (cached && cached.c === c && cached.version === c.meta.version) return cached.view;
    const records = new Map<string, FactRecord>();
    const live = new Set<string>();
    for (const e of c.active) {
      live.add(e.id);
      let r = parsed.get(e.id);
      if (r === undefined) {
        r = readRecord(safeJson(e.content)) ?? null;
        parsed.set(e.id, r);
      }
      if (r && r.id === e.id) records.set(r.id, r);
    }
    for (const id of parsed.keys()) if (!live.has(id)) parsed.delete(id);
    const v: LogView = { records, fold: foldFacts([...records.values()], deps.vocabulary), version: c.meta.version };
    cached = { c, version: c.meta.version, view: v };
    return v;
  };

  return {
    runner,
    writer,
    peek: () => cached?.view,
    invalidate: () => void (cached = undefined),
    read: () => runner.run(FACTS_LOG_SESSION, async (c) => view(c), 'read'),
    change: (decide) =>
      runner.run(FACTS_LOG_SESSION, async (c) => {
        const before = view(c);
        const wanted = decide(before);
        const put = (wanted.put ?? []).filter((r) => !before.records.has(r.id) && !before.fold.blocked.has(r.id));
        const unique = [...new Map(put.map((r) => [r.id, r])).values()];
        const erase = [...new Set(wanted.erase ?? [])].filter((id) => before.records.has(id));
        if (!unique.length && !erase.length) return { before, after: before };
        const meta: SessionMeta = { ...c.meta };
        const entries = unique.map((r) => recordEntry(r, meta.nextSeq++));
        meta.totalEntries += entries.length - erase.length;
        meta.erasedEntries += erase.length;
        meta.version += 1;
        meta.updatedAt = deps.now().toISOString();
        await writer.write(FACTS_LOG_SESSION, {
          meta,
          ...(entries.length ? { putEntries: entries } : {}),
          ...(erase.length ? { deleteEntryIds: erase } : {}),
        });
        const gone = new Set(erase);
        c.meta = meta;
        setActive(c, [...c.active.filter((e) => !gone.has(e.id)), ...entries]);
        return { before, after: view(c) };
      }),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
