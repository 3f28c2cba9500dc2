/**
 * Lists that cross between the page and the worker in parts (#31): an import's entries on the
 * way in, a large result's list on the way out. Each side keeps the parts of a call, in the
 * order they came, until the message that puts them back arrives.
 * @module
 */

/** The parts kept of each call's list, by call. */
export interface PartsByCall {
  /** A part of call `id`'s list, in the order posted. */
  add(id: number, part: unknown[]): void;
  /** Call `id`'s parts joined in order and how many came (0: none); they are forgotten. */
  take(id: number): { items: unknown[]; parts: number };
  /** Forget call `id`'s parts. */
  drop(id: number): void;
  /** Forget every part kept. */
  clear(): void;
}

/** Keep the parts of lists until their calls take them. */
export function partsByCall(): PartsByCall {
  const kept = new Map<number, unknown[][]>();
  return {
    add(id, part) {
      const list = kept.get(id);
      if (list) list.push(part);
      else kept.set(id, [part]);
    },
    take(id) {
      const list = kept.get(id) ?? [];
      kept.delete(id);
      const items: unknown[] = [];
      for (const part of list) for (const item of part) items.push(item);
      return { items, parts: list.length };
    },
    drop: (id) => void kept.delete(id),
    clear: () => kept.clear(),
  };
}
