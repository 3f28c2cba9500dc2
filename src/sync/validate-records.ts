/**
 * Checks of the entries and summaries that travel in sync ops: every field of `MemoryEntry`
 * and `MemorySummary`, so what the server stores and other devices pull is well-formed.
 * @module
 */
import { ValidationError } from '../errors.js';
import { checkMetadata, isPlainObject } from '../core/checks/validate.js';
import { bool, num, oneOf } from '../core/checks/field-checks.js';
import { checkCount, checkId, MAX_ID_LENGTH } from '../core/checks/record-bounds.js';
import type { MemoryEntry, MemoryEntryType, EntryRole, MemorySummary } from '../types.js';
import { checkSyncContent } from './content-bound.js';
import { checkIsoTimestamp } from '../core/checks/iso-timestamp.js';

export { checkId, MAX_ID_LENGTH };

const TYPES: readonly MemoryEntryType[] = ['message', 'tool_call', 'tool_result', 'context'];
const ROLES: readonly EntryRole[] = ['user', 'assistant', 'system'];

/** A `MemoryEntry` of session `sessionId`. */
export function checkSyncEntry(raw: unknown, f: string, sessionId: string): MemoryEntry {
  if (!isPlainObject(raw)) throw new ValidationError(f, 'an entry object', raw);
  if (raw.sessionId !== sessionId)
    throw new ValidationError(`${f}.sessionId`, `the op's sessionId ${JSON.stringify(sessionId)}`, raw.sessionId);
  const entry: MemoryEntry = {
    id: checkId(raw.id, `${f}.id`),
    sessionId,
    seq: checkCount(raw.seq, `${f}.seq`),
    interaction: checkCount(raw.interaction, `${f}.interaction`),
    type: oneOf(raw.type, TYPES, `${f}.type`),
    role: oneOf(raw.role, ROLES, `${f}.role`),
    content: checkSyncContent(raw.content, `${f}.content`),
    timestamp: time(raw.timestamp, `${f}.timestamp`),
    tokenCount: checkCount(raw.tokenCount, `${f}.tokenCount`),
    compressed: bool(raw.compressed, `${f}.compressed`),
  };
  if (raw.summaryId !== undefined) entry.summaryId = checkId(raw.summaryId, `${f}.summaryId`);
  if (raw.pinned !== undefined) entry.pinned = bool(raw.pinned, `${f}.pinned`);
  if (raw.tool !== undefined) {
    const t = raw.tool;
    if (!isPlainObject(t)) throw new ValidationError(`${f}.tool`, 'an object { name, callId, isError? }', t);
    entry.tool = { name: checkId(t.name, `${f}.tool.name`), callId: checkId(t.callId, `${f}.tool.callId`) };
    if (t.isError !== undefined) entry.tool.isError = bool(t.isError, `${f}.tool.isError`);
  }
  if (raw.metadata !== undefined) entry.metadata = data(raw.metadata, `${f}.metadata`);
  return entry;
}

/** A `MemorySummary` of session `sessionId`. */
export function checkSyncSummary(raw: unknown, f: string, sessionId: string): MemorySummary {
  if (!isPlainObject(raw)) throw new ValidationError(f, 'a summary object', raw);
  if (raw.sessionId !== sessionId)
    throw new ValidationError(`${f}.sessionId`, `the op's sessionId ${JSON.stringify(sessionId)}`, raw.sessionId);
  if (!Array.isArray(raw.originalEntryIds))
    throw new ValidationError(`${f}.originalEntryIds`, 'an array of entry ids', raw.originalEntryIds);
  const tr = raw.timeRange;
  if (!isPlainObject(tr)) throw new ValidationError(`${f}.timeRange`, 'an object { start, end }', tr);
  const summary: MemorySummary = {
    id: checkId(raw.id, `${f}.id`),
    sessionId,
    content: checkSyncContent(raw.content, `${f}.content`),
    originalEntryIds: raw.originalEntryIds.map((id, i) => checkId(id, `${f}.originalEntryIds[${i}]`)),
    tokenCount: checkCount(raw.tokenCount, `${f}.tokenCount`),
    originalTokenCount: checkCount(raw.originalTokenCount, `${f}.originalTokenCount`),
    compressionRatio: num(raw.compressionRatio, `${f}.compressionRatio`),
    createdAt: time(raw.createdAt, `${f}.createdAt`),
    timeRange: { start: time(tr.start, `${f}.timeRange.start`), end: time(tr.end, `${f}.timeRange.end`) },
  };
  if (raw.range !== undefined) {
    const r = raw.range;
    if (!isPlainObject(r)) throw new ValidationError(`${f}.range`, 'an object { startIndex, endIndex }', r);
    summary.range = {
      startIndex: checkCount(r.startIndex, `${f}.range.startIndex`),
      endIndex: checkCount(r.endIndex, `${f}.range.endIndex`),
    };
  }
  if (raw.strategy !== undefined) summary.strategy = checkId(raw.strategy, `${f}.strategy`);
  if (raw.metadata !== undefined) summary.metadata = data(raw.metadata, `${f}.metadata`);
  return summary;
}

/** Metadata within the engine's bounds at the default `maxContentLength` (`checkMetadata`). */
function data(value: unknown, field: string): Record<string, unknown> {
  return checkMetadata(value, field) as Record<string, unknown>;
}
/** A strict ISO 8601 instant (the engine's own rule), kept as it was written. */
function time(v: unknown, field: string): string {
  if (typeof v !== 'string') throw new ValidationError(field, 'an ISO 8601 date string', v);
  checkIsoTimestamp(v, field);
  return v;
}
