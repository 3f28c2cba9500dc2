import type { SessionCache } from './types.js';

/** Whether the store holds the session: every write raises `version` from a new session's 0. */
export function isStored(c: SessionCache): boolean {
  return c.meta.version > 0;
}

/** The copies {@link readOnlyView} made: their recall context writes nothing. */
const views = new WeakSet<SessionCache>();

/**
 * What a read of a session that is not stored (a typo, a stale id) works on, so it can never
 * create it: a copy of the cache whose bookkeeping (a recall index, `recallSeq`, vectors, a
 * knowledge base) is dropped afterwards, and whose recall context writes nothing
 * ({@link isReadOnly}). A stored session is read as it is.
 */
export function readOnlyView(c: SessionCache): SessionCache {
  if (isStored(c)) return c;
  const view = { ...c, meta: { ...c.meta } };
  views.add(view);
  return view;
}

/** Whether `c` is a {@link readOnlyView} copy, whose recall bookkeeping must not be written. */
export function isReadOnly(c: SessionCache): boolean {
  return views.has(c);
}
