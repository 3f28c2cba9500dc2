/**
 * Materialising synced ops into the `postgresStore` tables of the tenant, in the push's
 * transaction, so a server-side `createMemory({ store: postgresStore({ tenant }) })` sees the
 * synced memory. Incremental: entries are appended in server order and numbered as every device
 * numbers them (docs/sync.md, "Numbering"); compactions, drops, erasures and clears are applied
 * to the rows they name. Derived data is not written: a server-side engine rebuilds it.
 * @module
 */
import { newMeta } from '../../core/session/session.js';
import type { MemoryEntry, MemorySummary, SessionMeta, StoreBatch } from '../../types.js';
import type { Sql } from '../../store/postgres/driver.js';
import { getEntries, loadMeta } from '../../store/postgres/queries.js';
import type { AppliedOp } from './log.js';
import { buildWrite, runStatement } from '../../store/postgres/write.js';

/** Apply the pushed ops to the store tables, one batch per session. */
export async function materialize(tx: Sql, tenant: string, applied: readonly AppliedOp[]): Promise<void> {
  const bySession = new Map<string, AppliedOp[]>();
  for (const a of applied) {
    const list = bySession.get(a.op.sessionId);
    if (list) list.push(a);
    else bySession.set(a.op.sessionId, [a]);
  }
  for (const [sessionId, ops] of bySession) {
    const batch = await sessionBatch(tx, tenant, sessionId, ops);
    const { pre, main } = buildWrite(tenant, sessionId, batch);
    for (const s of pre) await runStatement(tx, s);
    await tx.query(main.text, main.params);
  }
}

/** The batch that brings a session's stored rows up to date with its newly applied ops. */
async function sessionBatch(
  tx: Sql,
  tenant: string,
  sessionId: string,
  ops: readonly AppliedOp[],
): Promise<StoreBatch> {
  const now = new Date().toISOString();
  const stored = await loadMeta(tx, tenant, sessionId);
  let meta: SessionMeta = stored ? { ...stored } : newMeta(sessionId, now);
  const version = meta.version;
  const named = new Set<string>();
  for (const { op } of ops)
    if (op.kind === 'compact' || op.kind === 'erase') for (const id of op.entryIds) named.add(id);
  const entries = new Map<string, MemoryEntry | null>();
  if (named.size) {
    const found = await getEntries(tx, tenant, sessionId, [...named]);
    for (const e of found) if (e) entries.set(e.id, e);
  }
  const summaries = new Map<string, MemorySummary | null>();
  const changed = new Set<string>();
  let replace = false;

  for (const { op } of ops) {
    switch (op.kind) {
      case 'entry': {
        const e: MemoryEntry = { ...op.entry, seq: meta.nextSeq, compressed: false };
        delete e.summaryId;
        if (e.type === 'message' && e.role === 'user') meta.interactionCount += 1;
        e.interaction = meta.interactionCount;
        meta.nextSeq += 1;
        meta.totalEntries += 1;
        meta.storedTokens += e.tokenCount;
        entries.set(e.id, e);
        changed.add(e.id);
        break;
      }
      case 'compact':
        for (const id of op.entryIds) {
          const e = entries.get(id);
          if (!e || e.compressed) continue;
          const c: MemoryEntry = { ...e, compressed: true };
          if (op.summary) c.summaryId = op.summary.id;
          meta.compressedEntries += 1;
          meta.compressedTokens += e.tokenCount;
          entries.set(id, c);
          changed.add(id);
        }
        if (op.summary) summaries.set(op.summary.id, op.summary);
        break;
      case 'drop-summary':
        summaries.set(op.summaryId, null);
        break;
      case 'erase':
        for (const id of op.entryIds) {
          const e = entries.get(id);
          if (!e) continue;
          meta.totalEntries -= 1;
          meta.storedTokens -= e.tokenCount;
          if (e.compressed) {
            meta.compressedEntries -= 1;
            meta.compressedTokens -= e.tokenCount;
          }
          meta.erasedEntries += 1;
          // The summary made from it may repeat what it said: it goes too (its other entries stay
          // compressed, as after a drop), as on every device.
          if (e.compressed && e.summaryId !== undefined) summaries.set(e.summaryId, null);
          entries.set(id, null);
          changed.add(id);
        }
        // The persisted recall index and embeddings may hold the erased text: rebuilt on next use.
        delete meta.recallSeq;
        delete meta.vectorSeq;
        break;
      case 'clear':
        replace = true;
        entries.clear();
        summaries.clear();
        changed.clear();
        meta = { ...newMeta(sessionId, now), createdAt: meta.createdAt };
        break;
    }
  }
  meta.version = version + 1;
  meta.updatedAt = now;
  const batch: StoreBatch = { meta, replace };
  const put = [...changed].map((id) => entries.get(id)).filter((e): e is MemoryEntry => !!e);
  const gone = [...changed].filter((id) => entries.get(id) === null);
  if (put.length) batch.putEntries = put;
  if (gone.length) batch.deleteEntryIds = gone;
  const putS = [...summaries.values()].filter((s): s is MemorySummary => !!s);
  const goneS = [...summaries].filter(([, s]) => s === null).map(([id]) => id);
  if (putS.length) batch.putSummaries = putS;
  if (goneS.length) batch.deleteSummaryIds = goneS;
  return batch;
}
