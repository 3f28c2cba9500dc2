/**
 * Arguments that cannot be posted to the worker (a function, a symbol, a DOM node in the
 * metadata…) fail in `postMessage` with a `DataCloneError` before the worker sees them.
 * This turns that into the `ValidationError` the in-thread engine gives for the same value.
 * @module
 */
import { ValidationError } from '../errors.js';
import { checkData } from '../core/checks/validate.js';
import type { RemoteMethod } from './protocol.js';

/** Parameter names, as the in-thread engine names them in its errors. */
const PARAMS: Partial<Record<RemoteMethod, string[]>> = {
  addUserMessage: ['sessionId', 'content', 'metadata', 'options'],
  addAssistantMessage: ['sessionId', 'content', 'metadata', 'options'],
  addToolCall: ['sessionId', 'toolName', 'args', 'options'],
  addToolResult: ['sessionId', 'toolName', 'result', 'options'],
  addContext: ['sessionId', 'content', 'options'],
  addInteraction: ['sessionId', 'interaction'],
  addMessages: ['sessionId', 'messages', 'options'],
  getContextForLLM: ['sessionId', 'options'],
  getActiveEntries: ['sessionId', 'filter'],
  getEntry: ['sessionId', 'entryId'],
  recall: ['sessionId', 'query', 'options'],
  importSession: ['state', 'options'],
  pin: ['sessionId', 'entryId', 'pinned'],
  reportUsage: ['sessionId', 'usage'],
  updateConfig: ['updateConfig'],
};

/** Whether `error` is the structured-clone failure of `postMessage`. */
export function isDataCloneError(error: unknown): boolean {
  return error instanceof Error && error.name === 'DataCloneError';
}

/** The parameter names of `method`, for {@link uncloneableArgument}. */
export function parameterNames(method: RemoteMethod): string[] {
  return PARAMS[method] ?? [];
}

/**
 * The `ValidationError` for the first of `args` that cannot be cloned, `names` naming them
 * (a method's parameters, or the option names of `createWorkerMemory`).
 */
export function uncloneableArgument(
  names: readonly string[],
  args: readonly unknown[],
  cause: unknown,
): ValidationError {
  const index = args.findIndex((arg) => !cloneable(arg));
  const field = names[index] ?? (index >= 0 ? `argument ${index + 1}` : 'arguments');
  if (index >= 0) {
    // The in-thread check names the exact path (`metadata.onClick`) and what was found there.
    try {
      checkData(args[index], field, new Set(), 0);
    } catch (error) {
      if (error instanceof ValidationError) return error;
    }
  }
  return new ValidationError(field, `plain data that can be sent to the worker (${describeCause(cause)})`);
}

/** Whether `value` can be structured-cloned (as `postMessage` would send it). */
export function cloneable(value: unknown): boolean {
  try {
    structuredClone(value);
    return true;
  } catch {
    return false;
  }
}

function describeCause(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
