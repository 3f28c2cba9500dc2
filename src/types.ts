import type { CalibrationState } from './tokens/calibration.js';
import type { StorageState } from './store/durable/durability-types.js';
import type { SyncRefusal, SyncStatus } from './sync/types.js';
import type { ContextFactsDetails, FactsChange } from './facts/types.js';

/**
 * RecallKit's public data shapes. Everything here is plain, structured-cloneable data:
 * the same values cross a Web Worker boundary and a JSON export unchanged.
 * @module
 */

/** The kind of a stored entry. */
export type MemoryEntryType = 'message' | 'tool_call' | 'tool_result' | 'context' | 'summary';

/** The role an entry has: a tool result and added context are `system`. */
export type EntryRole = 'user' | 'assistant' | 'system';

/** Tool details of a `tool_call` or `tool_result` entry. */
export interface ToolInfo {
  /** The tool's name, as the model calls it. */
  name: string;
  /** Pairs a call with its result; generated when the caller gives none. */
  callId: string;
  /** `tool_result` only: the tool failed. */
  isError?: boolean;
}

/** One stored entry of a session: its content, role, tokens, order and tool fields. */
export interface MemoryEntry {
  /** Unique id (string). */
  id: string;
  /** The session it belongs to. */
  sessionId: string;
  /** Position in the session, 0-based, strictly increasing over the session's life. */
  seq: number;
  /**
   * 1-based index of the interaction (human turn) it belongs to; 0 for entries added before
   * the session's first user message.
   */
  interaction: number;
  type: MemoryEntryType;
  role: EntryRole;
  /** Text content. For a `tool_call`, the JSON-encoded arguments. */
  content: string;
  /** ISO 8601 time of addition. */
  timestamp: string;
  /**
   * Tokens this entry adds to a chat request, counted once when it is added: its content, and
   * for tools the name, call id and arguments. Per-message framing is added at assembly.
   */
  tokenCount: number;
  /** Replaced by a summary (or slid out of a rolling window): kept in the store, not in context. */
  compressed: boolean;
  /** The summary that covers this entry, when compressed. */
  summaryId?: string;
  /** Tool name, call id and error flag for `tool_call` / `tool_result` entries. */
  tool?: ToolInfo;
  /** Never summarized, erased by a strategy, or dropped from context by a budget. */
  pinned?: boolean;
  metadata?: Record<string, unknown>;
}

/** A summary that replaced older entries. */
export interface MemorySummary {
  id: string;
  sessionId: string;
  /** Summary text. */
  content: string;
  /** The entries it summarizes. */
  originalEntryIds: string[];
  /** Tokens of `content`. */
  tokenCount: number;
  /** Tokens of the entries it replaced. */
  originalTokenCount: number;
  /** `originalTokenCount / tokenCount`, e.g. 3.5 for 3.5x compression. */
  compressionRatio: number;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601 times of the first and last summarized entry. */
  timeRange: { start: string; end: string };
  /** Rolling strategy: the 1-based interaction indexes it covers. */
  range?: { startIndex: number; endIndex: number };
  /** Id of the strategy that made it (`manager`, `summarizer`, `summary_buffer`, `rolling`). */
  strategy?: string;
  metadata?: Record<string, unknown>;
}

/** One human turn: a user message and everything after it until the next user message. */
export interface Interaction {
  /** 1-based over the session's life; 0 for entries before the first user message. */
  index: number;
  entries: MemoryEntry[];
  /** Sum of the entries' `tokenCount`. */
  tokenCount: number;
}

/** What `addInteraction` stores and returns: `{ userRequest, aiResponse, ts }`. */
export interface StoredInteraction extends Interaction {
  userRequest: unknown;
  aiResponse: unknown;
  /** ISO 8601. */
  ts: string;
}

/** One interaction as `addInteraction` takes it: a user request and the AI's response. */
export interface InteractionInput {
  /** The full request from the user (a string or any JSON value). */
  userRequest: unknown;
  /** The full response from the AI (a string or any JSON value). */
  aiResponse: unknown;
  /** ISO 8601 time; defaults to now. */
  ts?: string;
}

/** An OpenAI chat-completions tool call. */
export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A system message: summaries, the recalled block, added context. */
export interface ChatSystemMessage {
  role: 'system';
  content: string;
  name?: string;
  /** Only assistant messages carry tool calls. */
  tool_calls?: undefined;
  /** Only tool messages answer a call. */
  tool_call_id?: undefined;
}

