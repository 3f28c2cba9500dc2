/**
 * The sync option and status types, with no imports: `src/types.ts` names them without pulling in
 * the sync client's checks.
 * @module
 */

/** `createMemory({ sync })`: keep this memory in sync with a `syncHandler` endpoint. */
export interface SyncOptions {
  /** The endpoint's URL (absolute, or relative to the page that creates the worker). */
  url: string;
  /** Headers sent with every request, e.g. `{ authorization: 'Bearer …' }`. */
  headers?: Record<string, string> | undefined;
  /** Pull every this many ms while idle (default 30,000; 0: only on `sync()` and local changes). */
  intervalMs?: number | undefined;
  /** This device's id (default: a random id minted once and kept in the store). */
  deviceId?: string | undefined;
  /** A request taking longer is abandoned and retried (default 30,000 ms). */
  timeoutMs?: number | undefined;
}

/** What `sync:state` reports. */
export interface SyncStatus {
  /**
   * `syncing`: a round runs; `offline`: the endpoint was unreachable (retried with backoff); `error`: it refused the
   * round (401, 400, 5xx).
   */
  state: 'idle' | 'syncing' | 'offline' | 'error';
  /** Local changes the server has not acknowledged yet (ops of the outbox). */
  pending: number;
  /** The server seq this device has pulled up to. */
  cursor: string;
}

/** The op a `sync:refused` event names: what it is and which session and record it carries. */
export interface SyncRefusedOp {
  opId: string;
  sessionId: string;
  kind: 'entry' | 'compact' | 'drop-summary' | 'erase' | 'clear';
  /** The op's other fields, as it would have been pushed (`entry`, `summary`, `entryIds`, …). */
  [field: string]: unknown;
}

/**
 * What `sync:refused` reports: an op set aside, never pushed again, while every other op goes on.
 * The local data stays as it is (an entry set aside is kept here, on this device only).
 */
export interface SyncRefusal {
  op: SyncRefusedOp;
  /** Why, e.g. `ops[0].entry.tool.name: expected a non-empty string of at most 512 characters, …`. */
  reason: string;
  /** The offending field, when a check of the record failed. */
  field?: string;
  /** `client`: the record checks refused it before it was sent; `server`: the server refused it as malformed. */
  by: 'client' | 'server';
}
