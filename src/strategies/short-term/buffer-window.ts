/**
 * `buffer_window`: the newest `window_size` chat messages.
 * @module
 */
import type { Interaction, MemoryEntry } from '../../types.js';
import { countChatMessages, groupChatMessages, joinsPrevious } from '../chat-form.js';
import { indexInteractions } from './interaction-index.js';
import type { BufferWindowConfig } from '../profile/profile-types.js';
import { answeredIn, dropBrokenPairs, narrow, protectedParts } from '../tool-pairs.js';
import type { ShortTermStrategy } from '../types.js';

/** The entries of the newest chat messages, from the interaction at `start` on. */
interface Tail {
  start: number;
  /** Oldest first; the first entry starts a chat message. */
  entries: MemoryEntry[];
}

/** The last entry of the interactions before `position`, skipping empty ones. */
function entryBefore(interactions: readonly Interaction[], position: number): MemoryEntry | undefined {
  for (let p = position - 1; p >= 0; p -= 1) {
    const entries = interactions[p]?.entries ?? [];
    if (entries.length > 0) return entries[entries.length - 1];
  }
  return undefined;
}

/** Walk back from the newest entry until `size` chat messages start (or the history does). */
function newestMessages(interactions: readonly Interaction[], size: number): Tail {
  let start = interactions.length;
  let offset = 0;
  let messages = 0;
  for (let p = interactions.length - 1; p >= 0 && messages < size; p -= 1) {
    const entries = interactions[p]?.entries ?? [];
    for (let i = entries.length - 1; i >= 0 && messages < size; i -= 1) {
      const previous = i > 0 ? entries[i - 1] : entryBefore(interactions, p);
      if (joinsPrevious(previous, entries[i]!)) continue;
      messages += 1;
      start = p;
      offset = i;
    }
  }
  const entries = interactions[start]?.entries.slice(offset) ?? [];
  for (let p = start + 1; p < interactions.length; p += 1)
    for (const entry of interactions[p]?.entries ?? []) entries.push(entry);
  return { start, entries };
}

/**
 * Create the `buffer_window` strategy: keep the newest `window_size` messages, counted as
 * they are sent (an assistant message with its tool calls is one message, each tool result is
 * one). A cut inside an interaction drops tool results whose call was cut, so the window may
 * hold fewer messages, never an orphan. Pinned entries stay and count toward the window.
 * Summaries pass through. A request reads the window and the pinned entries, not the whole history.
 */
export function createBufferWindow(config: BufferWindowConfig): ShortTermStrategy {
  const size = config.window_size;
  return {
    id: 'buffer_window',
    select(selection) {
      const { interactions } = selection;
      const index = selection.index ?? indexInteractions(interactions);
      const tail = newestMessages(interactions, size);
      const groups = groupChatMessages(tail.entries);
      const parts = protectedParts(index, (position) => interactions[position]);
      const pinned = parts.flatMap((part) => part.entries);
      const inTail = new Set(tail.entries);
      // Pinned entries older than the window come first, in history order.
      const older = pinned.filter((entry) => !inTail.has(entry));
      const answered = answeredIn(interactions, index);
      const keepNewest = (take: number): MemoryEntry[] => {
        const ids = new Set(pinned.map((entry) => entry.id));
        for (const group of groups.slice(groups.length - take)) for (const entry of group) ids.add(entry.id);
        return dropBrokenPairs(older.concat(tail.entries.filter((entry) => ids.has(entry.id))), answered);
      };
      let kept = keepNewest(0);
      // Pinned messages outside the window take places in it; shrink until everything fits.
      for (let take = Math.min(size, groups.length); take > 0; take -= 1) {
        const candidate = keepNewest(take);
        if (countChatMessages(candidate) <= size) {
          kept = candidate;
          break;
        }
      }
      const keptIds = new Set(kept.map((entry) => entry.id));
      const positions = parts.map((part) => part.position).filter((position) => position < tail.start);
      for (let position = tail.start; position < interactions.length; position += 1) positions.push(position);
      const out: Interaction[] = [];
      for (const position of positions) {
        const interaction = interactions[position];
        const entries = interaction?.entries.filter((entry) => keptIds.has(entry.id)) ?? [];
        if (interaction && entries.length > 0) out.push(narrow(interaction, entries));
      }
      return { interactions: out, summaries: selection.summaries };
    },
  };
}
