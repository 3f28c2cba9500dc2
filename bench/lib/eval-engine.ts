/**
 * The slice of RecallKit the context evaluation drives, typed loosely so the harness runs on an
 * engine with or without the second release's context recall, and what that engine supports
 * (detected at run time with small probes, never assumed).
 * @module
 */
import { createMemory } from 'recallkit';

/** A message as the evaluation reads it (OpenAI shape, content only). */
export interface EvalMessage {
  role: string;
  content: unknown;
}

/** What `getContextForLLM` returns, as far as the evaluation reads it. */
export interface EvalContext {
  messages: EvalMessage[];
  tokenCount: number;
  /** Second release: what recall placed in the context. */
  recalled?: { entry: { sessionId?: string; content?: string; metadata?: Record<string, unknown> }; score: number }[];
}

/** A recall hit as the evaluation reads it. */
export interface EvalHit {
  entry: { sessionId?: string; role?: string; content: string; metadata?: Record<string, unknown> };
  score: number;
}

/** Per-call options of `getContextForLLM` (second release; ignored by an older engine). */
export interface EvalContextOptions {
  query?: string;
  recall?: false | { maxTokens?: number; scope?: 'session' | 'all' };
  maxTokens?: number;
}

/** The memory methods the evaluation calls. */
export interface EvalMemory {
  addUserMessage(
    s: string,
    content: string,
    metadata?: Record<string, unknown>,
    options?: { timestamp?: string },
  ): Promise<{ timestamp?: unknown }>;
  addAssistantMessage(
    s: string,
    content: string,
    metadata?: Record<string, unknown>,
    options?: { timestamp?: string },
  ): Promise<{ timestamp?: unknown }>;
  getContextForLLM(s: string, options?: EvalContextOptions): Promise<EvalContext>;
  recall(s: string, query: string, options?: { topK?: number; scope?: 'session' | 'all' }): Promise<EvalHit[]>;
  clearSession(s: string): Promise<void>;
  /** Second release (background compression); absent before, when compression ran inside `add*`. */
  idle?(s?: string): Promise<void>;
  close(): Promise<void>;
}

/** Options passed to `createMemory` (a profile, or none for the Memory Manager). */
export type EvalMemoryOptions = { profile?: unknown };

/** An embedder for hybrid recall (`--embedder use-lite`), used by every memory opened while set. */
let evalEmbedder: ((texts: string[]) => Promise<number[][]>) | undefined;

/** Set (or unset) the embedder of the memories the evaluation opens. */
export function useEmbedder(embedder: ((texts: string[]) => Promise<number[][]>) | undefined): void {
  evalEmbedder = embedder;
}

/** A fresh in-memory engine with the o200k tokenizer and the heuristic summarizer (no LLM). */
export async function openMemory(options: EvalMemoryOptions = {}): Promise<EvalMemory> {
  const memory = await createMemory({
    store: 'memory',
    tokenizer: 'o200k_base',
    ...(evalEmbedder ? { embedder: evalEmbedder, embeddingModel: 'use-lite' } : {}),
    ...(options as object),
  });
  // The evaluation passes second-release options; an older engine ignores them (detected below).
  return memory as unknown as EvalMemory;
}

/** What the engine under evaluation supports. */
export interface EngineFeatures {
  /** `addUserMessage(s, content, metadata, { timestamp })` keeps the given time. */
  timestamp: boolean;
  /** `getContextForLLM(s, { query, recall })` places recalled turns and reports `ctx.recalled`. */
  contextRecall: boolean;
  /** `getContextForLLM(s, { maxTokens })` caps the whole context. */
  maxTokens: boolean;
  /** `recall(s, q, { scope: 'all' })` finds other sessions' entries. */
  scopeAll: boolean;
}

/** Probe a fresh engine for each second-release feature the evaluation uses. */
export async function detectFeatures(): Promise<EngineFeatures> {
  const memory = await openMemory();
  try {
    const when = '2021-03-04T05:06:00.000Z';
    const entry = await memory.addUserMessage('probe-a', 'My dog is called Rexford.', {}, { timestamp: when });
    const stamp = entry.timestamp instanceof Date ? entry.timestamp.toISOString() : String(entry.timestamp);
    const timestamp = Date.parse(stamp) === Date.parse(when);
    await memory.addAssistantMessage('probe-a', 'Rexford is a fine name for a dog.');
    const filler = 'We talked about the weather, the trains and the price of bread at length today. '.repeat(12);
    for (let i = 0; i < 30; i++) {
      await memory.addUserMessage('probe-a', `${i} ${filler}`);
      await memory.addAssistantMessage('probe-a', `${i} ${filler}`);
    }
    await memory.addUserMessage('probe-b', 'Something else entirely.');
    const hits = await memory.recall('probe-b', 'Rexford dog', { scope: 'all' });
    const scopeAll = hits.some((h) => h.entry.sessionId === 'probe-a');
    const capped = await memory.getContextForLLM('probe-a', { maxTokens: 300 });
    const maxTokens = capped.tokenCount <= 300 && capped.messages.length > 0;
    const ctx = await memory.getContextForLLM('probe-a', {
      query: 'What is the dog called?',
      recall: { maxTokens: 200 },
      maxTokens: 600,
    });
    const contextRecall =
      Array.isArray(ctx.recalled) && ctx.messages.some((m) => String(m.content).includes('Rexford'));
    return { timestamp, contextRecall, maxTokens, scopeAll };
  } finally {
    await memory.close();
  }
}
