/**
 * The reference a session is checked against after every step of a fault or property test:
 * which entries were added (ids and contents, in order) minus those the engine said it erased
 * (`erased` events) and those `clearSession` removed. Plus the invariants every session keeps:
 * stats agree with what is stored, and the context is a valid OpenAI request.
 */
import { expect } from 'vitest';
import type { Memory } from '../../src/memory.js';
import type { ChatMessage, MemoryEntry, SessionState, TokenCounter } from '../../src/types.js';
import { countChatMessages } from '../../src/tokens/chat-tokens.js';

/** One remembered entry. */
export interface RefEntry {
  id: string;
  content: string;
}

/** What a user is owed: every entry whose add resolved, unless erased or cleared. */
export interface ReferenceModel {
  /** Record entries whose add resolved. */
  added(...entries: MemoryEntry[]): void;
  /** Entries the engine reported erased. */
  erased(ids: readonly string[]): void;
  /** The session was cleared. */
  cleared(): void;
  /** The entries that must be stored, oldest first. */
  expected(): RefEntry[];
  /** Whether an id must still be stored. */
  has(id: string): boolean;
  /** Entries reported erased since the last clear. */
  readonly erasedCount: number;
}

/** Create a reference model for one session. */
export function referenceModel(): ReferenceModel {
  let entries: RefEntry[] = [];
  let erasedCount = 0;
  return {
    added(...added) {
      for (const e of added) entries.push({ id: e.id, content: e.content });
    },
    erased(ids) {
      const gone = new Set(ids);
      const before = entries.length;
      entries = entries.filter((e) => !gone.has(e.id));
      erasedCount += before - entries.length;
    },
    cleared() {
      entries = [];
      erasedCount = 0;
    },
    expected: () => entries.map((e) => ({ ...e })),
    has: (id) => entries.some((e) => e.id === id),
    get erasedCount() {
      return erasedCount;
    },
  };
}

/** A reference model fed by the memory's own `erased` and `session:cleared` events for `sessionId`. */
export function trackSession(memory: Memory, sessionId: string): ReferenceModel {
  const ref = referenceModel();
  memory.on('erased', (s, { entryIds }) => {
    if (s === sessionId) ref.erased(entryIds);
  });
  memory.on('session:cleared', (s) => {
    if (s === sessionId) ref.cleared();
  });
  return ref;
}

const sum = (values: readonly number[]): number => values.reduce((t, v) => t + v, 0);

/**
 * Stored entries equal the reference (ids, contents, order), and `getStats`, `getActiveEntries`
 * and `getSummaries` agree with `exportSession`. Returns the export.
 */
export async function expectStoredAsReference(
  memory: Memory,
  sessionId: string,
  ref: ReferenceModel,
): Promise<SessionState> {
  const state = await memory.exportSession(sessionId);
  expect(state.entries.map((e) => ({ id: e.id, content: e.content }))).toEqual(ref.expected());
  await expectStatsConsistent(memory, sessionId, state);
  return state;
}

