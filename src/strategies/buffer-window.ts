/**
 * Hector's `buffer_window`: the newest `window_size` chat messages.
 * @module
 */
import type { MemoryEntry } from '../types.js';
import { countChatMessages, groupChatMessages } from './chat-form.js';
import type { BufferWindowConfig } from './profile-types.js';
import { dropBrokenPairs, keepEntries, protectedIds } from './tool-pairs.js';
import type { ShortTermStrategy } from './types.js';

/**
 * Create the `buffer_window` strategy: keep the newest `window_size` messages, counted as
 * they are sent (an assistant message with its tool calls is one message, each tool result is
 * one). A cut inside an interaction drops tool results whose call was cut, so the window may
 * hold fewer messages, never an orphan. Pinned entries stay and count toward the window.
 * Summaries pass through.
 */
export function createBufferWindow(config: BufferWindowConfig): ShortTermStrategy {
  const size = config.window_size;
  return {
    id: 'buffer_window',
    select(selection) {
      const all = selection.interactions.flatMap((interaction) => interaction.entries);
      const groups = groupChatMessages(all);
      const pinned = protectedIds(all);
      const keepNewest = (take: number): MemoryEntry[] => {
        const ids = new Set(pinned);
        for (const group of groups.slice(groups.length - take)) for (const entry of group) ids.add(entry.id);
        return dropBrokenPairs(all.filter((entry) => ids.has(entry.id)), all);
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
      return {
        interactions: keepEntries(selection.interactions, new Set(kept.map((entry) => entry.id))),
        summaries: selection.summaries,
      };
    },
  };
}
