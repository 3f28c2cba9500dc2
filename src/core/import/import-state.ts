import type { MemoryEntry, MemorySummary, SessionMeta, StoreBatch, TokenCounter } from '../../types.js';
import { ValidationError } from '../../errors.js';
import { checkMetadata, checkSessionId, checkTimestamp, isPlainObject } from '../checks/validate.js';
import { bool, checkContentLength, DEFAULT_MAX_CONTENT_LENGTH, oneOf } from '../checks/field-checks.js';
import { countDraft } from '../make-entry.js';
import { newMeta } from '../session/session.js';
import { checkStateLinks } from './import-links.js';
import { checkCount, checkId, MAX_ID_LENGTH } from '../checks/record-bounds.js';
import { COST, createSlicer, type Slicer } from '../../slices/slicer.js';

/** The export format version this build writes. */
export const SCHEMA_VERSION = 1;

const TYPES = ['message', 'tool_call', 'tool_result', 'context'] as const;
const ROLES = ['user', 'assistant', 'system'] as const;

/** A validated session state, entries renumbered and recounted with this engine's tokenizer. */
export interface ParsedState {
  sessionId: string;
  entries: MemoryEntry[];
  summaries: MemorySummary[];
  nextSeq: number;
  interactionCount: number;
  erasedEntries: number;
}

/**
 * Validate a whole `SessionState` before anything is written, in slices of work: every field is
 * checked and the first problem is refused with its path (`state.entries[3].content`). Accepts
 * the unversioned shape (Date objects or ISO strings; seq/interaction optional) and
 * `schemaVersion` 1. Token counts are left at 0: {@link countParsedState} recomputes them with
 * this engine's tokenizer, so an export from another tokenizer imports exactly.
 */
