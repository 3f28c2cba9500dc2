/**
 * Python's `str()` of condition values, bounded: never calls a value's own `toString`, and gives
 * up (None) past {@link MAX_RESULT_LENGTH} characters or the structure budget.
 * @module
 */
import { MAX_RESULT_LENGTH, MAX_VALUE_DEPTH } from './limits.js';
import { isPlainObject, ownData, spend, type Budget } from './values.js';

/** Python's spelling of a number (`inf`, `nan`, `1e-07`); integers print without `.0`. */
export function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  return String(value).replace(/e([+-])(\d)$/, 'e$10$2');
}

/** Python `str(value)`; None (`null`) when the value has no safe text or the text is too long. */
export function pyStr(value: unknown, budget: Budget): string | null {
  if (typeof value === 'string') return value;
  const parts: string[] = [];
  const state = { length: 0 };
  return write(value, parts, state, budget, 0) ? parts.join('') : null;
}

function push(text: string, parts: string[], state: { length: number }): boolean {
  state.length += text.length;
  parts.push(text);
  return state.length <= MAX_RESULT_LENGTH;
}

/** Python's `repr` of a string: single quotes unless it holds one and no double quote. */
function quote(text: string): string {
  const q = text.includes("'") && !text.includes('"') ? '"' : "'";
  const body = text.replace(/[\\\n\r\t]/g, (c) => ({ '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' })[c] ?? c);
  return q + (q === "'" ? body.replaceAll("'", "\\'") : body) + q;
}

function write(value: unknown, parts: string[], state: { length: number }, budget: Budget, depth: number): boolean {
  if (value === null || value === undefined) return push('None', parts, state);
  if (typeof value === 'boolean') return push(value ? 'True' : 'False', parts, state);
  if (typeof value === 'number') return push(formatNumber(value), parts, state);
  if (typeof value === 'string') return push(depth === 0 ? value : quote(value), parts, state);
  if (depth >= MAX_VALUE_DEPTH || !spend(budget, 1)) return false;
  if (Array.isArray(value)) {
    if (!push('[', parts, state)) return false;
    for (let i = 0; i < value.length; i++) {
      if (i > 0 && !push(', ', parts, state)) return false;
      if (!write(ownData(value, String(i)), parts, state, budget, depth + 1)) return false;
    }
    return push(']', parts, state);
  }
  if (!isPlainObject(value)) return false;
  if (!push('{', parts, state)) return false;
  let first = true;
  for (const key of Object.keys(value)) {
    if (!first && !push(', ', parts, state)) return false;
    first = false;
    if (!push(`${quote(key)}: `, parts, state)) return false;
    if (!write(ownData(value, key), parts, state, budget, depth + 1)) return false;
  }
  return push('}', parts, state);
}
