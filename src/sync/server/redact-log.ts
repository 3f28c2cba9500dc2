/**
 * What the op log keeps of erased content: no text. When a push erases entries (`erase`, which is
 * also how `forgetFact` removes fact records) or clears a session (`clear`), the earlier ops that
 * carried the text (the entries' `entry` ops; for a clear, the session's `entry` and `compact`
 * ops before it) are rewritten in place as **stubs**: the same row, seq, op id and kind, and the
 * entry's place and role (a device pulling from the start numbers the session as every other
 * device does, docs/sync.md), with the content emptied, `metadata` and `tool` dropped, and
 * `"erased": true`. The erase or clear that follows in the log removes the stub on the device.
 * A summary is text made from its turns and cannot be cut apart: when an `erase` names a turn a
 * summary was made from, that summary's `compact` op is stubbed too (its content emptied), and
 * every device drops the summary when it applies the erase (`client/state.ts`), as the
 * materialised store does (`materialize.ts`).
 * A retried push of a stubbed op is still answered `duplicate`. Three statements at most per push.
 * @module
 */
import type { SyncOp } from '../protocol.js';
import { encodeKey } from '../../store/postgres/codec.js';
import type { Sql } from '../../store/postgres/driver.js';
import { pairKey, type PushState } from './rules.js';

/** The stub of an op row (`op` is its JSON text): the text it carried is gone. */
const STUB = `(CASE WHEN kind = 'entry'
    THEN jsonb_set((op::jsonb #- '{entry,metadata}') #- '{entry,tool}', '{entry,content}', '""')
    ELSE jsonb_set(op::jsonb #- '{summary,metadata}', '{summary,content}', '""', false)
  END || '{"erased": true}')::text`;

/** Whether a stored op (parsed) is a stub: its content was erased, there is nothing to compare a retry with. */
export function isErasedOp(op: unknown): boolean {
  return typeof op === 'object' && op !== null && (op as { erased?: unknown }).erased === true;
}

/** Rewrite as stubs the ops whose text the push's erasures and clears made obsolete. */
export async function redactErased(
  tx: Sql,
  tenant: string,
  state: PushState,
  applied: readonly { op: SyncOp; seq: bigint }[],
): Promise<void> {
  const entrySeqs = new Set<string>();
  const compactSeqs = new Set<string>();
  const clearedSessions: string[] = [];
  const clearedAt: string[] = [];
  for (const { op, seq } of applied) {
    if (op.kind === 'erase')
      for (const id of op.entryIds) {
        const e = state.entries.get(pairKey(op.sessionId, id));
        if (e?.entry !== null && e?.entry !== undefined) entrySeqs.add(e.entry.toString());
        // The compaction that took it, whose summary may repeat what it said.
        if (e?.compacted !== null && e?.compacted !== undefined) compactSeqs.add(e.compacted.toString());
      }
    else if (op.kind === 'clear') {
      clearedSessions.push(encodeKey(op.sessionId));
      clearedAt.push(seq.toString());
    }
  }
  if (entrySeqs.size)
    await tx.query(
      `UPDATE recallkit_sync_ops SET op = ${STUB} WHERE tenant = $1 AND seq = ANY($2::bigint[]) AND kind = 'entry'
        AND NOT (op::jsonb ? 'erased')`,
      [tenant, [...entrySeqs]],
    );
  if (compactSeqs.size)
    await tx.query(
      `UPDATE recallkit_sync_ops SET op = ${STUB} WHERE tenant = $1 AND seq = ANY($2::bigint[]) AND kind = 'compact'
        AND op::jsonb ? 'summary' AND NOT (op::jsonb ? 'erased')`,
      [tenant, [...compactSeqs]],
    );
  if (clearedSessions.length)
    await tx.query(
      `UPDATE recallkit_sync_ops o SET op = ${STUB} FROM unnest($2::text[], $3::bigint[]) AS u(s, c)
       WHERE o.tenant = $1 AND o.session_id = u.s AND o.seq < u.c AND o.kind IN ('entry', 'compact')
         AND NOT (o.op::jsonb ? 'erased')`,
      [tenant, clearedSessions, clearedAt],
    );
}
