import type { RecallContext, SessionCache } from './types.js';

/** Whether the store holds the session: every write raises `version` from a new session's 0. */
export function isStored(c: SessionCache): boolean {
  return c.meta.version > 0;
}

/**
 * What a read of a session that is not stored (a typo, a stale id) works on, so it can never
 * create it: a copy of the cache whose bookkeeping (a recall index, `recallSeq`) is dropped
 * afterwards, and a recall context that writes nothing.
 */
export function readOnlyView(c: SessionCache, rc: RecallContext): { cache: SessionCache; rc: RecallContext } {
  return { cache: { ...c, meta: { ...c.meta } }, rc: { ...rc, write: async () => undefined } };
}