/** `getStats` and the read methods agree with an export of the same session. */
export async function expectStatsConsistent(memory: Memory, sessionId: string, state?: SessionState): Promise<void> {
  const exported = state ?? (await memory.exportSession(sessionId));
  const stats = await memory.getStats(sessionId);
  const active = exported.entries.filter((e) => !e.compressed);
  const compressed = exported.entries.filter((e) => e.compressed);
  const activeTokens = sum(active.map((e) => e.tokenCount));
  const summaryTokens = sum(exported.summaries.map((s) => s.tokenCount));
  expect({
    totalEntries: stats.totalEntries,
    activeEntries: stats.activeEntries,
    compressedEntries: stats.compressedEntries,
    summaries: stats.summaries,
    storedTokens: stats.storedTokens,
    activeTokens: stats.activeTokens,
    summaryTokens: stats.summaryTokens,
    totalTokens: stats.totalTokens,
  }).toEqual({
    totalEntries: exported.entries.length,
    activeEntries: active.length,
    compressedEntries: compressed.length,
    summaries: exported.summaries.length,
    storedTokens: sum(exported.entries.map((e) => e.tokenCount)),
    activeTokens,
    summaryTokens,
    totalTokens: activeTokens + summaryTokens,
  });
  expect(exported.totalTokens).toBe(stats.totalTokens);
  expect(stats.totalEntries).toBe(stats.activeEntries + stats.compressedEntries);
  expect(await memory.getActiveEntries(sessionId)).toEqual(active);
  expect(await memory.getSummaries(sessionId)).toEqual(exported.summaries);
  // Entries are in session order and belong to this session.
  const seqs = exported.entries.map((e) => e.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  expect(new Set(seqs).size).toBe(seqs.length);
  expect(exported.entries.every((e) => e.sessionId === sessionId)).toBe(true);
}

/**
 * A valid OpenAI chat request: every assistant `tool_calls` id is answered by a `tool` message
 * after it and before the next non-tool message, and every `tool` message answers a call of the
 * assistant message its tool block follows, once.
 */
export function expectOpenAIValid(messages: readonly ChatMessage[]): void {
  let open: Set<string> | undefined; // calls of the current tool block still unanswered
  let block: Set<string> | undefined; // calls of the current tool block
  for (const [i, m] of messages.entries()) {
    if (m.role === 'tool') {
      const id = m.tool_call_id;
      expect(
        block?.has(id ?? ''),
        `messages[${i}] answers ${String(id)}, which no preceding assistant message called`,
      ).toBe(true);
      expect(open?.has(id ?? ''), `messages[${i}] answers ${String(id)} a second time`).toBe(true);
      open!.delete(id!);
      continue;
    }
    expect(
      open?.size ?? 0,
      `messages[${i}] (${m.role}) comes before the calls ${[...(open ?? [])].join(', ')} are answered`,
    ).toBe(0);
    open = undefined;
    block = undefined;
    expect(['system', 'user', 'assistant']).toContain(m.role);
    if (m.role === 'assistant' && m.tool_calls?.length) {
      const ids = m.tool_calls.map((c) => c.id);
      expect(new Set(ids).size, `messages[${i}] repeats a tool call id`).toBe(ids.length);
      for (const c of m.tool_calls) {
        expect(c.type).toBe('function');
        expect(typeof c.function.name).toBe('string');
        expect(typeof c.function.arguments).toBe('string');
      }
      open = new Set(ids);
      block = new Set(ids);
    } else {
      expect(typeof m.content, `messages[${i}] (${m.role}) has no content`).toBe('string');
      expect(m.tool_call_id).toBeUndefined();
    }
  }
  expect(open?.size ?? 0, 'the context ends with unanswered tool calls').toBe(0);
}

/**
 * The context is OpenAI-valid, its `tokenCount` is what `counter` counts for its messages,
 * and its summaries are the system messages it starts with.
 */
export async function expectContextValid(
  memory: Memory,
  sessionId: string,
  counter: TokenCounter,
): Promise<ChatMessage[]> {
  const ctx = await memory.getContextForLLM(sessionId);
  const messages = ctx.messages as ChatMessage[];
  expectOpenAIValid(messages);
  expect(ctx.tokenCount).toBe(messages.length === 0 ? 0 : countChatMessages(counter, messages));
  expect(messages.slice(0, ctx.summaries.length).map((m) => [m.role, m.content])).toEqual(
    ctx.summaries.map((s) => ['system', s.content]),
  );
  return messages;
}

/** The session still works: an add and a context both succeed, and the new entry is stored. */
export async function expectStillWorks(memory: Memory, sessionId: string, ref?: ReferenceModel): Promise<void> {
  const entry = await memory.addUserMessage(sessionId, 'are you still there?');
  ref?.added(entry);
  const ctx = await memory.getContextForLLM(sessionId);
  expect(Array.isArray(ctx.messages)).toBe(true);
  expect((await memory.exportSession(sessionId)).entries.some((e) => e.id === entry.id)).toBe(true);
}
