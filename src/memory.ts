/**
 * The `Memory` interface: what `createMemory()` (in this thread) and `createWorkerMemory()`
 * (in a Web Worker) both return. Every result is plain, structured-cloneable data.
 * @module
 */
import type {
  ChatMessage,
  Interaction,
  InteractionInput,
  LLMContext,
  MemoryConfig,
  MemoryEntry,
  MemoryEventName,
  MemoryEvents,
  MemoryStats,
  MemorySummary,
  RecallOptions,
  RecallResult,
  RecallScope,
  SessionMeta,
  SessionState,
  StoredInteraction,
  SummarizeCallback,
  Summarizer,
} from './types.js';
import type { MessageFormat } from './formats/parse-messages.js';
import type { StorageState, VerifyReport } from './store/durable/durability-types.js';
import type { AnthropicMessageParam } from './formats/anthropic-types.js';
import type { AISDKMessage } from './formats/ai-sdk-types.js';
import type { LangChainMessage } from './formats/langchain-types.js';
import type { Fact, FactsExport, ListFactsOptions, SetFactInput } from './facts/types.js';

/** Message formats `getContextForLLM` can return and `addMessages` can read. */
export type ContextFormat = MessageFormat;

/** The message type of each context format. */
export interface ContextMessages {
  openai: ChatMessage;
  anthropic: AnthropicMessageParam;
  'ai-sdk': AISDKMessage;
  langchain: LangChainMessage;
}

/**
 * What `getContextForLLM` returns for a format: `messages` typed as that library's messages
 * (assignable to the `openai` SDK's `ChatCompletionMessageParam[]`, `@anthropic-ai/sdk`'s
 * `MessageParam[]`, the AI SDK's `ModelMessage[]`, LangChain's `BaseMessageLike[]`), and for
 * `anthropic` the `system` string the request takes beside them.
 */
export type ContextFor<F extends ContextFormat> = F extends 'anthropic'
  ? LLMContext<AnthropicMessageParam> & { system: string }
  : LLMContext<ContextMessages[F]>;

/** Options of `getContextForLLM`. */
export interface ContextOptions<F extends ContextFormat = ContextFormat> {
  /** Message shape of `messages` (default `'openai'`). */
  format?: F;
  /** What to recall for (default: the newest user message). */
  query?: string;
  /** Recall in this context: settings over `contextRecall`, or `false` for none. */
  recall?: { maxTokens?: number; scope?: RecallScope } | false;
  /**
   * Hard cap on the whole context for this call (the model's window minus the app's system
   * prompt and the reply). The newest user message is always kept; alone too large, it is cut
   * with a marker and `context:truncated` fires.
   */
  maxTokens?: number;
}

/** Options of `addUserMessage` and `addAssistantMessage`. */
export interface AddMessageOptions {
  /** When it was said (ISO 8601 string or Date; default now): history recorded elsewhere keeps its time. */
  timestamp?: string | Date;
  /**
   * The caller's id of this turn (the stored entry's id; default: a new UUID). A turn whose id is
   * already stored in the session is not stored again: the call resolves with the stored entry
   * (no event, no new `seq`), so a retried request stores nothing twice. The same id with other
   * content, role or metadata is a `ValidationError` naming it. A non-empty string of at most 256
   * characters, without `~`, not beginning with `__recallkit` or `summary:`.
   * @default undefined
   */
  id?: string | undefined;
}

/** Options of `addContext` (or pass the source name alone, as before). */
export interface AddContextOptions {
  /** Where the context comes from (a file name): the system message names it. */
  source?: string;
  /** The caller's id of this entry: an add under a stored id is not stored again (see {@link AddMessageOptions.id}). */
  id?: string | undefined;
}

/** Which entries `getActiveEntries` returns (default: all). */
export interface EntryFilter {
  /** Only these entry types. */
  types?: ('message' | 'tool_call' | 'tool_result' | 'context')[];
  /** Only these roles (a tool result and added context have the role `system`). */
  roles?: ('user' | 'assistant' | 'system')[];
}

/** Options of `importSession`. */
export interface ImportOptions {
  /**
   * Replace the stored session even when it holds entries added after the export (they are
   * deleted). Without it, such an import is refused with `ImportConflictError` and nothing changes.
   * @default false
   */
  replace?: boolean;
}

