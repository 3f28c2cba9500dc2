/**
 * `summarizer`: when a trigger fires, Chain of Density summary of every active
 * interaction but the newest `interaction_keep`.
 * @module
 */
import type { SummarizerConfig } from '../profile/profile-types.js';
import { createTrigger, removableEntries } from './triggers.js';
import type { LongTermStrategy, SummarizeRequest } from '../types.js';

/**
 * Create the `summarizer` strategy. When due, it asks for one summary of the active entries
 * of every interaction except the newest `interaction_keep` (and except the turn the new
 * entry belongs to), with `cod_max_loops` passes and `instructions`; those entries are marked
 * compressed. Pinned entries, and tool entries paired with them, stay active. Its previous
 * summary is folded into the new one, so the context holds one running summary. Usually
 * built by `createStrategies`.
 */
export function createSummarizer(config: SummarizerConfig): LongTermStrategy {
  const trigger = createTrigger(config);
  return {
    id: 'summarizer',
    plan(view, event) {
      if (!trigger.due(view, event)) return undefined;
      const entries = removableEntries(view, event, config.interaction_keep);
      if (entries.length === 0) return undefined;
      const summarize: SummarizeRequest = {
        entries,
        foldSummaries: view.summaries.filter((summary) => summary.strategy === 'summarizer'),
        passes: config.cod_max_loops,
        markCompressed: true,
      };
      if (config.instructions !== null) summarize.instructions = config.instructions;
      return { summarize };
    },
  };
}
