/**
 * The handle `createServerMemory().forUser(id)` returns: the id and the server memory's runner,
 * nothing else. Its methods live on one shared prototype, so making a handle per request costs
 * one small object, and no I/O.
 * @module
 */
import { SESSION_METHODS, type Memory } from '../memory.js';

/** The per-session methods of `Memory`, scoped to one user. */
export const USER_MEMORY_METHODS = SESSION_METHODS;

/**
 * One user's memory on a server: the methods of `Memory` that read or write sessions, every
 * one scoped to the user (`listSessions` lists theirs, `recall` searches theirs).
 */
export type UserMemory = Pick<Memory, (typeof USER_MEMORY_METHODS)[number]> & {
  /** The user this handle is for. */
  readonly userId: string;
};

/** Runs a call on a user's engine (made or taken from the cache). */
export type UserRunner = <T>(userId: string, call: (memory: Memory) => Promise<T>) => Promise<T>;

interface Handle {
  readonly userId: string;
  readonly run: UserRunner;
}

function HandleOf(this: Handle, userId: string, run: UserRunner): void {
  Object.defineProperty(this, 'userId', { value: userId, enumerable: true });
  Object.defineProperty(this, 'run', { value: run });
}
for (const name of USER_MEMORY_METHODS) {
  Object.defineProperty(HandleOf.prototype, name, {
    value: function (this: Handle, ...args: unknown[]): Promise<unknown> {
      return this.run(this.userId, (memory) => (memory[name] as (...a: unknown[]) => Promise<unknown>)(...args));
    },
  });
}

/** The handle of `userId` (already checked). */
export function userMemoryHandle(userId: string, run: UserRunner): UserMemory {
  return new (HandleOf as unknown as new (userId: string, run: UserRunner) => UserMemory)(userId, run);
}
