/**
 * The bounds of one sync request, shared by the client (which splits its outbox to keep within
 * them) and the server (which refuses a request past them with `413` before doing any work).
 * They keep the work of one request, and the time it holds a tenant's lock, small.
 * @module
 */
import { MAX_ID_LENGTH } from '../core/checks/record-bounds.js';

/** Most ops one request may push (more: `413`). */
export const MAX_PUSH_OPS = 1000;
/** Largest request body in UTF-8 bytes (more: `413`, refused before the body is parsed). */
export const MAX_SYNC_BODY_BYTES = 4 * 1024 * 1024;
/** Most entry ids one op may list (`compact`, `erase`, a summary's `originalEntryIds`; more: `413`). */
export const MAX_OP_IDS = 5000;
/** Most entry ids all the ops of one request may list together (more: `413`). */
export const MAX_REQUEST_IDS = 20_000;
/** Room kept in a body for the request's own fields (`deviceId`, `cursor`, …). */
const ENVELOPE_BYTES = 2 * MAX_ID_LENGTH + 512;
/** Largest op (its JSON in UTF-8 bytes) a request can carry: a bigger one can never be pushed. */
export const MAX_OP_BYTES = MAX_SYNC_BODY_BYTES - ENVELOPE_BYTES;

/** The UTF-8 size of a string, in bytes (without encoding it). */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      // A surrogate pair: 4 bytes for 2 code units.
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 2;
        i++;
      } else bytes += 2;
    } else bytes += 2;
  }
  return bytes;
}

/** How many entry ids an op lists (what counts toward {@link MAX_OP_IDS} and {@link MAX_REQUEST_IDS}). */
export function opIdCount(op: unknown): number {
  if (op === null || typeof op !== 'object') return 0;
  const o = op as { entryIds?: unknown; summary?: { originalEntryIds?: unknown } };
  const listed = Array.isArray(o.entryIds) ? o.entryIds.length : 0;
  const original = Array.isArray(o.summary?.originalEntryIds) ? o.summary.originalEntryIds.length : 0;
  return Math.max(listed, original);
}

/** A request over a bound: the field and what was expected (answered `413`). */
export interface BoundExceeded {
  field: string;
  message: string;
}

/**
 * Check the bounds of a parsed body before any op is validated: the number of ops, the ids each
 * lists and all of them together. Returns the first bound exceeded, or undefined.
 */
export function checkRequestBounds(json: unknown): BoundExceeded | undefined {
  const ops = (json as { ops?: unknown } | null)?.ops;
  if (!Array.isArray(ops)) return undefined;
  if (ops.length > MAX_PUSH_OPS)
    return { field: 'ops', message: `ops: expected at most ${MAX_PUSH_OPS} ops per request, received ${ops.length}` };
  let total = 0;
  for (let i = 0; i < ops.length; i++) {
    const n = opIdCount(ops[i]);
    if (n > MAX_OP_IDS)
      return {
        field: `ops[${i}]`,
        message: `ops[${i}]: expected at most ${MAX_OP_IDS} entry ids in one op, received ${n}`,
      };
    total += n;
    if (total > MAX_REQUEST_IDS)
      return {
        field: 'ops',
        message: `ops: expected at most ${MAX_REQUEST_IDS} entry ids in one request (split the ops over several)`,
      };
  }
  return undefined;
}
