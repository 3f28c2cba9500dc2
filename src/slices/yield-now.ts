/**
 * Giving the thread back to the host for one turn, with no DOM or Node import: what lets a
 * bulk call work in slices while a server answers other users and a worker takes messages.
 * @module
 */

/** Gives the thread back and resolves on a later turn of the event loop. */
export type YieldNow = () => Promise<void>;

interface HostScheduling {
  setImmediate?: (fn: () => void) => unknown;
  MessageChannel?: new () => {
    port1: { onmessage: ((event: unknown) => void) | null; close(): void };
    port2: { postMessage(message: unknown): void; close(): void };
  };
}

/**
 * The host's cheapest way to let other work run: `setImmediate` in Node (I/O and timers run
 * first), a `MessageChannel` message in browsers and workers (no 4 ms clamp), else a zero-delay
 * timer. Not `scheduler.yield()`: its continuation runs ahead of the other tasks waiting (a
 * worker's incoming messages, its timers), so a bulk call that yielded with it still held a
 * worker's messages for its whole length (Chromium: a 20,000-message add, 2 s without a timer
 * tick).
 */
export function hostYield(): YieldNow {
  const host = globalThis as unknown as HostScheduling;
  const immediate = host.setImmediate;
  if (typeof immediate === 'function') return () => new Promise<void>((resolve) => void immediate(resolve));
  const Channel = host.MessageChannel;
  if (typeof Channel === 'function') {
    return () =>
      new Promise<void>((resolve) => {
        const channel = new Channel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          resolve();
        };
        channel.port2.postMessage(null);
      });
  }
  return () => new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/** {@link hostYield} of this thread, chosen once. */
export const yieldNow: YieldNow = (() => {
  let chosen: YieldNow | undefined;
  return () => (chosen ??= hostYield())();
})();
