/**
 * Screening a session's outbox before it is pushed, with the record checks the server runs
 * (`parseSyncOp`): an op they refuse, one too big for any request, or a compaction naming an entry
 * set aside, is set aside (reported once, remembered, never pushed) and the others go on.
 * @module
 */
import { ValidationError } from '../../errors.js';
import { parseSyncOp, type SyncOp } from '../protocol.js';
import { MAX_OP_BYTES, utf8Length } from '../bounds.js';
import type { SyncRefusal } from '../types.js';

/** Key of an op in the device's set-aside map. */
export const refusedKey = (sessionId: string, opId: string): string => `${sessionId}\n${opId}`;

/** What screening a session's ops found. */
export interface Screened {
  /** The ops to push, in order. */
  ops: SyncOp[];
  /** Their JSON sizes in UTF-8 bytes (same order). */
  sizes: number[];
  /** Ops newly set aside, to report. */
  refused: SyncRefusal[];
}

/**
 * Screen one session's ops. `known` maps {@link refusedKey}s of ops set aside before to their
 * reason; newly refused ones are added to it.
 */
export function screenOps(ops: readonly SyncOp[], known: Record<string, string>): Screened {
  const out: Screened = { ops: [], sizes: [], refused: [] };
  const asideEntries = new Set<string>();
  const setAside = (op: SyncOp, reason: string, field?: string): void => {
    known[refusedKey(op.sessionId, op.opId)] = reason;
    if (op.kind === 'entry') asideEntries.add(op.entry.id);
    const refusal: SyncRefusal = { op: { ...op }, reason, by: 'client' };
    if (field !== undefined) refusal.field = field;
    out.refused.push(refusal);
  };
  for (const op of ops) {
    if (known[refusedKey(op.sessionId, op.opId)] !== undefined) {
      if (op.kind === 'entry') asideEntries.add(op.entry.id);
      continue;
    }
    if (op.kind === 'compact') {
      const aside = op.entryIds.find((id) => asideEntries.has(id));
      if (aside !== undefined) {
        setAside(op, `the compaction names entry ${JSON.stringify(aside)}, which was set aside`);
        continue;
      }
    }
    try {
      parseSyncOp(op, 'op');
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      setAside(op, error.message, error.field);
      continue;
    }
    const size = utf8Length(JSON.stringify(op));
    if (size > MAX_OP_BYTES) {
      setAside(op, `op: expected at most ${MAX_OP_BYTES} bytes of JSON (one request's room), received ${size}`, 'op');
      continue;
    }
    out.ops.push(op);
    out.sizes.push(size);
  }
  return out;
}
