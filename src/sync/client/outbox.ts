/**
 * The outbox, derived from the store: what a session holds that its confirmed state does not
 * (entries, compactions, dropped summaries, erasures). Op ids are derived from the content, so
 * a retried push sends the same ids and the server answers `duplicate` instead of writing twice.
 * @module
 */
import type { MemoryEntry, MemorySummary } from '../../types.js';
import type { SyncOp } from '../protocol.js';
import { wireEntry, type WorkingState } from './state.js';
import { hashText } from '../hash.js';
import { MAX_OP_IDS } from '../bounds.js';

/** The ops of one session, and which local compaction each compact op carries (for a rejection). */
export interface SessionOutbox {
  ops: SyncOp[];
  /** opId → the local summary id ('' for none) of a compact op. */
  groups: Map<string, string>;
  /** opId → the entry ids of an erase op. */
  erasures: Map<string, string[]>;
}

/** Derive a session's outbox from what is stored and what the server confirmed. */
export function deriveOutbox(
  sessionId: string,
  w: WorkingState,
  entries: readonly MemoryEntry[],
  summaries: readonly MemorySummary[],
  erasedLocal: ReadonlySet<string>,
): SessionOutbox {
  const ops: SyncOp[] = [];
  const groups = new Map<string, string>();
  const erasures = new Map<string, string[]>();
  for (const e of entries) {
    if (!w.pos.has(e.id) && !w.tomb.has(e.id)) ops.push({ opId: e.id, sessionId, kind: 'entry', entry: wireEntry(e) });
  }
  const stored = new Map(summaries.map((s) => [s.id, s]));
  const pending = new Map<string, string[]>();
  for (const e of entries) {
    if (!e.compressed || w.tomb.has(e.id) || w.compacted.has(e.id)) continue;
    const g = e.summaryId !== undefined && stored.has(e.summaryId) ? e.summaryId : '';
    pending.set(g, [...(pending.get(g) ?? []), e.id]);
  }
  const drops = new Set<string>();
  for (const [g, ids] of pending) {
    const summary = stored.get(g);
    const key = hashText(`${sessionId}\n${ids.join('\n')}`);
    if (!summary) {
      const opId = `slide~${key}`;
      ops.push({ opId, sessionId, kind: 'compact', entryIds: ids });
      groups.set(opId, '');
    } else if (w.summaries.has(g)) {
      // Folded into (or extended) a confirmed summary, which keeps its id here: on the wire a
      // summary id is accepted once, so the new version travels under a derived id and the
      // old one is dropped.
      const opId = `${g}~${key}`;
      ops.push({ opId, sessionId, kind: 'compact', summary: { ...summary, id: opId }, entryIds: ids });
      groups.set(opId, g);
      drops.add(g);
    } else {
      ops.push({ opId: g, sessionId, kind: 'compact', summary, entryIds: ids });
      groups.set(g, g);
    }
  }
  for (const id of w.summaries.keys()) if (!stored.has(id)) drops.add(id);
  for (const id of drops) ops.push({ opId: `${id}~drop`, sessionId, kind: 'drop-summary', summaryId: id });
  const erase = [...erasedLocal].filter((id) => !w.tomb.has(id)).sort();
  // Within the ids one op may list: a large erasure travels as several ops.
  for (let at = 0; at < erase.length; at += MAX_OP_IDS) {
    const ids = erase.slice(at, at + MAX_OP_IDS);
    const opId = `erase~${hashText(`${sessionId}\n${ids.join('\n')}`)}`;
    ops.push({ opId, sessionId, kind: 'erase', entryIds: ids });
    erasures.set(opId, ids);
  }
  return { ops, groups, erasures };
}
