/**
 * One consistent read of a session for the panels: context, entries, summaries, stats and
 * the session list, all from the running memory.
 * @module
 */
import type { Memory } from 'recallkit';
import type { ChatMessage, Fact, LLMContext, MemoryEntry, MemoryStats, MemorySummary, SessionMeta } from 'recallkit';
import { contextBreakdown, type ContextBreakdown } from './context-rows.js';
import type { ParsedSetup } from './setup-parse.js';

/** Everything the panels render. */
export interface Snapshot {
  sessionId: string;
  /** `getContextForLLM(sessionId)`: exactly what the model would be sent. */
  context: LLMContext<ChatMessage>;
  breakdown: ContextBreakdown;
  /** Every stored entry (`exportSession`), active and compressed, oldest first. */
  entries: MemoryEntry[];
  /** Entries erased by a strategy while this page was open (seen via the `erased` event). */
  erased: MemoryEntry[];
  summaries: MemorySummary[];
  stats: MemoryStats;
  /** Every stored session, most recently updated first. */
  sessions: SessionMeta[];
  setup: ParsedSetup;
  presetId: string;
  /** What makes summaries right now. */
  summarizerLabel: string;
  /** Recall in the context is on (the switch in "What the model sees"). */
  recall: boolean;
  /** `listFacts({ history: true })`: what the memory knows about the user, superseded facts too. */
  facts: Fact[];
}

/** The recalled block's share of the context in the playground, searched over every chat. */
export const PLAYGROUND_RECALL = { maxTokens: 400, scope: 'all' } as const;

/** What a snapshot is taken of. */
export interface SnapshotSource {
  memory: Memory;
  sessionId: string;
  setup: ParsedSetup;
  presetId: string;
  summarizerLabel: string;
  erased: MemoryEntry[];
  recall: boolean;
}

/** Read the session; the reads go to the worker together. */
export async function takeSnapshot(src: SnapshotSource): Promise<Snapshot> {
  const { memory, sessionId } = src;
  const [context, exported, summaries, stats, sessions, facts] = await Promise.all([
    memory.getContextForLLM(sessionId, { recall: src.recall ? PLAYGROUND_RECALL : false }) as Promise<
      LLMContext<ChatMessage>
    >,
    memory.exportSession(sessionId),
    memory.getSummaries(sessionId),
    memory.getStats(sessionId),
    memory.listSessions(),
    memory.listFacts({ history: true }),
  ]);
  const active = exported.entries.filter((e) => !e.compressed);
  sessions.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return {
    sessionId,
    context,
    breakdown: contextBreakdown(context, active),
    entries: exported.entries,
    erased: src.erased,
    summaries,
    stats,
    sessions,
    setup: src.setup,
    presetId: src.presetId,
    summarizerLabel: src.summarizerLabel,
    recall: src.recall,
    facts,
  };
}