/** Options of `addToolCall`. */
export interface ToolCallOptions {
  /** Pairs the call with its result; generated when absent. */
  callId?: string;
  metadata?: Record<string, unknown>;
  /**
   * The caller's id of this entry: an add under a stored id is not stored again (see
   * {@link AddMessageOptions.id}); a generated `callId` is not compared, a given one is.
   */
  id?: string | undefined;
}

/** Options of `addToolResult`. */
export interface ToolResultOptions {
  /** The call this answers; when absent, the newest unanswered call of the same tool. */
  callId?: string;
  /** The tool failed. */
  isError?: boolean;
  metadata?: Record<string, unknown>;
  /** The caller's id of this entry: an add under a stored id is not stored again (see {@link AddMessageOptions.id}). */
  id?: string | undefined;
}

/** What `estimateStorage` reports, in bytes. */
export interface StorageEstimate {
  usage: number;
  quota: number;
  /** The browser will not clear this storage under pressure. */
  persisted: boolean;
}

/** Options of `addMessages`. */
export interface AddMessagesOptions {
  /** The shape of `messages` (default `'openai'`). */
  format?: ContextFormat;
  /** Anthropic only: the conversation's system prompt. */
  system?: string;
}

/** The conversation memory. Every method is async; calls on one session apply in call order. */
export interface Memory {
  /** Add a user message; it opens a new interaction. */
  addUserMessage(
    sessionId: string,
    content: string,
    metadata?: Record<string, unknown>,
    options?: AddMessageOptions,
  ): Promise<MemoryEntry>;
  /** Add an assistant message. */
  addAssistantMessage(
    sessionId: string,
    content: string,
    metadata?: Record<string, unknown>,
    options?: AddMessageOptions,
  ): Promise<MemoryEntry>;
  /** Add a tool call (type `tool_call`); `args` is any JSON value, or a JSON string as OpenAI returns it. */
  addToolCall(sessionId: string, toolName: string, args: unknown, options?: ToolCallOptions): Promise<MemoryEntry>;
  /** Add a tool's result (type `tool_result`); non-string results are stored as JSON. */
  addToolResult(
    sessionId: string,
    toolName: string,
    result: unknown,
    options?: ToolResultOptions,
  ): Promise<MemoryEntry>;
  /**
   * Add context such as a file (type `context`, a system message naming `source`); the third
   * argument is the source name, or `{ source?, id? }`.
   */
  addContext(sessionId: string, content: string, options?: string | AddContextOptions): Promise<MemoryEntry>;
  /** Add one interaction: the full user request and AI response, as JSON or text. */
  addInteraction(sessionId: string, interaction: InteractionInput): Promise<StoredInteraction>;
  /** Add a whole conversation in any supported message format (an app migrating its history). */
  addMessages(sessionId: string, messages: unknown, options?: AddMessagesOptions): Promise<MemoryEntry[]>;
  /** What the model should see now: summaries and kept history, within the profile's budget. */
  getContextForLLM<F extends ContextFormat = 'openai'>(
    sessionId: string,
    options?: ContextOptions<F>,
  ): Promise<ContextFor<F>>;
  /**
   * Active (not compressed or erased) entries, oldest first; `filter` keeps some types / roles
   * (a tool result has the role `system`: select system messages with
   * `{ types: ['message'], roles: ['system'] }`).
   */
  getActiveEntries(sessionId: string, filter?: EntryFilter): Promise<MemoryEntry[]>;
  /**
   * The entry stored under `entryId` (active, compressed or erased), `undefined` when the session
   * has none: e.g. the reply stored under a turn's id, found by a retry of that turn.
   */
  getEntry(sessionId: string, entryId: string): Promise<MemoryEntry | undefined>;
  /** Active interactions, oldest first. */
  getInteractions(sessionId: string): Promise<Interaction[]>;
  /** Kept summaries, oldest first. */
  getSummaries(sessionId: string): Promise<MemorySummary[]>;
  /** Counts and tokens of a session. */
  getStats(sessionId: string): Promise<MemoryStats>;
  /**
   * Run compression now (the manual trigger of the `config` thresholds, or every long-term
   * strategy of the profile); resolves after its own run.
   */
  compress(sessionId: string): Promise<void>;
  /**
   * Resolves when every compression or erasure triggered so far in the session (with no
   * argument: in every session) has settled. Compression runs in the background: an add
   * never waits for it, so read compressed state after `await memory.idle(sessionId)`.
   */
  idle(sessionId?: string): Promise<void>;
  /** Search the whole history, compressed entries and summaries included; best first. */
  recall(sessionId: string, query: string, options?: RecallOptions): Promise<RecallResult[]>;
  /** Every stored entry and summary of a session, as versioned JSON-ready data. */
  exportSession(sessionId: string): Promise<SessionState>;
  /**
   * Replace a session with exported state; validated completely before anything is written.
   * A stored session holding entries added after the export is not replaced (an
   * `ImportConflictError`, nothing changes) unless `options.replace` is true.
   */
  importSession(state: SessionState, options?: ImportOptions): Promise<void>;
  /** Delete a session's entries and summaries. */
  clearSession(sessionId: string): Promise<void>;
  /** Every stored session. */
  listSessions(): Promise<SessionMeta[]>;
  /** Mark an entry pinned (never summarized, erased or dropped by a budget) or unpin it. */
  pin(sessionId: string, entryId: string, pinned?: boolean): Promise<MemoryEntry>;
  /**
   * Storage the origin uses and may use (`navigator.storage.estimate()`), and whether it is
   * persistent; `undefined` where the store or platform cannot tell (the memory store, Node).
   */
  estimateStorage(): Promise<StorageEstimate | undefined>;
  /** Record the provider's prompt token count for the last context, to measure tokenizer drift. */
  reportUsage(sessionId: string, usage: { promptTokens: number; estimatedTokens?: number }): Promise<void>;
  /** Change Memory Manager settings. */
  updateConfig(partial: Partial<MemoryConfig>): Promise<void>;
  /** Use another summarizer from now on. */
  setSummarizeCallback(fn: SummarizeCallback | Summarizer): Promise<void>;
  /**
   * What opening the store found and the durability in effect: `status` is `'restored'` when
   * IndexedDB had lost data that the journal brought back, `'lost'` when data is known gone.
   */
  storageState(): Promise<StorageState>;
  /** A read-only integrity check of a stored session (holes, duplicates, summary links, stats). */
  verify(sessionId: string): Promise<VerifyReport>;
  /**
   * Run a sync round now (needs the `sync` option): push what the server has not acknowledged,
   * pull what other devices wrote; resolves when both are done, rejects when the round failed.
   */
  sync(): Promise<void>;
  /**
   * The facts known about the user (needs `createMemory({ facts })`): current ones, across
   * every session of this memory; with `history: true` the superseded ones too, each with when
   * it stopped holding, its successor and the reason.
   */
  listFacts(options?: ListFactsOptions): Promise<Fact[]>;
  /**
   * State a fact about the user (a form, a settings screen, an app's own knowledge). Extraction
   * never overrides it; a later `setFact` of the same attribute replaces it. Returns the fact.
   */
  setFact(fact: SetFactInput): Promise<Fact>;
  /**
   * Forget a fact and the facts it superseded: gone from `listFacts`, the context and
   * `exportFacts`, on every synced device; what was said before now never makes it a fact
   * again. The turns that stated it stay (erase them to remove them too).
   */
  forgetFact(id: string): Promise<void>;
  /** Every record of the facts log (values forgotten excluded), for `importFacts`. */
  exportFacts(): Promise<FactsExport>;
  /** Add an export's records to this memory's facts (records already here are not added twice). */
  importFacts(state: FactsExport): Promise<void>;
  /** Listen to an event; returns the function that stops listening. */
  on<E extends MemoryEventName>(event: E, handler: MemoryEvents[E]): () => void;
  /** Finish pending work, close the database (and the worker). Later calls fail with `ClosedError`. */
  close(): Promise<void>;
}

/** What the engine itself provides; the hosts add the store-level methods (`createMemory`). */
export type EngineMemory = Omit<Memory, 'storageState' | 'verify' | 'sync'>;

/**
 * The methods of {@link Memory} that read or write sessions and the facts about the user: what a
 * worker runs for the page (with the memory-wide ones) and what a server's per-user handle
 * scopes to one user.
 */
export const SESSION_METHODS = [
  'addUserMessage',
  'addAssistantMessage',
  'addToolCall',
  'addToolResult',
  'addContext',
  'addInteraction',
  'addMessages',
  'getContextForLLM',
  'getActiveEntries',
  'getEntry',
  'getInteractions',
  'getSummaries',
  'getStats',
  'compress',
  'idle',
  'recall',
  'exportSession',
  'importSession',
  'clearSession',
  'listSessions',
  'pin',
  'reportUsage',
  'verify',
  'listFacts',
  'setFact',
  'forgetFact',
  'exportFacts',
  'importFacts',
] as const satisfies readonly (keyof Memory)[];
