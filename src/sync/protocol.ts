/**
 * Sync protocol v1 (docs/sync.md): the operations devices push and pull, the one request and
 * response of a sync round, and the validator of requests. Pure: no DOM, no database.
 * @module
 */
import { ValidationError } from '../errors.js';
import { checkSessionId, isPlainObject } from '../core/checks/validate.js';
import type { MemoryEntry, MemorySummary } from '../types.js';
import { checkSyncEntry, checkSyncSummary, checkId } from './validate-records.js';
import { MAX_OP_IDS, MAX_PUSH_OPS } from './bounds.js';
import { FACTS_LOG_SESSION } from '../core/checks/reserved-ids.js';
import { checkFactsLogOp } from './facts-log-op.js';

export {
  MAX_OP_BYTES,
  MAX_OP_IDS,
  MAX_PUSH_OPS,
  MAX_REQUEST_IDS,
  MAX_SYNC_BODY_BYTES,
  checkRequestBounds,
} from './bounds.js';

/** The protocol version a request and response carry (`v`). */
export const SYNC_PROTOCOL_VERSION = 1;
/** Ops pulled per round when the request gives no `limit`. */
export const DEFAULT_PULL_LIMIT = 500;
/** Largest `limit` a request may ask. */
export const MAX_PULL_LIMIT = 5000;

/** An entry was added (its `seq`/`interaction` are provisional: the server order decides). `opId` is the entry id. */
export interface SyncEntryOp {
  opId: string;
  sessionId: string;
  kind: 'entry';
  entry: MemoryEntry;
}
/**
 * Entries became compressed: covered by `summary`, or slid out of a rolling window (no summary). `opId` is the
 * summary id when there is one.
 */
export interface SyncCompactOp {
  opId: string;
  sessionId: string;
  kind: 'compact';
  summary?: MemorySummary;
  entryIds: string[];
}
/** A rolling window dropped its oldest summary (its entries stay compressed). */
export interface SyncDropSummaryOp {
  opId: string;
  sessionId: string;
  kind: 'drop-summary';
  summaryId: string;
}
/** `neuralyzer`: the entries are erased everywhere (tombstones). */
export interface SyncEraseOp {
  opId: string;
  sessionId: string;
  kind: 'erase';
  entryIds: string[];
}
/** `clearSession`: every entry and summary of the session older (lower seq) than this op goes. */
export interface SyncClearOp {
  opId: string;
  sessionId: string;
  kind: 'clear';
}

/** One operation on a session, as a device pushes it. */
export type SyncOp = SyncEntryOp | SyncCompactOp | SyncDropSummaryOp | SyncEraseOp | SyncClearOp;
/** The kind of an op. */
export type SyncOpKind = SyncOp['kind'];
/** An op as the server returns it: with its server order (`seq`, a decimal string) and the device that pushed it. */
export type ServerOp = SyncOp & { seq: string; deviceId: string };

/** A sync round: push `ops`, then pull what follows `cursor`. */
export interface SyncRequest {
  v: 1;
  /** The pushing device (any stable string it chose). */
  deviceId: string;
  ops: SyncOp[];
  /** The seq of the last op this device pulled (`'0'` at first). */
  cursor: string;
  /** Ops to pull, 1..5000 (default 500). */
  limit?: number;
}

/** What became of one pushed op. */
export interface SyncOpResult {
  opId: string;
  /**
   * `applied`: new, given `seq`. `duplicate`: pushed before, `seq` is the original. `rejected`: not taken (`reason`).
   */
  status: 'applied' | 'duplicate' | 'rejected';
  seq?: string;
  /** Why a `rejected` op was not taken; for a `duplicate` with `differs`, what differed. */
  reason?: string;
  /**
   * Set on a `rejected` op that is malformed (the field that failed the record checks). Such an op is refused alone,
   * never recorded: the others of the request go on.
   */
  field?: string;
  /**
   * `duplicate` only: `true` when this op's content differs from the op stored under its
   * `opId` (the stored one is kept); absent when the retry is identical.
   */
  differs?: boolean;
}

/** The `200` answer to a round. */
export interface SyncResponse {
  v: 1;
  /** One per pushed op, in the request's order. */
  results: SyncOpResult[];
  /** The tenant's ops after the request's cursor, oldest first, at most `limit`. */
  ops: ServerOp[];
  /** The seq of the last op returned (the request's cursor when none). */
  cursor: string;
  /** More ops follow: call again with `cursor`. */
  more: boolean;
}

/** The body of a non-200 answer. `field` names the offending request field on a `400`. */
export interface SyncErrorBody {
  error: string;
  field?: string;
}

const KINDS: readonly SyncOpKind[] = ['entry', 'compact', 'drop-summary', 'erase', 'clear'];
/** A seq or cursor: a decimal bigint in PostgreSQL's range. */
const SEQ = /^(0|[1-9][0-9]{0,18})$/;
const MAX_BIGINT = 9223372036854775807n;

/** True for a decimal string that is a valid seq or cursor (0 to 2^63-1). */
export function isSeq(value: unknown): value is string {
  return typeof value === 'string' && SEQ.test(value) && BigInt(value) <= MAX_BIGINT;
}

/** An op of a request refused by the record checks: its place in `ops` and the result answered for it. */
export interface RefusedOp {
  index: number;
  result: SyncOpResult & { status: 'rejected'; reason: string; field: string };
}

/** A request read leniently: its well-formed ops, and the malformed ones refused one by one. */
export interface ReadRequest {
  /** The request with its well-formed ops only, in order. */
  request: SyncRequest;
  refused: RefusedOp[];
}

