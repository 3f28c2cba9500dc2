import type { MemoryConfig, StoreAdapter, Summarizer, TokenCounter } from '../../types.js';
import type { LongTermStrategy } from '../../strategies/types.js';
import type { KnowledgeBaseSetup } from '../../strategies/registry.js';
import type { Emitter } from '../emitter.js';
import type { SessionCache } from '../types.js';
import type { Writer } from '../session/writer.js';
import type { RecallContext } from '../types.js';

/** What running long-term strategies needs from the engine. */
export interface LongTermDeps {
  strategies: readonly LongTermStrategy[];
  writer: Writer;
  /** Reads compressed entries to re-link when a summary goes. */
  store: StoreAdapter;
  emitter: Emitter;
  counter: TokenCounter;
  summarizer: () => Summarizer;
  config: () => MemoryConfig;
  now: () => Date;
  /** Tokens of the context the model would receive now. */
  contextTokens: (cache: SessionCache) => number;
  /** Aborts summarizer calls (the engine is closing). */
  signal?: AbortSignal;
  /** Where the `summarizer` strategy's summaries are also stored (knowledge_base). */
  knowledgeBase?: KnowledgeBaseSetup | undefined;
  /** Store access for the knowledge base. */
  recallContext: (cache: SessionCache) => RecallContext;
}
