/**
 * One stored entry as a chat bubble or tool card. Content is set as text, never HTML.
 * @module
 */
import type { MemoryEntry } from 'recallkit';
import { h } from '../dom.js';
import { clock } from '../format.js';

/** Where an entry stands: sent to the model, replaced by a summary, or erased. */
export type EntryStatus = 'active' | 'compressed' | 'erased';

/** An entry's status. */
export function entryStatus(entry: MemoryEntry, erased: boolean): EntryStatus {
  if (erased) return 'erased';
  return entry.compressed ? 'compressed' : 'active';
}

const STATUS_TAG: Record<EntryStatus, string | undefined> = {
  active: undefined,
  compressed: 'in a summary',
  erased: 'erased',
};

function who(entry: MemoryEntry): string {
  if (entry.type === 'tool_call') return `tool call · ${entry.tool?.name ?? 'tool'}`;
  if (entry.type === 'tool_result')
    return `tool result · ${entry.tool?.name ?? 'tool'}${entry.tool?.isError ? ' · error' : ''}`;
  if (entry.type === 'context') return 'context';
  return entry.role === 'user' ? 'You' : entry.role === 'assistant' ? 'Assistant' : entry.role;
}

function body(entry: MemoryEntry): string {
  if (entry.type !== 'tool_call' && entry.type !== 'tool_result') return entry.content;
  try {
    const value: unknown = JSON.parse(entry.content);
    return typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    return entry.content;
  }
}

/** A `<li>` for the chat log. */
export function chatEntry(entry: MemoryEntry, status: EntryStatus): HTMLLIElement {
  const kind = entry.type === 'message' ? entry.role : entry.type;
  const tag = STATUS_TAG[status];
  const error = entry.tool?.isError ? ' is-error' : '';
  return h(
    'li',
    {
      class: `chat-item chat-${kind} is-${status}${error}`,
      data: { entryId: entry.id, role: entry.role, type: entry.type, status },
    },
    h(
      'div',
      { class: 'chat-meta' },
      h('span', { class: 'chat-who', text: who(entry) }),
      h('span', {
        class: 'chat-turn',
        text: `turn ${entry.interaction} · ${entry.tokenCount} tok · ${clock(entry.timestamp)}`,
      }),
      tag ? h('span', { class: `tag tag-${status}`, text: tag }) : null,
    ),
    h('div', { class: 'chat-text', text: body(entry) }),
  );
}
