import type { MemoryEntry, StoreAdapter } from '../../types.js';
import { ValidationError } from '../../errors.js';
import type { SessionCache } from '../types.js';
import type { EntryDraft } from '../make-entry.js';

/** Unanswered calls of the active history, newest first. */
export function openCalls(active: readonly MemoryEntry[]): MemoryEntry[] {
  const answered = new Set<string>();
  const open: MemoryEntry[] = [];
  for (let i = active.length - 1; i >= 0; i--) {
    const e = active[i]!;
    if (e.type === 'tool_result' && e.tool) answered.add(e.tool.callId);
    if (e.type === 'tool_call' && e.tool && !answered.has(e.tool.callId)) open.push(e);
  }
  return open;
}

/**
 * The call a tool result answers. With `callId`, a call of that id must be in the session (in
 * the active history, or compressed in the store); without it, the newest unanswered call of
 * `toolName`. A result that answers no call would be left out of every context silently, so it
 * is refused, saying which calls are waiting.
 */
export async function callAnswered(
  c: SessionCache,
  store: StoreAdapter,
  toolName: string,
  callId: string | undefined,
): Promise<string> {
  const open = openCalls(c.active);
  if (callId === undefined) {
    const call = open.find((e) => e.tool!.name === toolName);
    if (call) return call.tool!.callId;
    throw new ValidationError(
      'toolName',
      `a tool with an unanswered call in session ${JSON.stringify(c.meta.sessionId)} (${waiting(open)}): ` +
        'add the call first with addToolCall, or pass options.callId',
      toolName,
    );
  }
  if (c.active.some((e) => e.type === 'tool_call' && e.tool?.callId === callId)) return callId;
  // Rare: the call was compressed before its result arrived. Only this path reads the store.
  if (c.meta.nextSeq > c.active.length) {
    const stored = await store.loadEntries(c.meta.sessionId);
    if (stored.some((e) => e.type === 'tool_call' && e.tool?.callId === callId)) return callId;
  }
  throw new ValidationError(
    'options.callId',
    `the callId of a tool call in session ${JSON.stringify(c.meta.sessionId)} (${waiting(open)}): ` +
      'add the call first with addToolCall',
    callId,
  );
}

function waiting(open: readonly MemoryEntry[]): string {
  if (!open.length) return 'it has no unanswered calls';
  const list = open.slice(0, 5).map((e) => `${e.tool!.name} ${JSON.stringify(e.tool!.callId)}`);
  return `unanswered: ${list.join(', ')}${open.length > 5 ? ', …' : ''}`;
}

/**
 * `addMessages`: every tool result must answer a call earlier in the same messages or stored
 * in the session (then it takes that call's tool name); an orphan would be left out of every
 * context, so the whole call is refused.
 */
export async function pairDrafts(c: SessionCache, store: StoreAdapter, drafts: readonly EntryDraft[]): Promise<void> {
  const calls = new Set<string>();
  let stored: Map<string, string> | undefined;
  for (const d of drafts) {
    if (d.type === 'tool_call' && d.tool) calls.add(d.tool.callId);
    if (d.type !== 'tool_result' || !d.tool || calls.has(d.tool.callId)) continue;
    const callId = d.tool.callId;
    const active = c.active.find((e) => e.type === 'tool_call' && e.tool?.callId === callId);
    if (!active) {
      stored ??= new Map(
        c.meta.nextSeq > c.active.length
          ? (await store.loadEntries(c.meta.sessionId))
              .filter((e) => e.type === 'tool_call' && e.tool)
              .map((e) => [e.tool!.callId, e.tool!.name])
          : [],
      );
    }
    const name = active?.tool?.name ?? stored?.get(callId);
    if (name === undefined) {
      throw new ValidationError(
        'messages',
        'every tool result to answer a tool call earlier in the messages or in session ' +
          `${JSON.stringify(c.meta.sessionId)}; ` +
          `the result with tool_call_id ${JSON.stringify(callId)} answers none (nothing was added)`,
      );
    }
    d.tool.name = name;
  }
}
