/**
 * Session ids that belong to RecallKit: those beginning with `__recallkit` (the sync client keeps
 * its device state there). The public API refuses them and never lists them; RecallKit's own
 * layers reach them through the raw store, below these checks.
 * @module
 */
import { ValidationError } from '../../errors.js';

/** The prefix of RecallKit's reserved session ids. */
export const RESERVED_SESSION_PREFIX = '__recallkit';

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
