import type { ChatMessage, ChatToolCall, MemoryEntry } from '../../types.js';
import { MESSAGE_FRAMING } from '../../tokens/chat-tokens.js';

/** Chat messages built from entries, with their exact token cost from cached counts. */
export interface ChatBuild {
  messages: ChatMessage[];
  /** Σ emitted entries' tokenCount + MESSAGE_FRAMING per message (reply priming excluded). */
  tokens: number;
}

/** The text a `context` entry carries to the model: its source named first. */
export function renderContext(content: string, source: string | undefined): string {
  return source ? `Context from ${source}:\n${content}` : content;
}

/**
 * Turn entries (oldest first) into OpenAI chat messages. An assistant text entry and the
 * tool calls right after it in the same interaction become one assistant message with
 * `tool_calls` (the rule of `groupChatMessages`, which strategies count with); the results that
 * follow become `tool` messages. A call without a result in that block, or a result without
 * its call, is left out: the output is always valid for OpenAI-style APIs.
 */
export function entriesToChat(entries: readonly MemoryEntry[]): ChatBuild {
  const messages: ChatMessage[] = [];
  let tokens = 0;
  const n = entries.length;
  let i = 0;
  while (i < n) {
    const e = entries[i]!;
    const next = entries[i + 1];
    const startsToolTurn =
      e.type === 'tool_call' ||
      (e.type === 'message' &&
        e.role === 'assistant' &&
        next?.type === 'tool_call' &&
        next.interaction === e.interaction);
    if (startsToolTurn) {
      const text = e.type === 'message' ? e : undefined;
      let j = text ? i + 1 : i;
      const calls: MemoryEntry[] = [];
      // Calls join one assistant message within an interaction (strategies count messages the same way).
      while (j < n && entries[j]!.type === 'tool_call' && entries[j]!.interaction === e.interaction)
        calls.push(entries[j++]!);
      const results: MemoryEntry[] = [];
      while (j < n && entries[j]!.type === 'tool_result') results.push(entries[j++]!);
      const answered = new Set(results.map((r) => r.tool?.callId));
      const keptCalls = calls.filter((c) => c.tool && answered.has(c.tool.callId));
      const keptIds = new Set(keptCalls.map((c) => c.tool!.callId));
      const keptResults = results.filter((r) => r.tool && keptIds.delete(r.tool.callId));
      if (text || keptCalls.length) {
        const msg: ChatMessage = { role: 'assistant', content: text ? text.content : null };
        if (keptCalls.length) msg.tool_calls = keptCalls.map(toToolCall);
        messages.push(msg);
        tokens += MESSAGE_FRAMING + (text?.tokenCount ?? 0) + sum(keptCalls);
      }
      for (const r of keptResults) {
        messages.push({ role: 'tool', content: r.content, tool_call_id: r.tool!.callId });
        tokens += MESSAGE_FRAMING + r.tokenCount;
      }
      i = j;
      continue;
    }
    i++;
    if (e.type === 'tool_result' || e.type === 'tool_call') continue; // orphan
    messages.push(plainMessage(e));
    tokens += MESSAGE_FRAMING + e.tokenCount;
  }
  return { messages, tokens };
}

function plainMessage(e: MemoryEntry): ChatMessage {
  if (e.type === 'context') {
    const source = typeof e.metadata?.source === 'string' ? e.metadata.source : undefined;
    return { role: 'system', content: renderContext(e.content, source) };
  }
  return { role: e.role, content: e.content };
}

function toToolCall(e: MemoryEntry): ChatToolCall {
  return { id: e.tool!.callId, type: 'function', function: { name: e.tool!.name, arguments: e.content } };
}

function sum(entries: readonly MemoryEntry[]): number {
  let t = 0;
  for (const e of entries) t += e.tokenCount;
  return t;
}
