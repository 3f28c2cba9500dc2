/**
 * Session ids that belong to RecallKit: those beginning with `__recallkit` (the sync client keeps
 * its device state there). The public API refuses them and never lists them; RecallKit's own
 * layers reach them through the raw store, below these checks.
 * @module
 */
import { ValidationError } from '../../errors.js';

/** The prefix of RecallKit's reserved session ids. */
export const RESERVED_SESSION_PREFIX = '__recallkit';

/**
 * The facts log: the records of a memory's facts about the user (`core/facts/`), one session
 * per memory (per tenant). The one reserved session that sync carries between devices.
 */
export const FACTS_LOG_SESSION = '__recallkit_facts__';

/** The facts engine's own bookkeeping on this device (what it has read): never synced. */
export const FACTS_STATE_SESSION = '__recallkit_facts_state__';

/** True for a session sync carries: every session of the app, and the facts log. */
export function isSyncedSessionId(sessionId: string): boolean {
  return sessionId === FACTS_LOG_SESSION || !isReservedSessionId(sessionId);
}

/** True for a session id reserved by RecallKit. */
export function isReservedSessionId(sessionId: string): boolean {
  return sessionId.startsWith(RESERVED_SESSION_PREFIX);
}

/** Refuse a reserved session id with a `ValidationError` naming `field`. */
export function refuseReservedSessionId(sessionId: string, field: string): void {
  if (isReservedSessionId(sessionId))
    throw new ValidationError(
      field,
      `a session id not beginning with '${RESERVED_SESSION_PREFIX}' (reserved for RecallKit's own state)`,
      sessionId,
    );
}
