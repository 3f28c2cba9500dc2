/**
 * Two devices that added entries under one caller's id (`{ id }` on an add): the server keeps
 * the entry op it accepted first and answers the other `duplicate`, and the pull brings the
 * kept entry to every device. When the two were one turn (a retry on another device), nothing
 * is lost; when they were other turns, this device's copy was replaced, so it is reported.
 * @module
 */
import type { StoreAdapter } from '../../types.js';
import type { SyncOp, SyncOpResult } from '../protocol.js';
import type { SyncRefusal } from '../types.js';
import { turnDifference } from '../../core/checks/same-turn.js';

/** Entry ops the server answered `duplicate` with `differs` (another op came first under the id). */
export function duplicateEntries(ops: readonly SyncOp[], results: readonly SyncOpResult[]): SyncOp[] {
  return ops.filter((op, i) => op.kind === 'entry' && results[i]?.status === 'duplicate' && results[i]?.differs);
}

/**
 * After the round's pull, the refusal of each pushed entry whose kept copy (now stored here) is
 * another turn than the one this device added.
 */
export async function reusedIdRefusals(store: StoreAdapter, pushed: readonly SyncOp[]): Promise<SyncRefusal[]> {
  const out: SyncRefusal[] = [];
  for (const op of pushed) {
    if (op.kind !== 'entry') continue;
    const [kept] = await store.getEntries(op.sessionId, [op.entry.id]);
    if (!kept) continue;
    const mine = op.entry;
    const what = turnDifference(kept, {
      type: mine.type === 'summary' ? 'message' : mine.type,
      role: mine.role,
      content: mine.content,
      tool: mine.tool,
      metadata: mine.metadata,
    });
    if (!what) continue;
    out.push({
      op: { ...op },
      reason:
        `id reused: entry ${JSON.stringify(mine.id)} was added first on another device with other ${what}; ` +
        "that entry is kept on every device and this device's was replaced (add a changed turn under a new id)",
      by: 'server',
    });
  }
  return out;
}
