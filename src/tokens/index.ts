/**
 * `recallkit/tokens`: token counting as RecallKit does it: tiktoken's exact counts loaded lazily, the
 * chat-message framing of OpenAI's rule, and calibration against a provider's reported usage.
 * @example
 * ```ts
 * import { loadTiktoken, countChatMessages } from 'recallkit/tokens';
 * const counter = await loadTiktoken('o200k_base');
 * countChatMessages(counter, [{ role: 'user', content: 'Hello' }]);
 * ```
 * @module
 */
export {
  loadTiktoken,
  preloadTiktoken,
  tiktokenStatus,
  isTiktokenEncoding,
  TIKTOKEN_ENCODINGS,
  type TiktokenEncoding,
  type TiktokenCounter,
  type TiktokenStatus,
} from './tiktoken.js';
export { instantiateTiktoken, loadRanks } from './tiktoken-wasm.js';
export type { TiktokenLite, TiktokenRanks, Pacer, PacedCounter } from './types.js';
export { prepareCounts, createPacer, isPacedCounter, YIELD_SLICE_MS, PACED_FROM } from './count-yielding.js';
export { resolveTokenizer, DEFAULT_ENCODING, type TokenizerOption } from './resolve-tokenizer.js';
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
} from './chat-tokens.js';
export {
  createCalibration,
  recordUsage,
  correctionFactor,
  applyCorrection,
  type CalibrationState,
  type UsageSample,
  type CorrectionOptions,
} from './calibration.js';
