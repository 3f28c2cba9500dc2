import { ValidationError } from '../errors.js';
import type { EntryDraft } from './make-entry.js';
import { checkTimestamp, isPlainObject } from './checks/validate.js';
import { optionalCallerId } from './checks/caller-ids.js';

/**
 * Apply `addUserMessage` / `addAssistantMessage` options to a draft: `{ timestamp, id }`. The
 * timestamp is an ISO 8601 string or a Date, stored as ISO (history recorded elsewhere keeps its
 * own time); the id is the caller's id of the turn (a retry with it stores nothing twice).
 */
export function withAddOptions(d: EntryDraft, options: unknown): void {
  if (options === undefined) return;
  if (!isPlainObject(options)) throw new ValidationError('options', 'an object { timestamp?, id? }', options);
  for (const k of Object.keys(options)) {
    if (k !== 'timestamp' && k !== 'id')
      throw new ValidationError(`options.${k}`, 'one of the known options (timestamp, id)', k);
  }
  if (options.timestamp !== undefined)
    d.timestamp = checkTimestamp(options.timestamp, 'options.timestamp', () => new Date());
  const id = optionalCallerId(options.id, 'options.id');
  if (id !== undefined) d.id = id;
}