export async function parseSessionState(
  state: unknown,
  now: () => Date,
  maxContentLength = DEFAULT_MAX_CONTENT_LENGTH,
  slicer: Slicer = createSlicer(),
): Promise<ParsedState> {
  if (!isPlainObject(state)) throw new ValidationError('state', 'an object { sessionId, entries, summaries }', state);
  const version = state.schemaVersion ?? 1;
  if (version !== SCHEMA_VERSION) {
    throw new ValidationError(
      'state.schemaVersion',
      `${SCHEMA_VERSION} (or absent); this state comes from a newer RecallKit`,
      version,
    );
  }
  const sessionId = checkSessionId(state.sessionId, 'state.sessionId');
  if (!Array.isArray(state.entries)) throw new ValidationError('state.entries', 'an array of entries', state.entries);
  const summariesIn = state.summaries ?? [];
  if (!Array.isArray(summariesIn)) throw new ValidationError('state.summaries', 'an array of summaries', summariesIn);
  if (state.totalTokens !== undefined && (typeof state.totalTokens !== 'number' || state.totalTokens < 0)) {
    throw new ValidationError('state.totalTokens', 'a number >= 0', state.totalTokens);
  }

  const ids = new Set<string>();
  let interaction = 0;
  const numbered = keepsNumbering(state.entries);
  const openCalls: MemoryEntry[] = [];
  const entries: MemoryEntry[] = [];
  const rawEntries: unknown[] = state.entries;
  for (let i = 0; i < rawEntries.length; i++) {
    entries.push(parseEntry(rawEntries[i], i));
    const content = (rawEntries[i] as { content: string }).content;
    if (slicer.spend(COST.item * 4 + content.length)) await slicer.pause();
  }

  function parseEntry(raw: unknown, i: number): MemoryEntry {
    const f = `state.entries[${i}]`;
    if (!isPlainObject(raw)) throw new ValidationError(f, 'an entry object', raw);
    const id = checkId(raw.id, `${f}.id`);
    if (ids.has(id)) throw new ValidationError(`${f}.id`, 'an id not used by another entry', id);
    ids.add(id);
    const type = oneOf(raw.type, TYPES, `${f}.type`);
    const role = oneOf(raw.role, ROLES, `${f}.role`);
    if (typeof raw.content !== 'string') throw new ValidationError(`${f}.content`, 'a string', raw.content);
    checkContentLength(raw.content, `${f}.content`, maxContentLength);
    const e: MemoryEntry = {
      id,
      sessionId,
      seq: i,
      interaction: 0,
      type,
      role,
      content: raw.content,
      timestamp: checkTimestamp(raw.timestamp, `${f}.timestamp`, now),
      tokenCount: 0,
      compressed: bool(raw.compressed ?? false, `${f}.compressed`),
    };
    if (type === 'message' && role === 'user') interaction += 1;
    e.interaction = interaction;
    if (numbered) {
      // A RecallKit export: keep its numbering, which an erasure or a compression left with gaps.
      e.seq = checkCount(raw.seq, `${f}.seq`);
      e.interaction = checkCount(raw.interaction, `${f}.interaction`);
    }
    if (raw.summaryId !== undefined) e.summaryId = checkId(raw.summaryId, `${f}.summaryId`);
    if (raw.pinned !== undefined && bool(raw.pinned, `${f}.pinned`)) e.pinned = true;
    if (raw.tool !== undefined) {
      const t = raw.tool;
      if (!isPlainObject(t)) throw new ValidationError(`${f}.tool`, 'an object { name, callId, isError? }', t);
      e.tool = { name: checkId(t.name, `${f}.tool.name`), callId: checkId(t.callId, `${f}.tool.callId`) };
      if (t.isError !== undefined) e.tool.isError = bool(t.isError, `${f}.tool.isError`);
    } else if (type === 'tool_call' || type === 'tool_result') {
      // The unversioned shape: the tool named in metadata, calls and results paired by order.
      const name = (raw.metadata as Record<string, unknown> | undefined)?.toolName;
      e.tool = {
        name: typeof name === 'string' && name ? checkId(name, `${f}.metadata.toolName`) : 'tool',
        // Within the id bound (a long entry id: its position keeps the call id unique).
        callId: id.length <= MAX_ID_LENGTH - 5 ? `call_${id}` : `call_${i}~${id.slice(0, 400)}`,
      };
      if (type === 'tool_result') {
        const k = openCalls.findLastIndex((c) => c.tool!.name === e.tool!.name);
        if (k >= 0) e.tool.callId = openCalls.splice(k, 1)[0]!.tool!.callId;
        const isError = (raw.metadata as Record<string, unknown> | undefined)?.isError;
        if (typeof isError === 'boolean') e.tool.isError = isError;
      }
    }
    if (type === 'tool_call') openCalls.push(e);
    if (type === 'tool_result') {
      const k = openCalls.findIndex((c) => c.tool!.callId === e.tool!.callId);
      if (k >= 0) openCalls.splice(k, 1);
    }
    if (raw.metadata !== undefined) e.metadata = checkMetadata(raw.metadata, `${f}.metadata`, maxContentLength)!;
    return e;
  }

  const summaryIds = new Set<string>();
  const summaries: MemorySummary[] = [];
  for (let i = 0; i < summariesIn.length; i++) {
    summaries.push(parseSummary(summariesIn[i], i));
    if (slicer.spend(COST.item * 4 + (summariesIn[i] as { content: string }).content.length)) await slicer.pause();
  }

  function parseSummary(raw: unknown, i: number): MemorySummary {
    const f = `state.summaries[${i}]`;
    if (!isPlainObject(raw)) throw new ValidationError(f, 'a summary object', raw);
    const id = checkId(raw.id, `${f}.id`);
    if (summaryIds.has(id)) throw new ValidationError(`${f}.id`, 'an id not used by another summary', id);
    summaryIds.add(id);
    if (typeof raw.content !== 'string') throw new ValidationError(`${f}.content`, 'a string', raw.content);
    checkContentLength(raw.content, `${f}.content`, maxContentLength);
    if (!Array.isArray(raw.originalEntryIds) || raw.originalEntryIds.some((x) => typeof x !== 'string')) {
      throw new ValidationError(`${f}.originalEntryIds`, 'an array of entry id strings', raw.originalEntryIds);
    }
    raw.originalEntryIds.forEach((x, k) => checkId(x, `${f}.originalEntryIds[${k}]`));
    const tokenCount = 0; // counted by countParsedState
    const original = checkCount(raw.originalTokenCount ?? 0, `${f}.originalTokenCount`);
    const tr = isPlainObject(raw.timeRange) ? raw.timeRange : {};
    const createdAt = checkTimestamp(raw.createdAt, `${f}.createdAt`, now);
    const s: MemorySummary = {
      id,
      sessionId,
      content: raw.content,
      originalEntryIds: raw.originalEntryIds as string[],
      tokenCount,
      originalTokenCount: original,
      compressionRatio: tokenCount > 0 ? Math.round((original / tokenCount) * 100) / 100 : original,
      createdAt,
      timeRange: {
        start: checkTimestamp(tr.start ?? createdAt, `${f}.timeRange.start`, now),
        end: checkTimestamp(tr.end ?? createdAt, `${f}.timeRange.end`, now),
      },
    };
    if (isPlainObject(raw.range))
      s.range = {
        startIndex: checkCount(raw.range.startIndex, `${f}.range.startIndex`),
        endIndex: checkCount(raw.range.endIndex, `${f}.range.endIndex`),
      };
    if (raw.strategy !== undefined) s.strategy = checkId(raw.strategy, `${f}.strategy`);
    if (raw.metadata !== undefined) s.metadata = checkMetadata(raw.metadata, `${f}.metadata`, maxContentLength)!;
    return s;
  }
  // The checks across the whole state below are passes of a few milliseconds each over 100,000
  // entries: they start a slice of their own, not the end of the last one.
  await slicer.pause();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.summaryId !== undefined && !e.compressed) {
      throw new ValidationError(
        `state.entries[${i}].compressed`,
        'true for an entry linked to a summary',
        e.compressed,
      );
    }
  }
  const counters = lifeCounters(state, entries);
  checkStateLinks(entries, summaries, counters.erasedEntries);
  return { sessionId, entries, summaries, ...counters };
}

