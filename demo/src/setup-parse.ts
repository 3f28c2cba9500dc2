/**
 * Reads the profile editor's JSON: validates it exactly as `createWorkerMemory` will
 * (`parseProfile`, the Memory Manager config check), so a mistake is shown with its field
 * path before the running memory is touched, and works out the active token budget.
 * @module
 */
import { ValidationError } from 'recallkit';
import { DEFAULT_MEMORY_CONFIG } from 'recallkit';
import { validateConfig } from 'recallkit/strategies';
import { parseProfile } from 'recallkit/strategies';
import type { MemoryProfile } from 'recallkit';
import type { MemoryConfig } from 'recallkit';
import type { MemorySetup } from './presets.js';

/** The token budget the context is measured against, and where it comes from. */
export interface Budget {
  /** Tokens, or undefined when the profile sets no token budget (a window of messages or turns). */
  tokens: number | undefined;
  /** The field it comes from, e.g. `summary_buffer.budget`. */
  source: string;
  /** summary_buffer: summarize above this many tokens. */
  threshold?: number;
  /** summary_buffer: summarize down to this many tokens. */
  target?: number;
}

/** A setup that passed validation. */
export interface ParsedSetup {
  ok: true;
  /** What goes into `createWorkerMemory` (the editor's JSON). */
  setup: MemorySetup;
  /** The resolved profile (every default filled in), or undefined for the Memory Manager. */
  profile: MemoryProfile | undefined;
  /** The Memory Manager config with defaults (used when there is no profile). */
  config: MemoryConfig;
  budget: Budget;
  /** Short description of the strategies, for the header. */
  summary: string;
}

/** Why the editor's text was refused. */
export interface SetupError {
  ok: false;
  /** The offending field path (`profile.long_term_memory_strategy[0].window`), or `JSON`. */
  field: string;
  message: string;
}

const KEYS = ['profile', 'config'];

/** Turn a thrown error into what the editor shows: field path and message. */
export function setupError(error: unknown): SetupError {
  if (
    error instanceof ValidationError ||
    (error instanceof Error && typeof (error as { field?: unknown }).field === 'string')
  ) {
    return { ok: false, field: (error as ValidationError).field, message: error.message };
  }
  return { ok: false, field: 'options', message: error instanceof Error ? error.message : String(error) };
}

/** The budget of a resolved profile (first max_tokens, else summary_buffer), or the config's maxTokens. */
export function budgetOf(profile: MemoryProfile | undefined, config: MemoryConfig): Budget {
  if (!profile) return { tokens: config.maxTokens, source: 'config.maxTokens' };
  const maxTokens = profile.short_term_memory_strategy.find((s) => s.memory_strategy_id === 'max_tokens');
  if (maxTokens && maxTokens.memory_max_tokens >= 0)
    return { tokens: maxTokens.memory_max_tokens, source: 'max_tokens.memory_max_tokens' };
  for (const s of profile.long_term_memory_strategy) {
    if (s.long_term_memory_id === 'summary_buffer') {
      return {
        tokens: s.budget,
        source: 'summary_buffer.budget',
        threshold: Math.round(s.budget * s.threshold),
        target: Math.round(s.budget * s.target),
      };
    }
  }
  const window = profile.short_term_memory_strategy.find((s) => s.memory_strategy_id === 'buffer_window');
  if (window) return { tokens: undefined, source: `buffer_window: the newest ${window.window_size} messages` };
  const rolling = profile.long_term_memory_strategy.find((s) => s.long_term_memory_id === 'rolling');
  if (rolling)
    return {
      tokens: undefined,
      source: `rolling: the newest ${rolling.window} turns + ${rolling.max_summaries} summaries`,
    };
  return { tokens: undefined, source: 'no token budget in this profile' };
}

function describeProfile(profile: MemoryProfile | undefined, config: MemoryConfig): string {
  if (!profile)
    return `Memory Manager (maxEntries ${config.maxEntries}, maxTokens ${config.maxTokens}, recentWindow ${config.recentWindow})`;
  const parts = [
    ...profile.short_term_memory_strategy.map((s) => s.memory_strategy_id),
    ...profile.long_term_memory_strategy.map((s) => s.long_term_memory_id),
  ];
  return parts.length ? parts.join(' + ') : 'no strategies (everything is kept and sent)';
}

/** Validate an already-parsed setup object. */
export function checkSetup(value: unknown): ParsedSetup | SetupError {
  try {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new ValidationError('options', 'an object { "profile": {...} } or { "config": {...} }', value);
    }
    const input = value as Record<string, unknown>;
    for (const key of Object.keys(input)) {
      if (!KEYS.includes(key))
        throw new ValidationError(
          `options.${key}`,
          'one of "profile" (strategies) or "config" (Memory Manager settings)',
          key,
        );
    }
    const profile = input.profile === undefined ? undefined : parseProfile(input.profile, 'profile');
    const configPart = validateConfig(input.config, 'config');
    const config: MemoryConfig = { ...DEFAULT_MEMORY_CONFIG, ...configPart };
    const setup: MemorySetup = {};
    if (input.profile !== undefined) setup.profile = input.profile;
    if (input.config !== undefined) setup.config = input.config as Record<string, unknown>;
    return {
      ok: true,
      setup,
      profile,
      config,
      budget: budgetOf(profile, config),
      summary: describeProfile(profile, config),
    };
  } catch (error) {
    return setupError(error);
  }
}

/** Parse and validate the editor's text. */
export function parseSetupText(text: string): ParsedSetup | SetupError {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      field: 'JSON',
      message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  return checkSetup(value);
}
