/**
 * The engine's own shapes, shared by its modules: what it keeps per open session, what recall
 * needs from it. Implementations import them from here, so no two core modules import each
 * other for a type.
 * @module
 */
import type { MemoryEntry, Interaction, MemorySummary, SessionMeta, StoreAdapter, StoreBatch } from '../types.js';
import type { RecallIndex } from '../recall/recall-index.js';
import type { Embedder } from '../recall/types.js';
import type { VectorIndex } from '../recall/vectors/vector-index.js';
import type { Slicer } from '../slices/slicer.js';

/** What the engine keeps in memory for an open session: only active entries and summaries. */
export interface SessionCache {
  meta: SessionMeta;
  /** Active entries, oldest first. */
  active: MemoryEntry[];
  /** Active entries grouped by interaction (derived from `active`). */
  interactions: Interaction[];
  /** Kept summaries, oldest first. */
  summaries: MemorySummary[];
  /** Σ tokenCount of active entries. */
  activeTokens: number;
  /** The recall index, once a recall loaded it; kept up to date by every add after that. */
  recall?: RecallIndex;
  /** Embeddings of entries and summaries, once a recall with an embedder loaded them. */
  vectors?: VectorIndex;
  /** The knowledge-base collection, once loaded. */
  kb?: KnowledgeBaseState;
}

/** A session's knowledge-base collection, once loaded. */
export interface KnowledgeBaseState {
  /** Lexical index of summary chunks (aux keys `kb:<collection_id>:…`). */
  index: RecallIndex;
  /** Chunk texts by doc id (the index keeps terms only). */
  texts: Map<string, string>;
  /** The newest chunk version of each summary (`<summaryId>@<version>`). */
  latest: Map<string, string>;
  /** Embeddings of the chunks (aux keys `kbvec:<collection_id>:…`), with an embedder. */
  vectors?: VectorIndex;
}

/** What recall needs from the engine. */
export interface RecallContext {
  store: StoreAdapter;
  /** Writes a batch of the session (through the engine's writer). */
  write: (batch: StoreBatch) => Promise<void>;
  embedder?: Embedder | undefined;
  /** The embedding model's name recorded with the vectors (vectors of another are dropped). */
  embeddingModel?: string | undefined;
  /** Ask the background queue to embed what the session lacks (a recall never embeds history). */
  embedLater?: ((sessionId: string) => void) | undefined;
  /** Reports an embedder failure (recall then answers lexically). */
  onError: (error: Error) => void;
  /**
   * The embedder's failure that will not pass (a `MissingPackageError` met in the background):
   * recall throws it rather than answer lexically as if nothing were wrong.
   */
  embedderFailure?: (() => Error | undefined) | undefined;
  /** A new slicer for one call's bulk work (loading or building an index); default the host's yield. */
  slices?: (() => Slicer) | undefined;
}
