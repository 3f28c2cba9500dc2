/**
 * A short-term strategy's `conditions`, applied one interaction at a time and cached per
 * (immutable) interaction object: each interaction is evaluated once in its life, and only
 * when a strategy's walk reaches it.
 * @module
 */
import type { Interaction, MemoryEntry } from '../types.js';
import { conditionMessage } from './chat-form.js';
import { callsAreLocal } from './interaction-index.js';
import { isTool, narrow } from './tool-pairs.js';
import type { InteractionIndex } from './types.js';

/** What the conditions made of one interaction. */
interface Filtered {
  /** Entries passing every condition, in order. */
  passing: MemoryEntry[];
  /** Call ids of this interaction's tool entries that failed a condition. */
  failed: ReadonlySet<string>;
  /** Distinct call ids of this interaction's tool entries. */
  callIds: string[];
  /** The result when none of its call ids occurs elsewhere (`undefined`: nothing left). */
  local: Interaction | undefined;
  /** The last result computed with call ids shared with other interactions, by dropped ids. */
  shared?: { key: string; result: Interaction | undefined };
}

/**
 * The interaction at `position` of an indexed array as the conditions leave it, or `undefined`
 * when nothing of it passes.
 */
export type InteractionFilter = (interactions: readonly Interaction[], index: InteractionIndex, position: number) => Interaction | undefined;

/**
 * Create a cached filter for `passes` (the compiled `conditions`). The result is what filtering
 * the whole history at once gives: an entry stays when it passes, unless it is a tool entry
 * whose call id has a failing call or result anywhere in the history.
 */
export function createConditionFilter(passes: (scope: Record<string, unknown>) => boolean): InteractionFilter {
  const cache = new WeakMap<Interaction, Filtered>();
  const filtered = (interaction: Interaction): Filtered => {
    let f = cache.get(interaction);
    if (!f) {
      const failed = new Set<string>();
      const callIds = new Set<string>();
      const passing = interaction.entries.filter((entry) => {
        if (isTool(entry)) callIds.add(entry.tool.callId);
        if (passes({ message: conditionMessage(entry) })) return true;
        if (isTool(entry)) failed.add(entry.tool.callId);
        return false;
      });
      f = { passing, failed, callIds: [...callIds], local: keep(interaction, passing, failed) };
      cache.set(interaction, f);
    }
    return f;
  };
  return (interactions, index, position) => {
    const interaction = interactions[position];
    if (!interaction) return undefined;
    const f = filtered(interaction);
    if (callsAreLocal(index, f.callIds)) return f.local;
    // A call id also used elsewhere (a pair split across turns, a reused id): a failure there drops it here.
    const dropped = new Set<string>();
    for (const callId of f.callIds) {
      const failsElsewhere = (index.calls.get(callId) ?? []).some((at) => {
        const other = interactions[at];
        return other !== undefined && filtered(other).failed.has(callId);
      });
      if (f.failed.has(callId) || failsElsewhere) dropped.add(callId);
    }
    const key = [...dropped].join('\n');
    if (f.shared?.key !== key) f.shared = { key, result: keep(interaction, f.passing, dropped) };
    return f.shared.result;
  };
}

/** `passing` minus the tool entries of `dropped` call ids, as a narrowed interaction. */
function keep(interaction: Interaction, passing: MemoryEntry[], dropped: ReadonlySet<string>): Interaction | undefined {
  const entries = dropped.size > 0 ? passing.filter((entry) => !(isTool(entry) && dropped.has(entry.tool.callId))) : passing;
  return entries.length > 0 ? narrow(interaction, entries) : undefined;
}
