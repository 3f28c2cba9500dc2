import type { MemoryConfig, MemoryEntry } from '../../types.js';
import type { LongTermStrategy } from '../types.js';

/**
 * The Memory Manager's compression (the default without a profile): when active entries exceed
 * `maxEntries` or active tokens plus summaries exceed `maxTokens` (with `autoCompress`), or on
 * `compress()`, summarize the entries older than the newest `recentWindow` — at least
 * `minEntriesToCompress` of them — into a summary targeting `compressionRatio` of their tokens.
 * The cut falls on an interaction boundary when that leaves enough to compress, and never
 * between a tool call and its result. Pinned entries (and their tool partners) stay active.
 * Once `maxSummaries` summaries are kept, the next compression folds them into its summary.
 * @param config - read at every decision, so `updateConfig` applies at once.
 */
export function managerStrategy(config: () => MemoryConfig): LongTermStrategy {
  return {
    id: 'manager',
    plan(view, event) {
      const c = config();
      // Runs after every add: the automatic check counts without copying the history.
      if (event.reason !== 'manual') {
        if (!c.autoCompress) return undefined;
        let tokens = 0;
        let count = 0;
        for (const i of view.interactions) {
          tokens += i.tokenCount;
          count += i.entries.length;
        }
        for (const s of view.summaries) tokens += s.tokenCount;
        if (!(count > c.maxEntries || tokens > c.maxTokens)) return undefined;
      }
      // Plain loops, one pass each: this runs in one step (a plan is synchronous), and on 100,000
      // active entries flatMap, filter and slice took about 60 ms of the thread.
      const active: MemoryEntry[] = [];
      let pinnedCalls: Set<string> | undefined;
      for (const i of view.interactions) {
        for (const e of i.entries) {
          active.push(e);
          if (e.pinned && e.tool) (pinnedCalls ??= new Set()).add(e.tool.callId);
        }
      }
      const cut = safeCut(active, active.length - c.recentWindow, c.minEntriesToCompress);
      if (cut <= 0) return undefined;
      const entries: MemoryEntry[] = [];
      let original = 0;
      for (let k = 0; k < cut; k++) {
        const e = active[k]!;
        if (e.pinned || (e.tool && pinnedCalls?.has(e.tool.callId))) continue;
        entries.push(e);
        original += e.tokenCount;
      }
      if (entries.length < c.minEntriesToCompress) return undefined;
      // A long session would otherwise send ever more summaries: at the limit, this
      // compression folds them all into one running summary.
      const own = view.summaries.filter((s) => s.strategy === 'manager');
      const fold = own.length >= c.maxSummaries ? own : [];
      return {
        summarize: {
          entries,
          passes: 1,
          targetTokens: Math.max(1, Math.round(original * c.compressionRatio)),
          markCompressed: true,
          ...(fold.length ? { foldSummaries: [...fold] } : {}),
        },
      };
    },
  };
}

/**
 * Move a cut (the index of the first entry kept) back to the start of its interaction when
 * that still leaves `min` entries before it; otherwise only out of any tool block.
 */
function safeCut(active: readonly MemoryEntry[], cut: number, min: number): number {
  if (cut <= 0 || cut >= active.length) return Math.max(0, Math.min(cut, active.length));
  let start = cut;
  while (start > 0 && active[start - 1]!.interaction === active[start]!.interaction) start--;
  if (start >= min) return start;
  while (cut > 0 && (active[cut]!.type === 'tool_result' || active[cut - 1]!.type === 'tool_call')) cut--;
  return cut;
}
