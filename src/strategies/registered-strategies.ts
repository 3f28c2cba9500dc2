/**
 * The registered strategies by id: the one map behind `registerStrategy` and the profiles that
 * name a strategy. It has a module of its own so that a process has one of it even with two
 * copies of the registry loaded: the server entry (`recallkit/postgres`) is bundled
 * (`scripts/bundle-server.mjs`) and imports this module from `dist/`, as `recallkit/strategies`
 * does, so a strategy registered through one is known to the other.
 * @module
 */
import type { StrategyDefinition } from './strategy-definition.js';

/** Definitions by strategy id, built-in first, then in registration order. */
export const registry = new Map<string, StrategyDefinition>();
