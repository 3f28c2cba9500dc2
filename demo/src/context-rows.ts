/**
 * "What the model sees", message by message, with each message's token cost worked out the
 * way RecallKit counts it: 4 tokens of framing plus the cached `tokenCount` of the entries
 * (or summary) behind the message. The request adds 3 tokens of reply priming, so the rows
 * add up to `getContextForLLM().tokenCount`.
 * @module
 */
import type { ChatMessage, LLMContext, MemoryEntry } from 'recallkit';
import { RECALLED_HEADER } from 'recallkit/recall';

/** Tokens every chat message costs beyond its values (OpenAI's rule). */
export const MESSAGE_FRAMING = 4;
/** Tokens every request adds for the reply (`<|start|>assistant<|message|>`). */
export const REPLY_PRIMING = 3;

/** One message of the context, with where it comes from and what it costs. */
export interface ContextRow {
  message: ChatMessage;
  /**
   * `summary` for a summary's system message; `facts` for the "Known about the user" block;
   * `recalled` for the recalled block; `entry` for conversation entries.
   */
  kind: 'summary' | 'facts' | 'recalled' | 'entry' | 'unknown';
  /** Framing + the source entries' (or summary's) tokens; undefined when no source was found. */
  tokens: number | undefined;
  /** Ids of the entries (or the summary) behind the message. */
  sourceIds: string[];
}

/** The rows and their total, checked against the engine's own count. */
export interface ContextBreakdown {
  rows: ContextRow[];
  /** Σ rows + reply priming (when there are messages). */
  total: number;
  /** Whether `total` equals `context.tokenCount` and every row has a source. */
  matches: boolean;
}

function renderContext(entry: MemoryEntry): string {
  const source = typeof entry.metadata?.source === 'string' ? entry.metadata.source : undefined;
  return source ? `Context from ${source}:\n${entry.content}` : entry.content;
}

/**
 * Match each context message to the active entries behind it, in order (the context is an
 * ordered selection of whole messages), and cost it.
 */
export function contextBreakdown(context: LLMContext<ChatMessage>, active: readonly MemoryEntry[]): ContextBreakdown {
  const rows: ContextRow[] = [];
  const byCallId = new Map<string, MemoryEntry[]>();
  for (const e of active) {
    if (!e.tool) continue;
    const list = byCallId.get(e.tool.callId) ?? [];
    list.push(e);
    byCallId.set(e.tool.callId, list);
  }
  let cursor = 0;
  const next = (match: (e: MemoryEntry) => boolean): MemoryEntry | undefined => {
    for (let i = cursor; i < active.length; i++) {
      const e = active[i]!;
      if (match(e)) {
        cursor = i + 1;
        return e;
      }
    }
    return undefined;
  };
  const cost = (entries: (MemoryEntry | undefined)[]): { tokens: number | undefined; ids: string[] } => {
    if (entries.some((e) => e === undefined)) return { tokens: undefined, ids: [] };
    const found = entries as MemoryEntry[];
    return { tokens: MESSAGE_FRAMING + found.reduce((sum, e) => sum + e.tokenCount, 0), ids: found.map((e) => e.id) };
  };

  let blocks = 0;
  context.messages.forEach((message, i) => {
    const summary = i < context.summaries.length ? context.summaries[i] : undefined;
    if (summary && message.role === 'system' && message.content === summary.content) {
      rows.push({ message, kind: 'summary', tokens: MESSAGE_FRAMING + summary.tokenCount, sourceIds: [summary.id] });
      return;
    }
    // The facts block, when the context has one, is the first system message after the summaries.
    if (context.facts?.included.length && i === context.summaries.length && message.role === 'system') {
      // The engine reports the block's exact cost, framing included.
      rows.push({
        message,
        kind: 'facts',
        tokens: context.facts.tokenCount,
        sourceIds: context.facts.included.map((f) => f.id),
      });
      blocks += 1;
      return;
    }
    if (
      context.recalled?.length &&
      i === context.summaries.length + blocks &&
      message.role === 'system' &&
      message.content?.startsWith(RECALLED_HEADER)
    ) {
      // Its tokens are what the rest leaves of tokenCount (worked out below).
      rows.push({ message, kind: 'recalled', tokens: 0, sourceIds: context.recalled.map((r) => r.entry.id) });
      return;
    }
    let sources: (MemoryEntry | undefined)[];
    if (message.role === 'tool') {
      sources = [byCallId.get(message.tool_call_id ?? '')?.find((e) => e.type === 'tool_result')];
    } else if (message.role === 'assistant' && message.tool_calls?.length) {
      const text =
        message.content === null
          ? []
          : [next((e) => e.type === 'message' && e.role === 'assistant' && e.content === message.content)];
      const calls = message.tool_calls.map((c) => byCallId.get(c.id)?.find((e) => e.type === 'tool_call'));
      sources = [...text, ...calls];
      const last = calls.at(-1);
      if (last) cursor = Math.max(cursor, active.indexOf(last) + 1);
    } else if (message.role === 'system') {
      sources = [next((e) => e.type === 'context' && renderContext(e) === message.content)];
    } else {
      sources = [next((e) => e.type === 'message' && e.role === message.role && e.content === message.content)];
    }
    const { tokens, ids } = cost(sources);
    rows.push({ message, kind: tokens === undefined ? 'unknown' : 'entry', tokens, sourceIds: ids });
  });

  const block = rows.find((r) => r.kind === 'recalled');
  if (block) block.tokens = context.tokenCount - REPLY_PRIMING - rows.reduce((s, r) => s + (r.tokens ?? 0), 0);
  const sum = rows.reduce((s, r) => s + (r.tokens ?? 0), 0);
  const total = rows.length ? sum + REPLY_PRIMING : 0;
  return { rows, total, matches: total === context.tokenCount && rows.every((r) => r.tokens !== undefined) };
}
