/**
 * Generated conversations as RecallKit `SessionState`s, so `importSession` builds a long
 * history in seconds instead of replaying every `add*`.
 * @module
 */
import type { MemoryEntry, MemorySummary, SessionState } from 'recallkit';
import { DEFAULT_MEMORY_CONFIG } from 'recallkit';
import { heuristicSummary } from 'recallkit';
import type { GenMessage } from './conversation.js';

const T0 = Date.UTC(2025, 0, 1);
const at = (i: number): string => new Date(T0 + i * 30_000).toISOString();

/** The entries of `messages`, all active; token counts are left to `importSession`. */
export function toEntries(sessionId: string, messages: readonly GenMessage[]): MemoryEntry[] {
  let interaction = 0;
  return messages.map((m, seq): MemoryEntry => {
    if (m.kind === 'user') interaction += 1;
    const base = { id: `e${seq}`, sessionId, seq, interaction, timestamp: at(seq), tokenCount: 0, compressed: false };
    switch (m.kind) {
      case 'user':
      case 'assistant':
        return { ...base, type: 'message', role: m.kind, content: m.content };
      case 'tool_call':
        return {
          ...base,
          type: 'tool_call',
          role: 'assistant',
          content: m.args,
          tool: { name: m.toolName, callId: m.callId, isError: false },
        };
      case 'tool_result':
        return {
          ...base,
          type: 'tool_result',
          role: 'system',
          content: m.content,
          tool: { name: m.toolName, callId: m.callId, isError: false },
        };
    }
  });
}

/** A state whose every entry is active (what a `max_tokens`-only profile leaves). */
export function activeState(sessionId: string, messages: readonly GenMessage[]): SessionState {
  return { schemaVersion: 1, sessionId, entries: toEntries(sessionId, messages), summaries: [], totalTokens: 0 };
}

/**
 * The state the default Memory Manager leaves after these messages were added one by one:
 * each time active entries exceed `maxEntries`, those older than the newest `recentWindow`
 * (cut back to an interaction start) become one heuristic summary. Same rule as
 * `src/strategies/long-term/manager.ts` (its `maxTokens` trigger is never reached by these messages).
 */
export function managerState(sessionId: string, messages: readonly GenMessage[]): SessionState {
  const { maxEntries, recentWindow, minEntriesToCompress } = DEFAULT_MEMORY_CONFIG;
  const entries = toEntries(sessionId, messages);
  const summaries: MemorySummary[] = [];
  let first = 0; // index of the oldest active entry
  for (let end = 1; end <= entries.length; end++) {
    if (end - first <= maxEntries) continue;
    let cut = end - recentWindow;
    while (cut > first && entries[cut - 1]!.interaction === entries[cut]!.interaction) cut--;
    if (cut - first < minEntriesToCompress) {
      cut = end - recentWindow;
      while (cut > first && (entries[cut]!.type === 'tool_result' || entries[cut - 1]!.type === 'tool_call')) cut--;
    }
    const covered = entries.slice(first, cut);
    const id = `sum${summaries.length}`;
    for (const e of covered) {
      e.compressed = true;
      e.summaryId = id;
    }
    summaries.push({
      id,
      sessionId,
      content: heuristicSummary(covered),
      originalEntryIds: covered.map((e) => e.id),
      tokenCount: 0,
      originalTokenCount: 0,
      compressionRatio: 0,
      createdAt: at(end - 1),
      timeRange: { start: covered[0]!.timestamp, end: covered[covered.length - 1]!.timestamp },
      strategy: 'manager',
    });
    first = cut;
  }
  return { schemaVersion: 1, sessionId, entries, summaries, totalTokens: 0 };
}
