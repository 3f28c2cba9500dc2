/**
 * Entries as the model sees them: the chat form conditions are evaluated on, and the rule
 * that decides how many chat messages a run of entries becomes.
 * @module
 */
import { compileCondition } from '../conditions/compile.js';
import type { Interaction, MemoryEntry } from '../types.js';

/** What a `conditions` expression sees as `message`: an entry in its OpenAI chat form. */
export interface ConditionMessage {
  /** `tool` for a tool result, `assistant` for a tool call, `system` for context. */
  role: 'user' | 'assistant' | 'system' | 'tool';
  content: string;
  /** The entry type: `message`, `tool_call`, `tool_result`, `context`. */
  type: MemoryEntry['type'];
  /** The tool's name for tool entries, else `None`. */
  name: string | null;
  /** Same as `name` (the other spelling conditions may use). */
  tool_name: string | null;
  /** Pairs a tool call with its result, else `None`. */
  tool_call_id: string | null;
  /** Tool results: whether the tool failed; else `None`. */
  is_error: boolean | null;
  metadata: Record<string, unknown>;
}

/** The chat form of an entry, as `message` in a short-term condition. */
export function conditionMessage(entry: MemoryEntry): ConditionMessage {
  const tool = entry.tool;
  const role = entry.type === 'tool_result' ? 'tool' : entry.type === 'tool_call' ? 'assistant' : entry.role;
  return {
    role,
    content: entry.content,
    type: entry.type,
    name: tool?.name ?? null,
    tool_name: tool?.name ?? null,
    tool_call_id: tool?.callId ?? null,
    is_error: entry.type === 'tool_result' ? tool?.isError === true : null,
    metadata: entry.metadata ?? {},
  };
}

/** The scope of an `interaction_conditions` expression: `{ interaction: { index, tokenCount, messages } }`. */
export function interactionScope(interaction: Interaction): Record<string, unknown> {
  return {
    interaction: {
      index: interaction.index,
      tokenCount: interaction.tokenCount,
      messages: interaction.entries.map(conditionMessage),
    },
  };
}

/**
 * Compile condition sources into one predicate that holds when every condition does.
 * A condition that fails while evaluating counts as not holding.
 */
export function allConditions(
  sources: readonly string[],
  names: readonly string[],
): (scope: Readonly<Record<string, unknown>>) => boolean {
  const compiled = sources.map((source) => compileCondition(source, { names }));
  return (scope) =>
    compiled.every((condition) => {
      try {
        return condition(scope) === true;
      } catch {
        return false;
      }
    });
}

/**
 * Split entries into the chat messages they become, oldest first. Each entry is one message,
 * except that a `tool_call` right after an assistant message or another `tool_call` of the
 * same interaction joins that assistant message (one message carrying `tool_calls`).
 */
export function groupChatMessages(entries: readonly MemoryEntry[]): MemoryEntry[][] {
  const groups: MemoryEntry[][] = [];
  let previous: MemoryEntry | undefined;
  for (const entry of entries) {
    const last = groups[groups.length - 1];
    if (joinsPrevious(previous, entry) && last) last.push(entry);
    else groups.push([entry]);
    previous = entry;
  }
  return groups;
}

/**
 * Whether `entry` joins the chat message of the entry right before it (see
 * {@link groupChatMessages}); `false` when it starts a message of its own.
 */
export function joinsPrevious(previous: MemoryEntry | undefined, entry: MemoryEntry): boolean {
  return (
    entry.type === 'tool_call' &&
    previous !== undefined &&
    previous.interaction === entry.interaction &&
    (previous.type === 'tool_call' || (previous.type === 'message' && previous.role === 'assistant'))
  );
}

/** How many chat messages these entries become (see {@link groupChatMessages}). */
export function countChatMessages(entries: readonly MemoryEntry[]): number {
  return groupChatMessages(entries).length;
}
