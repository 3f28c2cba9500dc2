/**
 * Arithmetic with Python's meaning (floor division, sign of `%`, string and list `+`/`*`),
 * where every result that would make Python raise, or would exceed the size limit, is None.
 * @module
 */
import type { ArithmeticOperator } from './ast.js';
import { MAX_RESULT_LENGTH } from './limits.js';
import { ownData, toNumber } from './values.js';

/** Called when a result is refused for its size (compile-time folding turns it into an error). */
export type LimitHook = (problem: string) => void;

const tooLong = (onLimit: LimitHook | undefined, what: string): null => {
  onLimit?.(`result longer than ${MAX_RESULT_LENGTH} ${what}`);
  return null;
};

/** The elements of an array, own data only. */
function items(array: readonly unknown[]): unknown[] {
  const copy: unknown[] = [];
  for (let i = 0; i < array.length; i++) copy.push(ownData(array, String(i)));
  return copy;
}

/** `sequence * count`: a string or array repeated, refused past the size limit. */
function repeat(sequence: string | readonly unknown[], count: number, onLimit: LimitHook | undefined): unknown {
  if (!Number.isInteger(count)) return null;
  const times = Math.max(0, count);
  if (sequence.length * times > MAX_RESULT_LENGTH) {
    return tooLong(onLimit, typeof sequence === 'string' ? 'characters' : 'items');
  }
  if (typeof sequence === 'string') return sequence.repeat(times);
  const once = items(sequence);
  const result: unknown[] = [];
  for (let i = 0; i < times; i++) for (const item of once) result.push(item);
  return result;
}

function concat(a: unknown, b: unknown, onLimit: LimitHook | undefined): unknown {
  if (typeof a === 'string' && typeof b === 'string') {
    return a.length + b.length > MAX_RESULT_LENGTH ? tooLong(onLimit, 'characters') : a + b;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length + b.length > MAX_RESULT_LENGTH ? tooLong(onLimit, 'items') : [...items(a), ...items(b)];
  }
  return null;
}

/** Python `a <op> b`; None where Python would raise (mixed types, division by zero, overflow). */
export function arithmetic(operator: ArithmeticOperator, a: unknown, b: unknown, onLimit?: LimitHook): unknown {
  const x = toNumber(a);
  const y = toNumber(b);
  if (x === undefined || y === undefined) {
    if (operator === '+') return concat(a, b, onLimit);
    if (operator !== '*') return null;
    if ((typeof a === 'string' || Array.isArray(a)) && y !== undefined) return repeat(a, y, onLimit);
    if ((typeof b === 'string' || Array.isArray(b)) && x !== undefined) return repeat(b, x, onLimit);
    return null;
  }
  switch (operator) {
    case '+':
      return x + y;
    case '-':
      return x - y;
    case '*':
      return x * y;
    case '/':
      return y === 0 ? null : x / y;
    case '//':
      return y === 0 ? null : Math.floor(x / y);
    case '%': {
      if (y === 0) return null;
      const r = x % y;
      return r !== 0 && r < 0 !== y < 0 ? r + y : r;
    }
    case '**': {
      const r = x ** y;
      return Number.isFinite(r) || !Number.isFinite(x) || !Number.isFinite(y) ? r : null;
    }
  }
}

/** Python `-a` / `+a` on a number (or boolean); None otherwise. */
export function unaryArithmetic(operator: '-' | '+', a: unknown): number | null {
  const x = toNumber(a);
  if (x === undefined) return null;
  return operator === '-' ? -x : x;
}
