/**
 * A short-term strategy's `conditions`, applied one interaction at a time and cached per
 * (immutable) interaction object: each interaction is evaluated once in its life, and only
 * when a strategy's walk reaches it.
 * @module
 */
import type { Interaction, MemoryEntry } from '../../types.js';
import { conditionMessage } from '../chat-form.js';
import { callsAreLocal } from './interaction-index.js';
import { isTool, narrow } from '../tool-pairs.js';
import type { InteractionIndex } from '../types.js';

/** What the conditions made of one interaction. */
interface Filtered {
  /** Call ids of this interaction's tool entries that failed a condition. */
  failed: ReadonlySet<string>;
  /** Distinct call ids of this interaction's tool entries. */
  callIds: readonly string[];
  /** The result when none of its call ids occurs elsewhere (`undefined`: nothing left). */
  local: Interaction | undefined;
  /** The last result computed with call ids shared with other interactions, by dropped ids. */
  shared?: { key: string; result: Interaction | undefined };
}

// Most interactions hold no tool entry: their records share these.
const NO_IDS: readonly string[] = [];
const NO_FAILURES: ReadonlySet<string> = new Set();

/**
 * The interaction at `position` of an indexed array as the conditions leave it, or `undefined`
 * when nothing of it passes.
 */
export type InteractionFilter = (
  interactions: readonly Interaction[],
  index: InteractionIndex,
  position: number,
) => Interaction | undefined;

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
      f = {
        failed: failed.size > 0 ? failed : NO_FAILURES,
        callIds: callIds.size > 0 ? [...callIds] : NO_IDS,
        local: withoutCalls(interaction, passing, failed),
      };
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
    // `dropped` holds this interaction's own failures, so the local result is the place to start.
    if (f.shared?.key !== key)
      f.shared = { key, result: f.local && withoutCalls(interaction, f.local.entries, dropped) };
    return f.shared.result;
  };
}

/** `entries` (of `interaction`) minus the tool entries of `dropped` call ids, as a narrowed interaction. */
function withoutCalls(
  interaction: Interaction,
  entries: MemoryEntry[],
  dropped: ReadonlySet<string>,
): Interaction | undefined {
  const kept =
    dropped.size > 0 ? entries.filter((entry) => !(isTool(entry) && dropped.has(entry.tool.callId))) : entries;
  return kept.length > 0 ? narrow(interaction, kept) : undefined;
}
