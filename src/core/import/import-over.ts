import type { StoreAdapter } from '../../types.js';
import { ImportConflictError, ValidationError } from '../../errors.js';
import { isPlainObject } from '../checks/validate.js';
import type { ParsedState } from './import-state.js';
import type { ImportOptions } from '../../memory.js';

/** Validate `importSession`'s second argument. */
export function checkImportOptions(options: unknown): ImportOptions {
  if (options === undefined) return {};
  if (!isPlainObject(options)) throw new ValidationError('options', 'an object { replace?: boolean }', options);
  for (const key of Object.keys(options)) {
    if (key !== 'replace') throw new ValidationError(`options.${key}`, 'only replace', key);
  }
  if (options.replace !== undefined && typeof options.replace !== 'boolean')
    throw new ValidationError('options.replace', 'a boolean', options.replace);
  return options.replace ? { replace: true } : {};
}

/**
 * Refuse importing over a stored session that holds entries newer than the export (numbered
 * at or after the state's `nextSeq` and absent from it), unless `replace` is set: replacing
 * would silently drop what was added since. Reads only the meta unless the numbering says
 * something may have been added.
 */
export async function checkImportOver(store: StoreAdapter, state: ParsedState, options: ImportOptions): Promise<void> {
  if (options.replace) return;
  const meta = await store.loadMeta(state.sessionId);
  if (!meta || meta.nextSeq <= state.nextSeq) return;
  const known = new Set(state.entries.map((e) => e.id));
  const newer = (await store.loadEntries(state.sessionId, { fromSeq: state.nextSeq })).filter((e) => !known.has(e.id));
  if (!newer.length) return;
  throw new ImportConflictError(
    `importSession: session ${JSON.stringify(state.sessionId)} holds ${newer.length} ` +
      `entr${newer.length === 1 ? 'y' : 'ies'} added after this export ` +
      `(seq ${newer[0]!.seq} and later), which the import would delete; nothing was changed. ` +
      'Pass importSession(state, { replace: true }) to replace the session anyway, or import under another sessionId.',
  );
}