/** A user message. */
export interface ChatUserMessage {
  role: 'user';
  content: string;
  name?: string;
  /** Only assistant messages carry tool calls. */
  tool_calls?: undefined;
  /** Only tool messages answer a call. */
  tool_call_id?: undefined;
}

/** An assistant message: `content` is `null` when it only calls tools (OpenAI's convention). */
export interface ChatAssistantMessage {
  role: 'assistant';
  content: string | null;
  /** Present only when non-empty. */
  tool_calls?: ChatToolCall[];
  name?: string;
  /** Only tool messages answer a call. */
  tool_call_id?: undefined;
}

/** A tool's result, answering the assistant's call `tool_call_id`. */
export interface ChatToolMessage {
  role: 'tool';
  content: string;
  tool_call_id: string;
  /** The tool's name, when known. */
  name?: string;
  /** Only assistant messages carry tool calls. */
  tool_calls?: undefined;
}

/**
 * A message in the OpenAI chat shape, one type per role with the fields that role allows, so
 * `ChatMessage[]` is assignable to the `openai` SDK's `ChatCompletionMessageParam[]`.
 */
export type ChatMessage = ChatSystemMessage | ChatUserMessage | ChatAssistantMessage | ChatToolMessage;

/** What `getContextForLLM` returns. */
export interface LLMContext<M = ChatMessage> {
  /** The messages to send, summaries first as system messages. */
  messages: M[];
  /** The context as one text: summaries, then the recent conversation. */
  text: string;
  /** Tokens the model receives for `messages` (OpenAI's chat counting, reply priming included). */
  tokenCount: number;
  /** The summaries included, in the order they appear in `messages`. */
  summaries: MemorySummary[];
  /** Anthropic format only: the system text, summaries included. */
  system?: string;
  /**
   * With recall in the context (`contextRecall`, or `recall` per call): the entries placed in
   * the recalled block, best first, each with its score (`entry.sessionId` names its chat).
   */
  recalled?: RecallResult[];
  /**
   * With facts on (`createMemory({ facts })`) and a current fact: which facts the "Known about
   * the user" block holds and why each went in, and which were left out and why.
   */
  facts?: ContextFactsDetails;
}

/** Session statistics: counts and tokens of entries and summaries. */
export interface MemoryStats {
  /** Entries ever added and still stored: `activeEntries + compressedEntries`. */
  totalEntries: number;
  activeEntries: number;
  compressedEntries: number;
  /** Summaries currently kept. */
  summaries: number;
  /** Tokens the memory currently holds: active entries plus kept summaries. */
  totalTokens: number;
  /** Tokens of active entries. */
  activeTokens: number;
  /** Tokens of every stored entry, compressed ones included. */
  storedTokens: number;
  /** Tokens of kept summaries. */
  summaryTokens: number;
  /** Entries removed by `neuralyzer`. */
  erasedEntries: number;
  /** Interactions started over the session's life. */
  interactions: number;
  /** Tokenizer drift measured by `reportUsage` (absent before the first report). */
  drift?: TokenDrift;
}

/** How far RecallKit's counts are from what the provider billed (`reportUsage`). */
export interface TokenDrift {
  /** Reports recorded. */
  samples: number;
  /** Mean of provider / RecallKit counts (1.12 = the provider counts 12% more). */
  meanRatio: number;
  /** The newest report's drift (0.12 = +12%). */
  lastDrift: number;
  /** The largest drift seen. */
  maxDrift: number;
  /** Multiplier applied to budgets when `calibrate` is on (≥ 1; 1 until 3 reports). */
  correctionFactor: number;
}

/** A session as `exportSession` returns it and `importSession` takes it. */
export interface SessionState {
  /** Export format version; absent means the unversioned shape (treated as 1). */
  schemaVersion?: number;
  sessionId: string;
  /** Every stored entry, active and compressed, oldest first. */
  entries: MemoryEntry[];
  summaries: MemorySummary[];
  /** As `getStats().totalTokens`. */
  totalTokens: number;
  /** `seq` the next entry gets (keeps numbering across an erasure); optional on import. */
  nextSeq?: number;
  /** Interactions started over the session's life; optional on import. */
  interactionCount?: number;
  /** Entries removed by `neuralyzer` so far; optional on import. */
  erasedEntries?: number;
}