/** The texts whose tokens {@link countParsedState} counts, collected in slices of work. */
export async function parsedTexts(p: ParsedState, slicer: Slicer): Promise<string[]> {
  const texts: string[] = [];
  const collect = { count: (text: string) => (texts.push(text), 0) };
  for (const e of p.entries) {
    countDraft(e as Parameters<typeof countDraft>[0], collect);
    if (slicer.spend(COST.item)) await slicer.pause();
  }
  for (const s of p.summaries) texts.push(s.content);
  // Counting goes on under its own pacer: it starts on a slice of its own.
  await slicer.pause();
  return texts;
}

/** Count every entry's and summary's tokens with `counter`, in slices of work. */
export async function countParsedState(p: ParsedState, counter: TokenCounter, slicer: Slicer): Promise<void> {
  for (const e of p.entries) {
    e.tokenCount = countDraft(e as Parameters<typeof countDraft>[0], counter);
    if (slicer.spend(COST.countCall + e.content.length * COST.count)) await slicer.pause();
  }
  for (const s of p.summaries) {
    s.tokenCount = counter.count(s.content);
    const original = s.originalTokenCount;
    s.compressionRatio = s.tokenCount > 0 ? Math.round((original / s.tokenCount) * 100) / 100 : original;
    if (slicer.spend(COST.countCall + s.content.length * COST.count)) await slicer.pause();
  }
}

/** True when entries carry RecallKit's own numbering: integer seq strictly rising, interaction never falling. */
function keepsNumbering(entries: unknown[]): boolean {
  let seq = -1;
  let interaction = 0;
  for (const raw of entries) {
    const r = raw as { seq?: unknown; interaction?: unknown } | null;
    if (!r || !Number.isInteger(r.seq) || !Number.isInteger(r.interaction)) return false;
    if ((r.seq as number) <= seq || (r.interaction as number) < interaction) return false;
    seq = r.seq as number;
    interaction = r.interaction as number;
  }
  return true;
}

/** The session's life-time counters: the export's, when they agree with its entries. */
function lifeCounters(
  state: Record<string, unknown>,
  entries: MemoryEntry[],
): Pick<ParsedState, 'nextSeq' | 'interactionCount' | 'erasedEntries'> {
  const last = entries[entries.length - 1];
  const minSeq = last ? last.seq + 1 : 0;
  const minInteraction = entries.reduce((m, e) => Math.max(m, e.interaction), 0);
  const count = (key: string, min: number): number => {
    const v = state[key];
    if (v === undefined || v === null) return min;
    return Math.max(checkCount(v, `state.${key}`), min);
  };
  return {
    nextSeq: count('nextSeq', minSeq),
    interactionCount: count('interactionCount', minInteraction),
    erasedEntries: count('erasedEntries', 0),
  };
}

/** The replace-batch that writes a parsed state. */
export function stateToBatch(p: ParsedState, now: string): StoreBatch & { meta: SessionMeta } {
  const meta = newMeta(p.sessionId, now);
  meta.nextSeq = p.nextSeq;
  meta.interactionCount = p.interactionCount;
  meta.erasedEntries = p.erasedEntries;
  meta.totalEntries = p.entries.length;
  for (const e of p.entries) {
    meta.storedTokens += e.tokenCount;
    if (e.compressed) {
      meta.compressedEntries += 1;
      meta.compressedTokens += e.tokenCount;
    }
  }
  return { meta, replace: true, putEntries: p.entries, putSummaries: p.summaries };
}
