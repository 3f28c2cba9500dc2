/**
 * Profile presets of the playground, one per seed system: the seeds' own numbers, and
 * demo-sized variants that show a summary (or an erasure) after a handful of messages.
 * Each preset is the `profile` / `config` part of the `createWorkerMemory` options.
 * @module
 */

/** The memory part of `createWorkerMemory` options, as the profile editor shows it. */
export interface MemorySetup {
  /** Alquimia JSON (or Hector's `{ memory }` block); exactly its strategies run. */
  profile?: unknown;
  /** Memory Manager settings, used when there is no `profile`. */
  config?: Record<string, unknown>;
}

/** A named preset. */
export interface Preset {
  id: string;
  /** The seed system it comes from (an `<optgroup>`). */
  system: 'Alquimia' | 'Hector' | 'Rolling window' | 'Memory Manager';
  label: string;
  /** One line on what a visitor will see. */
  description: string;
  setup: MemorySetup;
}

/** Every preset, grouped by system in this order. */
export const PRESETS: readonly Preset[] = [
  {
    id: 'alquimia-summarizer',
    system: 'Alquimia',
    label: 'max_tokens 8000 + summarizer (seed)',
    description:
      'Seed example: summarize (Chain of Density, 3 passes) after 20 turns keeping 2; the model sees at most 8,000 tokens.',
    setup: {
      profile: {
        short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 8000 }],
        long_term_memory_strategy: [
          { long_term_memory_id: 'summarizer', interaction_threshold_qty: 20, cod_max_loops: 3, interaction_keep: 2 },
        ],
      },
    },
  },
  {
    id: 'alquimia-summarizer-demo',
    system: 'Alquimia',
    label: 'max_tokens 600 + summarizer (demo size)',
    description: 'Summarizes after 4 turns keeping the newest 2; a 600-token budget trims what the model sees.',
    setup: {
      profile: {
        short_term_memory_strategy: [
          { memory_strategy_id: 'max_tokens', memory_max_tokens: 600, conditions: ["message.role != 'tool'"] },
        ],
        long_term_memory_strategy: [
          { long_term_memory_id: 'summarizer', interaction_threshold_qty: 4, cod_max_loops: 2, interaction_keep: 2 },
        ],
      },
    },
  },
  {
    id: 'alquimia-neuralyzer',
    system: 'Alquimia',
    label: 'neuralyzer 30 / keep 5 (seed)',
    description: 'Seed example: past 30 turns, erase everything but the newest 5. Erased entries are gone for good.',
    setup: {
      profile: {
        long_term_memory_strategy: [
          { long_term_memory_id: 'neuralyzer', interaction_threshold_qty: 30, interaction_keep: 5 },
        ],
      },
    },
  },
  {
    id: 'alquimia-neuralyzer-demo',
    system: 'Alquimia',
    label: 'neuralyzer 5 / keep 2 (demo size)',
    description: 'Past 5 turns, erase all but the newest 2: watch entries get struck through in the timeline.',
    setup: {
      profile: {
        long_term_memory_strategy: [
          { long_term_memory_id: 'neuralyzer', interaction_threshold_qty: 5, interaction_keep: 2 },
        ],
      },
    },
  },
  {
    id: 'hector-summary-buffer',
    system: 'Hector',
    label: 'summary_buffer 2000 (seed default)',
    description: "Hector's default: summarize the oldest messages at 80% of a 2,000-token budget, down to 60%.",
    setup: { profile: { memory: { strategy: 'summary_buffer', budget: 2000, threshold: 0.8, target: 0.6 } } },
  },
  {
    id: 'hector-summary-buffer-demo',
    system: 'Hector',
    label: 'summary_buffer 300 (demo size)',
    description: 'The same rule on a 300-token budget: a summary appears after a few turns.',
    setup: { profile: { memory: { strategy: 'summary_buffer', budget: 300, threshold: 0.8, target: 0.6 } } },
  },
  {
    id: 'hector-buffer-window',
    system: 'Hector',
    label: 'buffer_window 20 (seed default)',
    description: 'Keep the last 20 messages, no summaries, no model calls.',
    setup: { profile: { memory: { strategy: 'buffer_window', window_size: 20 } } },
  },
  {
    id: 'hector-buffer-window-demo',
    system: 'Hector',
    label: 'buffer_window 6 (demo size)',
    description: 'Keep the last 6 messages: older ones stay stored but leave the context.',
    setup: { profile: { memory: { strategy: 'buffer_window', window_size: 6 } } },
  },
  {
    id: 'rolling-21x3',
    system: 'Rolling window',
    label: 'rolling 21 × 3 (seed)',
    description: 'The newest 21 turns plus up to 3 block summaries (made at turns 22, 43, 64, …), newest first.',
    setup: {
      profile: { long_term_memory_strategy: [{ long_term_memory_id: 'rolling', window: 21, max_summaries: 3 }] },
    },
  },
  {
    id: 'rolling-5x3',
    system: 'Rolling window',
    label: 'rolling 5 × 3 (demo size)',
    description:
      'The newest 5 turns plus up to 3 summaries, made at turns 6, 11, 16, …: the quickest way to see summaries.',
    setup: {
      profile: { long_term_memory_strategy: [{ long_term_memory_id: 'rolling', window: 5, max_summaries: 3 }] },
    },
  },
  {
    id: 'manager-defaults',
    system: 'Memory Manager',
    label: 'defaults (seed)',
    description: 'No profile: compress past 100 entries or 50,000 tokens, keeping the newest 10 entries.',
    setup: { config: {} },
  },
  {
    id: 'manager-demo',
    system: 'Memory Manager',
    label: 'maxEntries 12 (demo size)',
    description: 'Compress when more than 12 entries are active, keeping the newest 6.',
    setup: { config: { maxEntries: 12, recentWindow: 6, minEntriesToCompress: 5 } },
  },
];

/** The preset a first visit starts with: summaries show up after six messages. */
export const DEFAULT_PRESET_ID = 'rolling-5x3';

/** The id shown when the editor holds something no preset matches. */
export const CUSTOM_PRESET_ID = 'custom';

/** A preset by id. */
export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

/** The editor text of a setup: pretty JSON. */
export function setupText(setup: MemorySetup): string {
  return JSON.stringify(setup, null, 2);
}
