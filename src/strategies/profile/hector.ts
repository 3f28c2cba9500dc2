/**
 * `fromHectorConfig`: turn a working-memory `memory:` block (from YAML or JSON) into a profile.
 * @module
 */
import { checkBelow, expectObject, fraction, int, oneOf, readFields } from './fields.js';
import type { HectorMemoryConfig, MemoryProfile } from './profile-types.js';

const hectorSpec = {
  strategy: oneOf(['summary_buffer', 'buffer_window'], 'summary_buffer'),
  budget: int(2000, 1),
  threshold: fraction(0.8, 0, 1),
  target: fraction(0.6, 0, 1),
  window_size: int(20, 1),
};

/**
 * Translate working-memory settings (`strategy`, `budget`, `threshold`, `target`,
 * `window_size`; defaults `summary_buffer`, 2000, 0.8, 0.6 and 20) into a profile:
 * `summary_buffer` becomes the long-term `summary_buffer` strategy (no short-term limit),
 * `buffer_window` the short-term
 * `buffer_window`. An empty block (`memory:` with nothing under it) means all defaults.
 * Errors name the block's own fields (`memory.threshold`).
 * @throws ValidationError for an unknown field or a value out of range.
 * @example
 * const profile = fromHectorConfig({ strategy: 'summary_buffer', budget: 2500, threshold: 0.75, target: 0.5 });
 */
export function fromHectorConfig(memory?: HectorMemoryConfig | null, path = 'memory'): MemoryProfile {
  // Validated as unknown: the block usually comes from YAML or JSON, not from typed code.
  const raw: unknown = memory;
  const block = raw === null || raw === undefined ? {} : expectObject(raw, path);
  const config = readFields(block, path, hectorSpec, "Hector's memory block");
  checkBelow(config.target, config.threshold, `${path}.target`, 'threshold');
  if (config.strategy === 'buffer_window') {
    return {
      short_term_memory_strategy: [{ memory_strategy_id: 'buffer_window', window_size: config.window_size }],
      long_term_memory_strategy: [],
      persistence_strategy: 'INCREMENTAL',
    };
  }
  return {
    short_term_memory_strategy: [],
    long_term_memory_strategy: [
      {
        long_term_memory_id: 'summary_buffer',
        budget: config.budget,
        threshold: config.threshold,
        target: config.target,
      },
    ],
    persistence_strategy: 'INCREMENTAL',
  };
}