/** The Memory Manager settings (compression thresholds and what a compression keeps). */
export interface MemoryConfig {
  /** Compress when active entries exceed this (default 100). */
  maxEntries: number;
  /** Compress when active tokens plus summaries exceed this (default 50,000). */
  maxTokens: number;
  /** Newest entries never compressed (default 10). */
  recentWindow: number;
  /** Compress only when at least this many entries are eligible (default 5). */
  minEntriesToCompress: number;
  /** Compress automatically after adds (default true). */
  autoCompress: boolean;
  /** Target summary size as a fraction of the original tokens (default 0.3). */
  compressionRatio: number;
  /** A summarizer call that takes longer fails with a timeout (default 120,000 ms; 0 = none). */
  summarizeTimeoutMs: number;
  /**
   * Summaries kept before the next compression folds them all into one running summary, so
   * the context stays bounded in a long session (default 10).
   */
  maxSummaries: number;
  /**
   * After a failed background compression, the next add does not retry it for this long,
   * doubled after each further failure (default 2,000 ms). `compress()` and
   * `setSummarizeCallback()` do not wait for it.
   */
  compressionRetryMs: number;
  /** The longest wait between two failed background compressions (default 120,000 ms). */
  compressionRetryMaxMs: number;
}

/** Counts tokens of a text. Must be deterministic. */
export interface TokenCounter {
  count(text: string): number;
}

/** Information given to a summarizer with each prompt. */
export interface SummarizeInfo {
  sessionId: string;
  /** 1-based pass number (Chain of Density runs several). */
  pass: number;
  passes: number;
  /** The entries being summarized. */
  entries: MemoryEntry[];
  /** Earlier summaries folded into this one (their text is in the prompt too). */
  folded?: MemorySummary[];
  /** Aborted when the call times out or the engine closes. */
  signal?: AbortSignal;
}

/** A function that turns a prompt into a summary. */
export type SummarizeCallback = (prompt: string, info: SummarizeInfo) => Promise<string>;

/** A summarizer object; accepted wherever a callback is. */
export interface Summarizer {
  summarize: SummarizeCallback;
  /** Optional display name (events, playground). */
  name?: string;
}

/** Events and their listener arguments. */
export interface MemoryEvents {
  'entry:added': (sessionId: string, entry: MemoryEntry) => void;
  /**
   * A compression started in the background; `id` pairs it with its `compressed`,
   * `compression:discarded` or `error`.
   */
  compressing: (sessionId: string, info: { id: string; strategy: string; entryCount: number }) => void;
  compressed: (sessionId: string, result: { id: string; summary: MemorySummary; tokensSaved: number }) => void;
  /** A summary made in the background no longer fitted the session (its entries changed meanwhile) and was dropped. */
  'compression:discarded': (sessionId: string, info: { id: string; strategy: string; reason: string }) => void;
  erased: (sessionId: string, result: { entryIds: string[] }) => void;
  'session:cleared': (sessionId: string) => void;
  /**
   * Another writer (tab, process, or `Memory` on the same store) changed or deleted a session
   * this memory has open; its cached state was dropped, so the next call reads the new state.
   * Never fired for this memory's own writes (also those made before a `clearSession`, whose
   * notice arrives after it); a change heard while a call runs on the session fires when the
   * call ends. Needs a store with `subscribe`.
   */
  change: (sessionId: string) => void;
  /** `info.compressionId` when a compression failed (its `compressing` event carried the same id). */
  error: (sessionId: string, error: Error, info?: { compressionId?: string }) => void;
  /**
   * Opening the store found that IndexedDB had lost this session (or part of it) and restored
   * it from the journal. Like `storage:lost`, heard by listeners added after the open too.
   */
  'storage:restored': (sessionId: string, state: StorageState) => void;
  /** Opening the store found this session's data gone, the journal unable to bring it back (an `error` too). */
  'storage:lost': (sessionId: string, state: StorageState) => void;
  /** A new summary lacks names, numbers or decisions found in what it summarized. */
  'summary:facts-missing': (sessionId: string, info: { summaryId: string; missing: Record<string, string[]> }) => void;
  /**
   * The sync client's state changed (`createMemory({ sync })`): a round started or ended, or the endpoint went
   * unreachable.
   */
  'sync:state': (status: SyncStatus) => void;
  /**
   * A sync round failed (unreachable: retried with backoff; refused, e.g. 401: the error says why). Local data is
   * untouched.
   */
  'sync:error': (error: Error) => void;
  /**
   * A local op could not be synced (the record checks refused it, or the server did): it is set aside and reported
   * once, and never holds back the others. Its data stays on this device.
   */
  'sync:refused': (refusal: SyncRefusal) => void;
  /** The newest user message alone exceeded a context's `maxTokens` and was cut to fit. */
  'context:truncated': (sessionId: string, info: ContextTruncatedInfo) => void;
  /**
   * Facts about the user changed (`createMemory({ facts })`): read from a turn, set, forgotten,
   * imported, or changed by another device or tab. `listFacts()` returns the new state.
   */
  'facts:changed': (change: FactsChange) => void;
}

