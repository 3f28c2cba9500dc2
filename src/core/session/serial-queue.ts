/**
 * Runs tasks one at a time per key, in call order; different keys run independently.
 * A failing task rejects its own promise only: the queue goes on.
 */
export interface SerialQueue {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Resolves when every task queued so far has settled. */
  idle(): Promise<void>;
}

/** Create a per-key serial queue. */
export function createSerialQueue(): SerialQueue {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run(key, task) {
      const prev = tails.get(key) ?? Promise.resolve();
      const result = prev.then(task, task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    async idle() {
      await Promise.all([...tails.values()]);
    },
  };
}
