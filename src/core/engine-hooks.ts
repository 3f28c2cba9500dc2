import type { Emitter } from './emitter.js';
import type { SessionCache } from './session/session.js';

/**
 * What the engine lends a host extension (the sync client) that changes sessions behind the
 * engine's back: its per-session queue, so those changes apply in call order with every
 * other operation on the session, and its session cache, dropped after such a change.
 */
export interface EngineHooks {
  /**
   * Run `task` in the session's queue, once FLUSH's pending writes of the session are stored;
   * `cache` is the engine's state of the session, which the task may bring up to date with
   * what it wrote (else it calls `drop`).
   */
  run<T>(sessionId: string, task: (cache: SessionCache) => Promise<T>): Promise<T>;
  /** Forget the session's cached state (the store changed under it). */
  drop(sessionId: string): void;
  emit: Emitter['emit'];
  on: Emitter['on'];
}
