/**
 * What a driver threw, as one readable line for a `StoreError`'s message: node-postgres errors
 * carry a message and a SQLSTATE or errno code, Node's connect errors can be an
 * `AggregateError` with an empty message (one error per address tried), and PGlite's file
 * system throws `ErrnoError` objects with no message at all. `String(error)` of the last two
 * says nothing (`[object Object]`); this says what happened, causes included, secrets replaced.
 * @module
 */
import { redact } from './redact.js';

/** The longest text kept of one error's description (a driver may quote a whole statement). */
const MAX_TEXT = 600;
/** Causes followed at most (a chain can be long, or a cycle). */
const MAX_DEPTH = 4;

/**
 * One line saying what `error` is: its name (unless plain `Error`), message and code, then its
 * causes (`…; caused by …`) and, for an `AggregateError`, each of its errors. Every secret of
 * `secrets` is replaced by `***`.
 * @example
 * errorText(Object.assign(new AggregateError([refused4, refused6], ''), { code: 'ECONNREFUSED' }));
 * // 'AggregateError (ECONNREFUSED): connect ECONNREFUSED 127.0.0.1:5432; connect ECONNREFUSED ::1:5432'
 */
export function errorText(error: unknown, secrets: readonly string[] = []): string {
  const seen = new Set<unknown>();
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && current !== undefined && current !== null; depth++) {
    if (seen.has(current)) break;
    seen.add(current);
    parts.push(describeOne(current));
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
  const text = parts.filter((p, i) => p && p !== parts[i - 1]).join('; caused by ') || 'an unknown error';
  return redact(text, secrets);
}

/** One error, without its cause. */
function describeOne(error: unknown): string {
  if (typeof error === 'string') return clip(error);
  if (typeof error !== 'object' || error === null) return clip(String(error));
  const e = error as { name?: unknown; message?: unknown; code?: unknown; errno?: unknown; errors?: unknown };
  // node-postgres names its errors 'error'.
  const name = typeof e.name === 'string' && e.name.toLowerCase() !== 'error' ? e.name : '';
  const message = typeof e.message === 'string' ? e.message.trim() : '';
  const code = typeof e.code === 'string' || typeof e.code === 'number' ? String(e.code) : '';
  const errno = !code && (typeof e.errno === 'number' || typeof e.errno === 'string') ? `errno ${e.errno}` : '';
  const tag = [code, errno].filter(Boolean).join(', ');
  let text = name && message ? `${name}: ${message}` : name || message;
  // The code after what it codes (`… is starting up (57P03)`), unless the message says it already.
  if (tag && !message.includes(tag)) text = text ? `${text} (${tag})` : tag;
  // An AggregateError's message may be empty: its errors say what happened.
  if (Array.isArray(e.errors) && e.errors.length > 0) {
    const inner = e.errors.slice(0, 4).map(describeOne).filter(Boolean);
    if (inner.length) text = text ? `${text}: ${inner.join('; ')}` : inner.join('; ');
  }
  if (!text) text = ownFields(error);
  return clip(text);
}

/** A plain object's own fields, as JSON (what little it says). */
function ownFields(value: object): string {
  try {
    const json = JSON.stringify(value);
    if (json && json !== '{}') return json;
  } catch {
    // A cycle or a BigInt: said below.
  }
  return 'an object with no message';
}

const clip = (text: string): string => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);