/** What a `context:truncated` event reports. */
export interface ContextTruncatedInfo {
  /** The user message that was cut (it stays whole in the store). */
  entryId: string;
  /** Its tokens before the cut. */
  originalTokens: number;
  /** Its tokens in the context, marker included. */
  keptTokens: number;
  /** The cap the context was held to. */
  maxTokens: number;
}

/** Where recall searches: this session only (default) or every session of the store. */
export type RecallScope = 'session' | 'all';

/**
 * `createMemory({ contextRecall })`: put what recall finds for the newest user message into
 * every context, as one system message after the summaries.
 */
export interface ContextRecallOptions {
  /** Tokens the recalled block may take (framing included), inside any profile budget. */
  maxTokens: number;
  /** `'session'` (default) or `'all'`: the user's other chats too. */
  scope?: RecallScope;
  /** Recall hits considered for the block (default 40). */
  topK?: number;
}

/** An event name. */
export type MemoryEventName = keyof MemoryEvents;

/** Recall options. */
export interface RecallOptions {
  /** How many results (default 10). */
  topK?: number;
  /** Only these entry types (summaries are type `summary`). */
  types?: MemoryEntryType[];
  /** Search compressed entries too (default true). */
  includeCompressed?: boolean;
  /** `'session'` (default) or `'all'`: every session of the store; `entry.sessionId` tells which. */
  scope?: RecallScope;
}

/** A recall hit. Summaries come back as entries of type `summary` whose id is the summary's. */
export interface RecallResult {
  entry: MemoryEntry;
  score: number;
}

/** Per-session bookkeeping kept by the store beside the records. */
export interface SessionMeta {
  sessionId: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  updatedAt: string;
  /** Bumped by every write: another tab's write is seen as a version change. */
  version: number;
  /** `seq` the next entry gets. */
  nextSeq: number;
  /** Interactions started (user messages) over the session's life. */
  interactionCount: number;
  /** Entries stored (active + compressed). */
  totalEntries: number;
  compressedEntries: number;
  /** Tokens of every stored entry. */
  storedTokens: number;
  /** Tokens of compressed entries. */
  compressedTokens: number;
  /** Entries removed by `neuralyzer`. */
  erasedEntries: number;
  /** Free-form state of strategies (e.g. rolling counters), JSON. */
  strategyState?: Record<string, unknown>;
  /** Provider usage reports (`reportUsage`). */
  calibration?: CalibrationState;
  /** Entries with `seq` below this are in the persisted recall index (absent: none). */
  recallSeq?: number;
  /** Entries with `seq` below this have persisted embeddings (absent: none). */
  vectorSeq?: number;
}

/** What a store returns when a session is opened: only what the engine needs to work on. */
export interface StoredSession {
  meta: SessionMeta;
  /** Entries with `compressed: false`, oldest first. */
  activeEntries: MemoryEntry[];
  /** Kept summaries, oldest first. */
  summaries: MemorySummary[];
}

/**
 * What `StoreAdapter.loadSessionHead` returns: a session's meta, its summaries and its aux
 * values under a prefix, read together (one snapshot), without its entries.
 */
export interface StoredSessionHead {
  meta: SessionMeta;
  /** Kept summaries, oldest first. */
  summaries: MemorySummary[];
  /** The aux values whose key starts with the prefix asked for. */
  aux: Map<string, unknown>;
}

/**
 * One atomic change to a session. A store applies all of it or none of it
 * (one IndexedDB transaction).
 */
