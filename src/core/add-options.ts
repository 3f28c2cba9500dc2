import { ValidationError } from '../errors.js';
import type { EntryDraft } from './make-entry.js';
import { checkTimestamp, isPlainObject } from './checks/validate.js';

/**
 * Apply `addUserMessage` / `addAssistantMessage` options to a draft: `{ timestamp }`, an
 * ISO 8601 string or a Date, stored as ISO (history recorded elsewhere keeps its own time).
 */
export function withAddOptions(d: EntryDraft, options: unknown): void {
  if (options === undefined) return;
  if (!isPlainObject(options)) throw new ValidationError('options', 'an object { timestamp? }', options);
  for (const k of Object.keys(options)) {
    if (k !== 'timestamp') throw new ValidationError(`options.${k}`, 'one of the known options (timestamp)', k);
  }
  if (options.timestamp !== undefined)
    d.timestamp = checkTimestamp(options.timestamp, 'options.timestamp', () => new Date());
}
