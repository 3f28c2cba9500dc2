/**
 * `neuralyzer`: when a trigger fires, erase every active interaction but the
 * newest `interaction_keep`.
 * @module
 */
import type { NeuralyzerConfig } from '../profile/profile-types.js';
import { createTrigger, removableEntries } from './triggers.js';
import type { LongTermStrategy } from '../types.js';

/**
 * Create the `neuralyzer` strategy. When due, it erases (deletes for good) the active entries
 * of every interaction except the newest `interaction_keep` and the turn the new entry belongs
 * to. Pinned entries, and tool entries paired with them, are never erased; summaries stay.
 * Its thresholds default to `-1` (never): without one it runs only on `compress()` or a tool
 * trigger. Usually built by `createStrategies`.
 */
export function createNeuralyzer(config: NeuralyzerConfig): LongTermStrategy {
  const trigger = createTrigger(config);
  return {
    id: 'neuralyzer',
    plan(view, event) {
      if (!trigger.due(view, event)) return undefined;
      const erase = removableEntries(view, event, config.interaction_keep).map((entry) => entry.id);
      return erase.length > 0 ? { erase } : undefined;
    },
  };
}
