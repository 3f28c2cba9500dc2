/**
 * The trigger fields the `summarizer` and `neuralyzer` strategies share, and which interactions a run
 * leaves alone (`interaction_keep`, the turn in progress).
 * @module
 */
import type { Interaction, MemoryEntry } from '../../types.js';
import { protectedIds } from '../tool-pairs.js';
import { allConditions, interactionScope } from '../chat-form.js';
import type { TriggerConfig } from '../profile/profile-types.js';
import type { SessionView, TriggerEvent } from '../types.js';

/** Why a strategy runs now. */
export type TriggerReason =
  | 'manual'
  | 'input_tokens_threshold'
  | 'interaction_threshold_qty'
  | 'interaction_threshold_tokens'
  | 'on_tools_success_threshold'
  | 'on_tools_error_threshold';

/** A compiled set of trigger fields. */
export interface Trigger {
  /** The first trigger that fires for this view and event, or `undefined`. */
  due(view: SessionView, event: TriggerEvent): TriggerReason | undefined;
  /** The active human turns that count toward thresholds (those passing `interaction_conditions`). */
  counted(view: SessionView): Interaction[];
}

/** A threshold fires when the count exceeds it; `-1` and `0` turn it off. */
const exceeds = (count: number, threshold: number): boolean => threshold > 0 && count > threshold;

/**
 * Compile the shared trigger fields. Counting is over what is active: a human turn counts
 * when it passes every `interaction_conditions` expression (entries before the first user
 * message are not a human turn). A `manual` event (`compress()`) is always due.
 */
export function createTrigger(config: TriggerConfig): Trigger {
  const passes = allConditions(config.interaction_conditions, ['interaction']);
  const counted = (view: SessionView): Interaction[] =>
    view.interactions.filter((interaction) => interaction.index > 0 && passes(interactionScope(interaction)));
  return {
    counted,
    due(view, event) {
      if (event.reason === 'manual') return 'manual';
      const entry = event.entry;
      if (entry?.type === 'tool_result' && entry.tool) {
        const failed = entry.tool.isError === true;
        if (!failed && config.on_tools_success_threshold.includes(entry.tool.name)) return 'on_tools_success_threshold';
        if (failed && config.on_tools_error_threshold.includes(entry.tool.name)) return 'on_tools_error_threshold';
      }
      if (config.interaction_threshold_qty > 0 || config.interaction_threshold_tokens > 0) {
        const turns = counted(view);
        if (exceeds(turns.length, config.interaction_threshold_qty)) return 'interaction_threshold_qty';
        const tokens = turns.reduce((sum, interaction) => sum + interaction.tokenCount, 0);
        if (exceeds(tokens, config.interaction_threshold_tokens)) return 'interaction_threshold_tokens';
      }
      if (config.input_tokens_threshold > 0 && exceeds(view.contextTokens(), config.input_tokens_threshold)) {
        return 'input_tokens_threshold';
      }
      return undefined;
    },
  };
}

/**
 * The active interactions a run may touch, oldest first: all but the newest `keep`, and on an
 * `add` never the interaction the new entry belongs to or anything after it (the turn in
 * progress stays whole, so `interaction_keep: 0` does not swallow the message just received).
 */
export function olderThanKept(view: SessionView, event: TriggerEvent, keep: number): readonly Interaction[] {
  const all = view.interactions;
  let end = Math.max(0, all.length - keep);
  const current = event.reason === 'add' ? event.entry?.interaction : undefined;
  if (current !== undefined) {
    const at = all.findIndex((interaction) => interaction.index >= current);
    if (at !== -1) end = Math.min(end, at);
  }
  return all.slice(0, end);
}

/**
 * The entries a strategy may take away: those of the interactions {@link olderThanKept}
 * returns, except pinned entries and the tool entries paired with them.
 */
export function removableEntries(view: SessionView, event: TriggerEvent, keep: number): MemoryEntry[] {
  const kept = protectedIds(view.interactions.flatMap((interaction) => interaction.entries));
  return olderThanKept(view, event, keep)
    .flatMap((interaction) => interaction.entries)
    .filter((entry) => !kept.has(entry.id));
}
