/**
 * `verify(s)`: a read-only integrity check of one stored session: every entry present once,
 * summary links intact, the meta's counters equal to what is stored.
 * @module
 */
import type { StoreAdapter } from '../../types.js';
import type { VerifyReport } from './durability-types.js';

/** Check a session as `store` holds it; changes nothing. Re-reads when a write lands meanwhile. */
export async function verifySession(store: StoreAdapter, sessionId: string): Promise<VerifyReport> {
  for (let attempt = 0; ; attempt++) {
    const [loaded, entries] = await Promise.all([store.loadSession(sessionId), store.loadEntries(sessionId)]);
    const after = await store.loadMeta(sessionId);
    // A write between the reads makes them disagree: read again (a busy session: report as is).
    if (attempt < 3 && after?.version !== loaded?.meta.version) continue;
    const report: VerifyReport = {
      sessionId,
      ok: true,
      exists: loaded !== undefined,
      entries: entries.length,
      holes: 0,
      duplicateSeqs: [],
      danglingSummaryLinks: [],
      missingSummarized: [],
      statsMismatches: [],
    };
    if (!loaded) {
      report.ok = entries.length === 0;
      if (entries.length) report.statsMismatches.push(`meta: missing vs ${entries.length} entries stored`);
      return report;
    }
    const { meta, summaries } = loaded;
    const seen = new Set<number>();
    const dup = new Set<number>();
    let compressed = 0;
    let tokens = 0;
    let compressedTokens = 0;
    for (const e of entries) {
      if (seen.has(e.seq)) dup.add(e.seq);
      seen.add(e.seq);
      tokens += e.tokenCount;
      if (e.compressed) {
        compressed++;
        compressedTokens += e.tokenCount;
      }
    }
    report.duplicateSeqs = [...dup];
    let missing = 0;
    for (let seq = 0; seq < meta.nextSeq; seq++) if (!seen.has(seq)) missing++;
    report.holes = Math.max(0, missing - meta.erasedEntries);
    const summaryIds = new Set(summaries.map((s) => s.id));
    const entryIds = new Set(entries.map((e) => e.id));
    for (const e of entries) {
      if (e.compressed && e.summaryId !== undefined && !summaryIds.has(e.summaryId))
        report.danglingSummaryLinks.push(e.id);
    }
    if (meta.erasedEntries === 0) {
      for (const s of summaries)
        if (s.originalEntryIds.some((id) => !entryIds.has(id))) report.missingSummarized.push(s.id);
    }
    const check = (field: string, stored: number, counted: number): void => {
      if (stored !== counted) report.statsMismatches.push(`${field}: ${stored} vs ${counted}`);
    };
    check('totalEntries', meta.totalEntries, entries.length);
    check('compressedEntries', meta.compressedEntries, compressed);
    check('storedTokens', meta.storedTokens, tokens);
    check('compressedTokens', meta.compressedTokens, compressedTokens);
    const maxSeq = entries.reduce((m, e) => Math.max(m, e.seq), -1);
    if (maxSeq >= meta.nextSeq) report.statsMismatches.push(`nextSeq: ${meta.nextSeq} vs an entry at seq ${maxSeq}`);
    report.ok =
      report.holes === 0 &&
      !report.duplicateSeqs.length &&
      !report.danglingSummaryLinks.length &&
      !report.missingSummarized.length &&
      !report.statsMismatches.length;
    return report;
  }
}
