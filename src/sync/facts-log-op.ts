/**
 * The extra check of an op on the facts log (`__recallkit_facts__`, the one reserved session
 * sync carries): only records are added (`entry`) and erased (`erase`), and an added entry
 * carries a well-formed fact record under its own id, so no device ever pulls a record it
 * would have to ignore. Run by the client before it pushes and by the server on what it is pushed.
 * @module
 */
import { ValidationError } from '../errors.js';
import { isPlainObject } from '../core/checks/validate.js';
import { checkRecord } from '../core/facts/fact-records.js';

/** Refuse an op on the facts log that is not a well-formed record added or erased. */
export function checkFactsLogOp(raw: Record<string, unknown>, field: string): void {
  if (raw.kind !== 'entry' && raw.kind !== 'erase')
    throw new ValidationError(`${field}.kind`, "'entry' or 'erase' on the facts log", raw.kind);
  if (raw.kind === 'erase') return;
  const entry = raw.entry;
  if (!isPlainObject(entry)) return; // the entry checks name what is wrong
  if (entry.type !== 'context' || entry.role !== 'system')
    throw new ValidationError(`${field}.entry.type`, "'context' with role 'system' (a fact record)", entry.type);
  let record: unknown;
  try {
    record = typeof entry.content === 'string' ? JSON.parse(entry.content) : undefined;
  } catch {
    record = undefined;
  }
  const checked = checkRecord(record, `${field}.entry.content`);
  if (checked.id !== entry.id)
    throw new ValidationError(`${field}.entry.id`, `the id of the record it carries (${checked.id})`, entry.id);
}
