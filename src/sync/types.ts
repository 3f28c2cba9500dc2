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