/**
 * Validate a parsed request body as the server does: a bad envelope (`v`, `deviceId`, `cursor`,
 * `limit`, `ops` not an array or too many) throws a `ValidationError`; a malformed op is refused
 * alone (with its field and reason), so one bad record never holds back the others.
 * @example
 * const { request, refused } = readSyncRequest(JSON.parse(body));
 */
export function readSyncRequest(json: unknown): ReadRequest {
  const request = parseEnvelope(json);
  const ops = (json as { ops: unknown[] }).ops;
  const refused: RefusedOp[] = [];
  ops.forEach((raw, index) => {
    try {
      request.ops.push(parseSyncOp(raw, `ops[${index}]`));
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const opId = (raw as { opId?: unknown } | null)?.opId;
      refused.push({
        index,
        result: {
          opId: typeof opId === 'string' ? opId.slice(0, 512) : '',
          status: 'rejected',
          reason: `invalid op: ${error.message}`,
          field: error.field,
        },
      });
    }
  });
  return { request, refused };
}

/**
 * Validate a parsed request body strictly: throws a `ValidationError` naming the first bad field
 * and what was expected (`ops[3].entry.role: expected one of 'user', 'assistant', 'system'`).
 * @example
 * const request = parseSyncRequest(JSON.parse(body));
 */
export function parseSyncRequest(json: unknown): SyncRequest {
  const request = parseEnvelope(json);
  request.ops = (json as { ops: unknown[] }).ops.map((op, i) => parseSyncOp(op, `ops[${i}]`));
  return request;
}

/** The request's own fields, with `ops` left empty (the caller validates them). */
function parseEnvelope(json: unknown): SyncRequest {
  if (!isPlainObject(json))
    throw new ValidationError('body', 'a JSON object { v, deviceId, ops, cursor, limit? }', json);
  if (json.v !== SYNC_PROTOCOL_VERSION)
    throw new ValidationError('v', `${SYNC_PROTOCOL_VERSION} (the sync protocol version)`, json.v);
  const deviceId = checkId(json.deviceId, 'deviceId');
  if (!isSeq(json.cursor)) throw new ValidationError('cursor', "a decimal seq string ('0' at first)", json.cursor);
  const request: SyncRequest = { v: 1, deviceId, ops: [], cursor: json.cursor };
  if (json.limit !== undefined) {
    const { limit } = json;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_PULL_LIMIT) {
      throw new ValidationError('limit', `an integer from 1 to ${MAX_PULL_LIMIT}`, limit);
    }
    request.limit = limit;
  }
  if (!Array.isArray(json.ops)) throw new ValidationError('ops', 'an array of ops', json.ops);
  if (json.ops.length > MAX_PUSH_OPS)
    throw new ValidationError('ops', `at most ${MAX_PUSH_OPS} ops per request`, json.ops);
  return request;
}

/**
 * Validate one op (`field` names it in errors): the one check of a record that travels, run by the
 * client before it pushes and by the server on what it is pushed.
 */
export function parseSyncOp(raw: unknown, field: string): SyncOp {
  if (!isPlainObject(raw)) throw new ValidationError(field, 'an op object { opId, sessionId, kind, … }', raw);
  const opId = checkId(raw.opId, `${field}.opId`);
  // The facts log is the one reserved session that travels (its records are checked below).
  const sessionId =
    raw.sessionId === FACTS_LOG_SESSION ? FACTS_LOG_SESSION : checkSessionId(raw.sessionId, `${field}.sessionId`);
  const kind = raw.kind as SyncOpKind;
  if (!KINDS.includes(kind))
    throw new ValidationError(`${field}.kind`, `one of ${KINDS.map((k) => `'${k}'`).join(', ')}`, raw.kind);
  if (sessionId === FACTS_LOG_SESSION) checkFactsLogOp(raw, field);
  switch (kind) {
    case 'entry': {
      const entry = checkSyncEntry(raw.entry, `${field}.entry`, sessionId);
      if (entry.id !== opId)
        throw new ValidationError(`${field}.opId`, 'the entry id (an entry op is known by its entry)', opId);
      return { opId, sessionId, kind, entry };
    }
    case 'compact': {
      const op: SyncCompactOp = { opId, sessionId, kind, entryIds: idList(raw.entryIds, `${field}.entryIds`) };
      if (raw.summary !== undefined) {
        op.summary = checkSyncSummary(raw.summary, `${field}.summary`, sessionId);
        if (op.summary.originalEntryIds.length > MAX_OP_IDS)
          throw new ValidationError(
            `${field}.summary.originalEntryIds`,
            `at most ${MAX_OP_IDS} entry ids`,
            op.summary.originalEntryIds,
          );
        if (op.summary.id !== opId)
          throw new ValidationError(
            `${field}.opId`,
            'the summary id (a compact op with a summary is known by it)',
            opId,
          );
      }
      return op;
    }
    case 'drop-summary':
      return { opId, sessionId, kind, summaryId: checkId(raw.summaryId, `${field}.summaryId`) };
    case 'erase':
      return { opId, sessionId, kind, entryIds: idList(raw.entryIds, `${field}.entryIds`) };
    case 'clear':
      return { opId, sessionId, kind };
  }
}

/** A non-empty array of distinct ids. */
function idList(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_OP_IDS)
    throw new ValidationError(field, `a non-empty array of at most ${MAX_OP_IDS} entry ids`, value);
  const seen = new Set<string>();
  return value.map((id, i) => {
    const checked = checkId(id, `${field}[${i}]`);
    if (seen.has(checked)) throw new ValidationError(`${field}[${i}]`, 'an id not already listed', checked);
    seen.add(checked);
    return checked;
  });
}
