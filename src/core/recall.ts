import type { RecallOptions, RecallResult, StoreAdapter } from '../types.js';
import type { SessionCache } from './session.js';
import { RecallKitError } from '../errors.js';

/** Search a session's whole history. (Wired to the recall index in the next change.) */
export async function recallEntries(_c: SessionCache, _store: StoreAdapter, _query: string, _options?: RecallOptions): Promise<RecallResult[]> {
  throw new RecallKitError('recall: not wired yet');
}
