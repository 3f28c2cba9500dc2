/**
 * The strategy registry: every strategy id a profile may name, built-in or added with
 * {@link registerStrategy}. Profile validation, `createStrategies` and the hosts ask it for a
 * strategy's fields, factory and traits, instead of testing ids by name.
 * @module
 */
import { ValidationError } from '../errors.js';
import { BUILTIN_STRATEGIES } from './builtin-strategies.js';
import { STRATEGY_ID_KEYS, type StrategyDefinition, type StrategyKind } from './strategy-definition.js';
import { registry } from './registered-strategies.js';

/**
 * Make a strategy id available to profiles, in this thread: `createMemory` (and, called in a
 * custom worker entry, `createWorkerMemory`) then accepts `{ long_term_memory_id: id, … }`
 * (or `memory_strategy_id` for a short-term one). The built-in strategies are registered
 * the same way.
 * @throws ValidationError when `id` is already registered or the definition is malformed.
 * @example
 * ```ts
 * import { registerStrategy, int } from 'recallkit/strategies';
 * registerStrategy('last_n', {
 *   kind: 'short_term',
 *   fields: { n: int(4, 1) },
 *   create: (config: { n: number }) => ({
 *     id: 'last_n',
 *     select: (selection) => ({ ...selection, interactions: selection.interactions.slice(-config.n) }),
 *   }),
 * });
 * ```
 */
export function registerStrategy<C>(id: string, definition: StrategyDefinition<C>): void {
  if (typeof id !== 'string' || !/^[A-Za-z0-9_.:-]+$/.test(id)) {
    throw new ValidationError('id', 'a non-empty strategy id of letters, digits, _ . : -', id);
  }
  const taken = registry.get(id);
  if (taken)
    throw new ValidationError(
      'id',
      `an id not already registered (${JSON.stringify(id)} is a ${taken.kind} strategy)`,
      id,
    );
  const d = definition as Partial<StrategyDefinition> | null;
  if (typeof d !== 'object' || d === null)
    throw new ValidationError('definition', 'an object { kind, fields, create }', d);
  if (d.kind !== 'short_term' && d.kind !== 'long_term')
    throw new ValidationError('definition.kind', '"short_term" or "long_term"', d.kind);
  if (typeof d.fields !== 'object' || d.fields === null)
    throw new ValidationError('definition.fields', 'an object of field readers', d.fields);
  for (const [name, field] of Object.entries(d.fields)) {
    if (name === STRATEGY_ID_KEYS[d.kind])
      throw new ValidationError(`definition.fields.${name}`, 'no field for the id (it is added by the registry)');
    if (typeof field?.read !== 'function' || typeof field.fallback !== 'function') {
      throw new ValidationError(`definition.fields.${name}`, 'a field reader { read, fallback }', field);
    }
  }
  if (typeof d.create !== 'function')
    throw new ValidationError('definition.create', 'a function (config) => strategy', d.create);
  for (const key of ['check', 'traits'] as const) {
    if (d[key] !== undefined && typeof d[key] !== 'function')
      throw new ValidationError(`definition.${key}`, 'a function or undefined', d[key]);
  }
  registry.set(id, definition as unknown as StrategyDefinition);
}

/** The registered ids of one kind, built-in first, then in registration order. */
export function strategyIds(kind: StrategyKind): string[] {
  return [...registry].filter(([, d]) => d.kind === kind).map(([id]) => id);
}

/** The definition registered for `id`, when it is of `kind`. */
export function strategyDefinition<K extends StrategyKind>(
  kind: K,
  id: string,
): Extract<StrategyDefinition, { kind: K }> | undefined {
  const definition = registry.get(id);
  return definition?.kind === kind ? (definition as Extract<StrategyDefinition, { kind: K }>) : undefined;
}

// Once per process: another copy of this module (the bundled server entry's) finds them registered.
for (const [id, definition] of Object.entries(BUILTIN_STRATEGIES))
  if (!registry.has(id)) registerStrategy(id, definition as StrategyDefinition<unknown>);
