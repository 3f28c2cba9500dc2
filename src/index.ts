/**
 * RecallKit: long-term conversation memory for LLM chat apps, in the browser and in Node.
 * @module
 */

// Creating a memory
export { createMemory, type MemoryOptions } from './create-memory.js';
export { createWorkerMemory, type WorkerMemoryOptions } from './worker/client.js';
export type {
  Memory,
  ContextFormat,
  ContextOptions,
  ContextMessages,
  ContextFor,
  ToolCallOptions,
  ToolResultOptions,
  AddMessagesOptions,
  ImportOptions,
  EntryFilter,
  AddMessageOptions,
  AddContextOptions,
  StorageEstimate,
} from './memory.js';

// Data shapes
export type {
  MemoryEntry,
  MemoryEntryType,
  EntryRole,
  ToolInfo,
  MemorySummary,
  Interaction,
  StoredInteraction,
  InteractionInput,
  ChatMessage,
  ChatSystemMessage,
  ChatUserMessage,
  ChatAssistantMessage,
  ChatToolMessage,
  ChatToolCall,
  LLMContext,
  MemoryStats,
  TokenDrift,
  SessionState,
  MemoryConfig,
  TokenCounter,
  SummarizeCallback,
  SummarizeInfo,
  Summarizer,
  MemoryEvents,
  MemoryEventName,
  RecallOptions,
  RecallResult,
  RecallScope,
  ContextRecallOptions,
  ContextTruncatedInfo,
  SessionMeta,
  StoredSession,
  StoredSessionHead,
  StoreBatch,
  LoadEntriesOptions,
  StoreAdapter,
} from './types.js';

// Facts about the user: createMemory({ facts }), listFacts / setFact / forgetFact
export type {
  Fact,
  FactOrigin,
  FactStatus,
  FactSource,
  FactsOptions,
  FactExtractMode,
  FactsExport,
  FactRecord,
  StatedFactRecord,
  SetFactRecord,
  ForgetFactRecord,
  ListFactsOptions,
  SetFactInput,
  FactsChange,
  ContextFact,
  ContextFactsDetails,
} from './facts/types.js';

// Errors
export {
  RecallKitError,
  ValidationError,
  ExpressionError,
  SummarizerError,
  StoreError,
  ConflictError,
  QuotaExceededError,
  ImportConflictError,
  ClosedError,
  StorageLostError,
  MissingPackageError,
} from './errors.js';
export type { StoreErrorOptions } from './errors.js';

// Sync with a syncHandler endpoint (recallkit/postgres): createMemory({ sync }), memory.sync()
export { SyncError } from './sync/client/transport.js';
export type { SyncOptions, SyncStatus } from './sync/client/options.js';
export type { SyncRefusal, SyncRefusedOp } from './sync/types.js';

// Durability: the OPFS journal, loss detection, integrity check
export type {
  Durability,
  JournalWrites,
  StorageStatus,
  StorageState,
  VerifyReport,
} from './store/durable/durability-types.js';

// Configuration and profiles
export { DEFAULT_MEMORY_CONFIG } from './core/config.js';
export { SCHEMA_VERSION } from './core/import/import-state.js';
export type {
  MemoryProfile,
  MemoryProfileInput,
  MaxTokensConfig,
  BufferWindowConfig,
  ShortTermConfig,
  TriggerConfig,
  KnowledgeBaseConfig,
  TextSplitterConfig,
  SummarizerConfig,
  NeuralyzerConfig,
  SummaryBufferConfig,
  RollingConfig,
  LongTermConfig,
  HectorMemoryConfig,
} from './strategies/profile/profile-types.js';
export type { PersistenceStrategy } from './strategies/types.js';
// Profile parsing, the strategy registry and plug-in types: recallkit/strategies.

// Recall primitives (indexes, fusion, analysis): recallkit/recall.

// Stores
export { memoryStore } from './store/memory/memory-store.js';
export { indexedDBStore, type IndexedDBStoreOptions } from './store/indexeddb/indexeddb-store.js';
export { requestPersistence, type StorageEstimateResult } from './store/indexeddb/quota.js';

// Tokens: the tokenizer option; counting, tiktoken and calibration are in recallkit/tokens.
export type { TokenizerOption } from './tokens/resolve-tokenizer.js';

// Summarizers
export { heuristicSummarizer, heuristicSummary, type HeuristicSummarizerOptions } from './summarizers/heuristic.js';
export { toSummarizer } from './summarizers/callback.js';
export { fetchSummarizer, type FetchSummarizerOptions } from './summarizers/fetch.js';
export {
  webLLMSummarizer,
  type WebLLMSummarizer,
  type WebLLMSummarizerOptions,
  type WebLLMEngineLike,
  type WebLLMProgress,
} from './summarizers/webllm.js';
export { isWebGPUAvailable } from './summarizers/webgpu.js';
export {
  webLLMEmbedder,
  type WebLLMEmbedder,
  type WebLLMEmbedderOptions,
  type WebLLMEmbeddingEngine,
} from './embedders/webllm.js';
export { summarizeEntries, type SummarizeEntriesOptions, type SummaryText } from './summarizers/summarize-entries.js';
export { extractSummary } from './summarizers/extract-summary.js';
export { findMissingFacts, type MissingFacts } from './summarizers/fact-check.js';
export { DEFAULT_SUMMARY_PROMPT } from './summarizers/prompt.js';

// Message formats: the message shapes of getContextForLLM(s, { format }); the converters and
// registerFormat are in recallkit/formats.
export type { MessageFormat } from './formats/parse-messages.js';
export type {
  AnthropicPrompt,
  AnthropicMessageParam,
  AnthropicContentBlock,
  AnthropicTextBlock,
  AnthropicToolUseBlock,
  AnthropicToolResultBlock,
} from './formats/anthropic-types.js';
export type {
  AISDKMessage,
  AISDKTextPart,
  AISDKToolCallPart,
  AISDKToolResultPart,
  AISDKToolResultOutput,
} from './formats/ai-sdk-types.js';
export type { LangChainMessage, LangChainToolCall } from './formats/langchain-types.js';
