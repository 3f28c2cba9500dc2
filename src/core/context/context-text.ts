import type { MemoryEntry, MemorySummary } from '../../types.js';

/**
 * The context as one text:
 * `=== Previous Conversation Summaries ===`, each summary under its `[start - end]` dates,
 * then `=== Recent Conversation ===` with `User: …` / `Assistant: …` lines.
 */
export function contextText(
  summaries: readonly MemorySummary[],
  entries: readonly MemoryEntry[],
  recalled: readonly string[] = [],
): string {
  const parts: string[] = [];
  if (summaries.length) {
    const blocks = summaries.map((s) => `[${day(s.timeRange.start)} - ${day(s.timeRange.end)}]\n${s.content}`);
    parts.push(`=== Previous Conversation Summaries ===\n${blocks.join('\n\n')}`);
  }
  if (recalled.length) parts.push(`=== Recalled From Memory ===\n${recalled.join('\n\n')}`);
  if (entries.length) parts.push(`=== Recent Conversation ===\n${entries.map(line).join('\n')}`);
  return parts.join('\n\n');
}

function line(e: MemoryEntry): string {
  switch (e.type) {
    case 'tool_call':
      return `Tool call (${e.tool?.name ?? 'tool'}): ${e.content}`;
    case 'tool_result':
      return `${e.tool?.isError ? 'Tool error' : 'Tool result'} (${e.tool?.name ?? 'tool'}): ${e.content}`;
    case 'context': {
      const source = typeof e.metadata?.source === 'string' ? ` (${e.metadata.source})` : '';
      return `Context${source}: ${e.content}`;
    }
    default:
      return `${e.role === 'user' ? 'User' : e.role === 'assistant' ? 'Assistant' : 'System'}: ${e.content}`;
  }
}

function day(iso: string): string {
  return iso.slice(0, 10);
}