export interface StoreBatch {
  /** The session's new bookkeeping (replaces the stored one). */
  meta: SessionMeta;
  /** Delete every record of the session before applying the rest (import, FLUSH). */
  replace?: boolean;
  /** Entries to insert or overwrite, by id. */
  putEntries?: MemoryEntry[];
  deleteEntryIds?: string[];
  /** Summaries to insert or overwrite, by id. */
  putSummaries?: MemorySummary[];
  deleteSummaryIds?: string[];
  /** Auxiliary per-session values by key (e.g. the recall index); `null` deletes. */
  aux?: Record<string, unknown>;
  /**
   * Apply only if the stored meta's `version` is this (0 for a session not stored yet);
   * otherwise reject with `ConflictError` and write nothing. Checked inside the transaction.
   */
  expectVersion?: number;
}

/** Options of `StoreAdapter.loadEntries`. */
export interface LoadEntriesOptions {
  /** Include compressed entries (default true). */
  includeCompressed?: boolean;
  /** Only entries with `seq >= fromSeq`. */
  fromSeq?: number;
  /**
   * At most this many entries (the lowest `seq` first), so a large session is read in pages.
   * Optional for a store: one that returns more is read as one page.
   */
  limit?: number;
}

/**
 * Where sessions live. `memoryStore()` and `indexedDBStore()` implement it; pass your own
 * object to `createMemory({ store })` to keep sessions elsewhere.
 */
export interface StoreAdapter {
  /** A short name: `memory`, `indexeddb`, … */
  readonly kind: string;
  /** The session's meta, active entries and summaries; `undefined` when it does not exist. */
  loadSession(sessionId: string): Promise<StoredSession | undefined>;
  /** Only the meta (cheap): used to notice another tab's writes. */
  loadMeta(sessionId: string): Promise<SessionMeta | undefined>;
  /** Entries of a session, oldest first. */
  loadEntries(sessionId: string, options?: LoadEntriesOptions): Promise<MemoryEntry[]>;
  /** Entries by id (compressed ones included), in the order asked; `undefined` where absent. */
  getEntries(sessionId: string, ids: readonly string[]): Promise<(MemoryEntry | undefined)[]>;
  /** An auxiliary value written through `StoreBatch.aux`. */
  loadAux(sessionId: string, key: string): Promise<unknown>;
  /**
   * Every auxiliary value of a session whose key starts with `prefix`, in one round trip
   * (opening a recall index or a knowledge base reads all its segments at once). Optional:
   * without it the engine calls `loadAux` once per key.
   */
  loadAuxPrefix?(sessionId: string, prefix: string): Promise<Map<string, unknown>>;
  /**
   * The session's meta, summaries and aux values under `auxPrefix`, in one read of one
   * snapshot, without its entries; `undefined` when the session does not exist. Optional: with
   * it, the first recall after a reopen reads the stored recall index and only the entries it
   * returns, instead of loading the session.
   */
  loadSessionHead?(sessionId: string, auxPrefix: string): Promise<StoredSessionHead | undefined>;
  /** Apply a batch atomically. */
  write(sessionId: string, batch: StoreBatch): Promise<void>;
  /** Delete a session and everything it holds, atomically. */
  deleteSession(sessionId: string): Promise<void>;
  /** Every stored session's meta. */
  listSessions(): Promise<SessionMeta[]>;
  /**
   * True for a store that other tabs or processes write too (IndexedDB, PostgreSQL): the
   * engine then checks the stored version before each read, so it sees their writes. Omit it
   * (or false) for a store only this engine writes.
   */
  readonly shared?: boolean;
  /**
   * Hear about writes to a session (by anyone: this engine, another tab, another process).
   * `onChange` gets the session's stored `version` after the change, 0 once it is deleted,
   * and is called asynchronously, after the write is durable. A subscription hears every change
   * made after it began, by anyone, and none of this store's own writes that settled before it
   * began (their notices may still be on the way: the engine, subscribing anew after a
   * `clearSession`, would take them for another writer's). Returns the function that stops
   * listening. Optional: without it, other writers are noticed on the next read (`shared`).
   */
  subscribe?(sessionId: string, onChange: (version: number) => void): () => void;
  /**
   * Run `fn` holding an exclusive lock on the session across tabs (Web Locks), for apps that
   * read-modify-write the store themselves. The engine does not need it.
   */
  lock?<T>(sessionId: string, fn: () => Promise<T>): Promise<T>;
  /** Storage use, where the platform reports it. */
  estimate?(): Promise<{ usage: number; quota: number; persisted: boolean }>;
  close(): Promise<void>;
}
