/**
 * `recallkit/ai-sdk`: RecallKit in a Vercel AI SDK chat route (v5 and v6, both tested). `useChat` posts its
 * `UIMessage`s, {@link chatTurn} stores the new turn and builds the prompt with recall, and
 * `streamText`'s `onFinish` stores the reply. The `ai` package is not imported.
 * @module
 */
export { chatTurn } from './chat-turn.js';
export type { ChatTurn, ChatTurnOptions, ChatTurnResult, ChatTurnStep } from './chat-turn.js';
export { toAISDKPrompt } from '../formats/to-ai-sdk.js';
export type { AISDKPrompt } from '../formats/to-ai-sdk.js';
export type { AISDKMessage } from '../formats/ai-sdk-types.js';
