/**
 * `RecallKitRetriever`: a LangChain retriever over `memory.recall`.
 * @module
 */
import type { BaseRetrieverInput } from '@langchain/core/retrievers';
import { BaseRetriever, Document } from './langchain-core.js';
import type { Memory } from '../memory.js';
import type { MemoryEntryType, RecallScope } from '../types.js';
import { ValidationError } from '../errors.js';

/** Options of {@link RecallKitRetriever}. */
export interface RecallKitRetrieverFields extends BaseRetrieverInput {
  /** A memory from `createMemory` or `createWorkerMemory`. */
  memory: Memory;
  /** The session searched (with `scope: 'all'`, the one whose store is searched). */
  sessionId: string;
  /** How many documents (default 10). */
  topK?: number;
  /** `'session'` (default) or `'all'`: every chat of the memory's store. */
  scope?: RecallScope;
  /** Only these entry types (summaries are type `summary`; default all). */
  types?: MemoryEntryType[];
}

/**
 * A LangChain `BaseRetriever` over `memory.recall`: the turns, tool calls and summaries of the
 * whole history (compressed parts included) best matching a query, as `Document`s, best first.
 * `pageContent` is the entry's text; `metadata` holds `id`, `sessionId`, `type`, `role`,
 * `timestamp`, `score` (and `toolName` for tool entries). Use it as a tool an agent calls
 * ("search the conversation"), or in a retrieval chain.
 * @example
 * ```ts
 * const retriever = new RecallKitRetriever({ memory, sessionId: 'chat-1', topK: 5 });
 * const docs = await retriever.invoke('passport number');
 * docs[0].pageContent; // 'My passport number is X1234567'
 * ```
 */
export class RecallKitRetriever extends BaseRetriever {
  lc_namespace = ['recallkit', 'langchain', 'retrievers'];
  readonly memory: Memory;
  readonly sessionId: string;
  readonly topK: number;
  readonly scope: RecallScope;
  readonly types: MemoryEntryType[] | undefined;

  static override lc_name(): string {
    return 'RecallKitRetriever';
  }

  constructor(fields: RecallKitRetrieverFields) {
    super(fields);
    if (typeof fields?.memory?.recall !== 'function')
      throw new ValidationError('memory', 'a RecallKit memory (createMemory / createWorkerMemory)', fields?.memory);
    if (typeof fields.sessionId !== 'string' || fields.sessionId === '')
      throw new ValidationError('sessionId', 'a non-empty string', fields.sessionId);
    this.memory = fields.memory;
    this.sessionId = fields.sessionId;
    this.topK = fields.topK ?? 10;
    this.scope = fields.scope ?? 'session';
    this.types = fields.types;
  }

  /** The recall hits for `query`, as documents (options are checked by `recall`). */
  override async _getRelevantDocuments(query: string): Promise<Document[]> {
    const hits = await this.memory.recall(this.sessionId, query, {
      topK: this.topK,
      scope: this.scope,
      ...(this.types ? { types: this.types } : {}),
    });
    return hits.map(
      ({ entry, score }) =>
        new Document({
          pageContent: entry.content,
          id: entry.id,
          metadata: {
            id: entry.id,
            sessionId: entry.sessionId,
            type: entry.type,
            role: entry.role,
            timestamp: entry.timestamp,
            score,
            ...(entry.tool ? { toolName: entry.tool.name } : {}),
          },
        }),
    );
  }
}
