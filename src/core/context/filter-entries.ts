import type { MemoryEntry } from '../../types.js';
import { ValidationError } from '../../errors.js';
import { isPlainObject } from '../checks/validate.js';

const ENTRY_TYPES = ['message', 'tool_call', 'tool_result', 'context'] as const;
const ROLES = ['user', 'assistant', 'system'] as const;

/**
 * Entries of the given types and roles. A tool result and
 * added context are `system` entries like a system message, so `{ types: ['message'], roles:
 * ['system'] }` is what selects system messages alone.
 */
export function filterEntries(entries: readonly MemoryEntry[], filter: unknown, field = 'options'): MemoryEntry[] {
  if (filter === undefined) return [...entries];
  if (!isPlainObject(filter)) throw new ValidationError(field, 'an object { types?, roles? }', filter);
  for (const key of Object.keys(filter)) {
    if (key !== 'types' && key !== 'roles') throw new ValidationError(`${field}.${key}`, 'only types and roles', key);
  }
  const types = list(filter.types, ENTRY_TYPES, `${field}.types`);
  const roles = list(filter.roles, ROLES, `${field}.roles`);
  return entries.filter((e) => (!types || types.has(e.type)) && (!roles || roles.has(e.role)));
}

function list(value: unknown, allowed: readonly string[], field: string): Set<string> | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((v) => !allowed.includes(v as string))) {
    throw new ValidationError(field, `an array of ${allowed.map((a) => `'${a}'`).join(', ')}`, value);
  }
  return new Set(value as string[]);
}
