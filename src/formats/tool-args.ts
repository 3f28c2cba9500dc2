/**
 * Tool-call arguments between OpenAI's JSON string and the parsed object the other formats carry.
 * @module
 */

/**
 * The key that carries arguments which are not a JSON object: `{ _raw: '<the string>' }`.
 * Anthropic and LangChain need an object there; the raw string survives the round trip.
 */
export const RAW_ARGS_KEY = '_raw';

/**
 * Parses OpenAI `function.arguments` into the object Anthropic, the AI SDK and LangChain expect.
 * A JSON object is returned as is; an empty string is `{}`; anything else (invalid JSON, or
 * JSON that is not an object) is kept verbatim as `{ _raw: arguments }`.
 * @example parseToolArgs('{"city":"Lisbon"}') // { city: 'Lisbon' }
 */
export function parseToolArgs(args: string): Record<string, unknown> {
  if (args.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(args);
    if (isPlainObject(parsed)) return parsed;
  } catch {
    // not JSON: kept raw below
  }
  return { [RAW_ARGS_KEY]: args };
}

/**
 * The inverse of {@link parseToolArgs}: `{ _raw: string }` gives the raw string back, `undefined`
 * gives `'{}'`, any other value its `JSON.stringify` (so formatting is normalized).
 */
export function stringifyToolArgs(input: unknown): string {
  if (input === undefined) return '{}';
  if (isPlainObject(input)) {
    const keys = Object.keys(input);
    const raw = input[RAW_ARGS_KEY];
    if (keys.length === 1 && keys[0] === RAW_ARGS_KEY && typeof raw === 'string') return raw;
  }
  return JSON.stringify(input) ?? '{}';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
