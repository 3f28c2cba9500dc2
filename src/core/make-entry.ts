import type { EntryRole, MemoryEntry, MemoryEntryType, SessionMeta, TokenCounter, ToolInfo } from '../types.js';
import { entryTokens } from '../tokens/chat-tokens.js';
import { newId } from './ids.js';
import { renderContext } from './context/to-chat.js';

/** An entry before the engine numbers and counts it. */
export interface EntryDraft {
  type: Exclude<MemoryEntryType, 'summary'>;
  role: EntryRole;
  content: string;
  tool?: ToolInfo;
  metadata?: Record<string, unknown>;
  /** ISO 8601; defaults to the time of the add. */
  timestamp?: string;
  /** The caller's id (`options.id`, an `addMessages` item's id): the entry's id, known on a retry. */
  id?: string;
  /** Where the id came from, for errors (`options.id`, `messages[3].id`); default `options.id`. */
  idField?: string;
  /** The tool call id was made by the engine (a retry makes another): not compared with a stored one. */
  callIdGenerated?: boolean;
}

/**
 * Number, time and count a draft. Advances `meta.nextSeq`, and `meta.interactionCount` for a
 * user message (which opens a new interaction). Tokens are counted here, once, and cached.
 */
export function makeEntry(meta: SessionMeta, d: EntryDraft, counter: TokenCounter, stamp: Date): MemoryEntry {
  if (d.type === 'message' && d.role === 'user') meta.interactionCount += 1;
  const entry: MemoryEntry = {
    id: d.id ?? newId(),
    sessionId: meta.sessionId,
    seq: meta.nextSeq++,
    interaction: meta.interactionCount,
    type: d.type,
    role: d.role,
    content: d.content,
    timestamp: d.timestamp ?? stamp.toISOString(),
    tokenCount: countDraft(d, counter),
    compressed: false,
  };
  if (d.tool) entry.tool = d.tool;
  if (d.metadata) entry.metadata = d.metadata;
  return entry;
}

/** The texts {@link countDraft} counts for `d`, so the long ones can be counted ahead, with pauses. */
export function draftTexts(d: Pick<EntryDraft, 'type' | 'content' | 'tool' | 'metadata'>): string[] {
  const texts: string[] = [];
  countDraft(d, { count: (text) => (texts.push(text), 0) });
  return texts;
}

/** The cached token count of an entry, as the chat message it becomes. */
export function countDraft(
  d: Pick<EntryDraft, 'type' | 'content' | 'tool' | 'metadata'>,
  counter: TokenCounter,
): number {
  switch (d.type) {
    case 'tool_call':
      return entryTokens(counter, {
        kind: 'tool_call',
        content: d.content,
        toolName: d.tool?.name ?? '',
        callId: d.tool?.callId ?? '',
      });
    case 'tool_result':
      return entryTokens(counter, { kind: 'tool_result', content: d.content, callId: d.tool?.callId ?? '' });
    case 'context': {
      const source = typeof d.metadata?.source === 'string' ? d.metadata.source : undefined;
      return entryTokens(counter, { kind: 'text', content: renderContext(d.content, source) });
    }
    default:
      return entryTokens(counter, { kind: 'text', content: d.content });
  }
}
