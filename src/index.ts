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
  ToolCallOptions,
  ToolResultOptions,
  AddMessagesOptions,
  ImportOptions,
  EntryFilter,
  AddMessageOptions,
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
  StoreBatch,
  LoadEntriesOptions,
  StoreAdapter,
} from './types.js';

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
} from './errors.js';

// Sync with a syncHandler endpoint (recallkit/postgres): createMemory({ sync }), memory.sync()
export { SyncError } from './sync/transport.js';
export type { SyncOptions, SyncStatus } from './sync/options.js';

// Durability: the OPFS journal, loss detection, integrity check
export type { Durability, StorageStatus, StorageState, VerifyReport } from './store/durability-types.js';

// Configuration and profiles
export { DEFAULT_MEMORY_CONFIG } from './core/config.js';
export { SCHEMA_VERSION } from './core/import-state.js';
export { parseProfile } from './strategies/profile.js';
export { fromHectorConfig } from './strategies/hector.js';
export { createStrategies, type Strategies, type KnowledgeBaseSetup } from './strategies/registry.js';
export {
  SHORT_TERM_STRATEGY_IDS,
  LONG_TERM_STRATEGY_IDS,
  PERSISTENCE_STRATEGIES,
  KNOWLEDGE_BASE_SEARCH_MODES,
  type MemoryProfile,
  type MemoryProfileInput,
  type MaxTokensConfig,
  type BufferWindowConfig,
  type ShortTermConfig,
  type TriggerConfig,
  type KnowledgeBaseConfig,
  type TextSplitterConfig,
  type SummarizerConfig,
  type NeuralyzerConfig,
  type SummaryBufferConfig,
  type RollingConfig,
  type LongTermConfig,
  type HectorMemoryConfig,
} from './strategies/profile-types.js';
export type {
  LongTermStrategy,
  ShortTermStrategy,
  LongTermPlan,
  SummarizeRequest,
  SessionView,
  TriggerEvent,
  ContextSelection,
  ContextCost,
  PersistenceStrategy,
} from './strategies/types.js';
export { compileCondition, type CompiledCondition, type CompileConditionOptions } from './conditions/compile.js';

// Recall
export {
  createRecallIndex,
  loadRecallIndex,
  type RecallIndex,
  type RecallDoc,
  type RecallIndexOptions,
  type RecallSearchOptions,
  type AuxEntries,
} from './recall/recall-index.js';
export type { SearchHit } from './recall/bm25-index.js';
export { DEFAULT_RANKING, type RankingOptions } from './recall/ranking.js';
export {
  hybridSearch,
  reciprocalRankFusion,
  cosine,
  cosineTopK,
  type Embedder,
  type HybridOptions,
  type HybridResult,
  type FusionOptions,
} from './recall/hybrid.js';
export { createVectorIndex, loadVectorIndex, type VectorIndex, type VectorIndexOptions } from './recall/vector-index.js';
export { analyze } from './recall/analyze.js';
export { splitText, type SplitOptions } from './recall/split-text.js';

// Stores
export { memoryStore } from './store/memory.js';
export { indexedDBStore, type IndexedDBStoreOptions } from './store/indexeddb.js';
export { requestPersistence, type StorageEstimateResult } from './store/indexeddb-quota.js';

// Tokens
export {
  loadTiktoken,
  tiktokenStatus,
  isTiktokenEncoding,
  TIKTOKEN_ENCODINGS,
  type TiktokenEncoding,
  type TiktokenCounter,
  type TiktokenStatus,
} from './tokens/tiktoken.js';
export { resolveTokenizer, DEFAULT_ENCODING, type TokenizerOption } from './tokens/resolve-tokenizer.js';
export {
  countChatMessages,
  entryTokens,
  messageTokens,
  toolCallTokens,
  MESSAGE_FRAMING,
  REPLY_PRIMING,
  NAME_TOKENS,
  TOOL_CALL_TYPE_TOKENS,
  type EntryTokensInput,
} from './tokens/chat-tokens.js';
export {
  createCalibration,
  recordUsage,
  correctionFactor,
  applyCorrection,
  type CalibrationState,
  type UsageSample,
  type CorrectionOptions,
} from './tokens/calibration.js';

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
export { webLLMEmbedder, type WebLLMEmbedder, type WebLLMEmbedderOptions, type WebLLMEmbeddingEngine } from './embedders/webllm.js';
export { summarizeEntries, type SummarizeEntriesOptions, type SummaryText } from './summarizers/summarize-entries.js';
export { extractSummary } from './summarizers/extract-summary.js';
export { findMissingFacts, type MissingFacts } from './summarizers/fact-check.js';
export { DEFAULT_SUMMARY_PROMPT } from './summarizers/prompt.js';

// Message formats
export { toFormat, type FormattedMessages } from './formats/to-format.js';
export { parseMessages, checkFormat, MESSAGE_FORMATS, type MessageFormat } from './formats/parse-messages.js';
export { toAnthropic, type AnthropicExportOptions } from './formats/to-anthropic.js';
export { fromAnthropic } from './formats/from-anthropic.js';
export { toAISDK, toAISDKPrompt, type AISDKPrompt } from './formats/to-ai-sdk.js';
export { fromAISDK } from './formats/from-ai-sdk.js';
export { toLangChain } from './formats/to-langchain.js';
export { fromLangChain } from './formats/from-langchain.js';
export { fromOpenAI } from './formats/from-openai.js';
export { parseToolArgs, stringifyToolArgs, RAW_ARGS_KEY } from './formats/tool-args.js';
export type { ExportOptions, ImportMeta } from './formats/options.js';
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
