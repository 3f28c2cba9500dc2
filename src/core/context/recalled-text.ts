import type { MemoryEntry } from '../../types.js';

/** The first line of the recalled block. */
export const RECALLED_HEADER = 'Recalled from earlier conversations (by date):';

/** Who said an entry: the speaker's name when the metadata gives one, else the role. */
function speaker(e: MemoryEntry): string {
  const name = e.metadata?.speaker ?? e.metadata?.name;
  if (typeof name === 'string' && name.trim()) return name.trim();
  return e.role === 'user' ? 'User' : e.role === 'assistant' ? 'Assistant' : 'System';
}

/** One recalled entry as a compact line: `Speaker: text`, tools and summaries named. */
export function recalledLine(e: MemoryEntry): string {
  switch (e.type) {
    case 'tool_call':
      return `${speaker(e)} called ${e.tool?.name ?? 'tool'}: ${e.content}`;
    case 'tool_result':
      return `${e.tool?.isError ? 'Tool error' : 'Tool result'} (${e.tool?.name ?? 'tool'}): ${e.content}`;
    case 'summary':
      return `Summary: ${e.content}`;
    case 'context': {
      const source = typeof e.metadata?.source === 'string' ? ` (${e.metadata.source})` : '';
      return `Context${source}: ${e.content}`;
    }
    default:
      return `${speaker(e)}: ${e.content}`;
  }
}

/** When an entry was said; a summary is dated by the end of what it covers. */
function when(e: MemoryEntry): string {
  const range = e.metadata?.timeRange as { end?: unknown } | undefined;
  return e.type === 'summary' && typeof range?.end === 'string' ? range.end : e.timestamp;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2023-05-08T…" → "8 May 2023" (UTC calendar day): the words a question or an answer uses. */
export function dayLabel(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso.slice(0, 10);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** The date header an entry goes under: `[8 May 2023]`, or `[8 May 2023, chat "id"]` for another chat. */
export function groupLabel(e: MemoryEntry, sessionId: string): string {
  const day = dayLabel(when(e));
  return e.sessionId === sessionId ? `[${day}]` : `[${day}, chat ${JSON.stringify(e.sessionId)}]`;
}

/**
 * The recalled block's text: entries in time order (chat, then position, for equal times),
 * a `[date]` header each time the day or the chat changes — `[date, chat "id"]` for another
 * chat than `sessionId` — then one `Speaker: text` line per entry.
 */
export function renderRecalled(entries: readonly MemoryEntry[], sessionId: string): string {
  const sorted = [...entries].sort(
    (a, b) => when(a).localeCompare(when(b)) || a.sessionId.localeCompare(b.sessionId) || a.seq - b.seq,
  );
  const lines = [RECALLED_HEADER];
  let group = '';
  for (const e of sorted) {
    const label = groupLabel(e, sessionId);
    if (label !== group) lines.push(label);
    group = label;
    lines.push(recalledLine(e));
  }
  return lines.join('\n');
}
