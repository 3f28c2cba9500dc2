/**
 * A large `importSession` crosses to the worker in parts (#31): the structured clone of a
 * 100,000-entry state, taken by the worker in one task as it read the message, held it for tens
 * of milliseconds. The page sends the state's entries in parts of at most {@link PART_ENTRIES}
 * entries (fewer when their content is long), each a message of its own, then the call with
 * the rest of the state; the worker keeps the parts until that call puts them back in order.
 * Every part and the call are posted at once, in order, on the one port: the calls made after
 * the import still reach the worker after it.
 * @module
 */
import { RecallKitError } from '../errors.js';
import { partsByCall } from './parts-by-call.js';

/** Entries in one part at most. */
export const PART_ENTRIES = 2000;
/** Characters of entries' content in one part at most (a part holds one entry however long). */
export const PART_CHARS = 1 << 20;
/** What an entry costs a part besides its content, in characters (its ids, role, times, counts). */
const ENTRY_CHARS = 200;

/** An import's state split for the trip: the state without its entries, and the entries in parts. */
export interface ImportParts {
  /** The state with `entries` empty (the worker fills it from the parts). */
  head: Record<string, unknown>;
  parts: unknown[][];
}

/**
 * `state` split into parts, or `undefined` when it goes whole: not an object with an `entries`
 * array, or entries that fit one part. The worker checks the state it assembles as it would
 * the state sent whole (the same errors, the same indices).
 */
export function splitImport(state: unknown): ImportParts | undefined {
  if (typeof state !== 'object' || state === null || Array.isArray(state)) return undefined;
  const entries = (state as { entries?: unknown }).entries;
  if (!Array.isArray(entries) || entries.length <= PART_ENTRIES) return undefined;
  const parts = [...inParts(entries as unknown[])].map((p) => p.items);
  return { head: { ...(state as Record<string, unknown>), entries: [] }, parts };
}

/**
 * `items` in parts of at most {@link PART_ENTRIES} items and about {@link PART_CHARS} characters
 * of content (a part holds one item however long), each with its characters.
 */
export function* inParts(items: readonly unknown[]): Generator<{ items: unknown[]; chars: number }, void, void> {
  let part: unknown[] = [];
  let chars = 0;
  for (const item of items) {
    const content = (item as { content?: unknown } | null)?.content;
    const cost = ENTRY_CHARS + (typeof content === 'string' ? content.length : 0);
    if (part.length > 0 && (part.length >= PART_ENTRIES || chars + cost > PART_CHARS)) {
      yield { items: part, chars };
      part = [];
      chars = 0;
    }
    part.push(item);
    chars += cost;
  }
  if (part.length > 0) yield { items: part, chars };
}

/** The worker's side: the parts of imports whose call has not come yet, by import. */
export interface ImportAssembly {
  /** A part of import `id`, in the order sent. */
  add(id: number, part: unknown[]): void;
  /**
   * The import's state with its entries put back; throws when a part did not arrive (the page
   * could not send it: the page reports why).
   */
  take(id: number, parts: number, head: unknown): unknown;
  /** Forget every part kept (the memory closes). */
  clear(): void;
}

/** Keep the parts of imports until their calls come. */
export function importAssembly(): ImportAssembly {
  const kept = partsByCall();
  return {
    add: kept.add,
    take(id, parts, head) {
      const { items, parts: came } = kept.take(id);
      if (came !== parts || typeof head !== 'object' || head === null)
        throw new RecallKitError(
          `importSession: ${came} of the ${parts} parts of the state's entries reached the worker:` +
            ' nothing was imported',
        );
      (head as { entries: unknown[] }).entries = items;
      return head;
    },
    clear: kept.clear,
  };
}
