/**
 * A large result crosses to the page in parts (#31): the structured clone of a 100,000-message
 * context (or a 100,000-entry export), made in the one task that posted the result, held the
 * worker for tens of milliseconds. The worker posts the result's list (an array result, or its
 * `messages` or `entries`) in parts of at most {@link PART_ENTRIES} items (fewer when their
 * content is long), each a message of its own, giving the thread back between them; then the
 * result without that list. The page keeps the parts of each call until its result comes and
 * puts them back in order. Parts and result go on the one port, in order, so the page has every
 * part when the result arrives.
 * @module
 */
import { RecallKitError } from '../errors.js';
import { PART_ENTRIES } from './import-parts.js';
import { partsByCall } from './parts-by-call.js';

/** A part of a call's result list, as the worker posts it. */
export interface ResultPartMessage {
  /** The call the part belongs to (the page's number for it). */
  recallkitResultPart: number;
  items: unknown[];
}

/** Whether a message from the worker is a part of a result. */
export function isResultPartMessage(data: unknown): data is ResultPartMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { recallkitResultPart?: unknown }).recallkitResultPart === 'number'
  );
}

/** A result whose list went ahead in parts: the result without it, and where it goes back. */
export interface PartedResult {
  recallkitParts: number;
  /** The field that held the list; absent: the result was the list. */
  field?: 'messages' | 'entries';
  head: unknown;
}

/** The fields of a result that may hold its large list. */
const FIELDS = ['messages', 'entries'] as const;

/**
 * The large list of a result and the result without it, or `undefined` when it goes whole: no
 * array (or `messages` / `entries` array) longer than one part.
 */
export function splitResult(
  value: unknown,
): { items: readonly unknown[]; head: (parts: number) => PartedResult } | undefined {
  if (Array.isArray(value)) {
    return value.length > PART_ENTRIES
      ? { items: value, head: (parts) => ({ recallkitParts: parts, head: [] }) }
      : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const field of FIELDS) {
    const items = (value as Record<string, unknown>)[field];
    if (Array.isArray(items) && items.length > PART_ENTRIES)
      return {
        items,
        head: (parts) => ({ recallkitParts: parts, field, head: { ...(value as object), [field]: [] } }),
      };
  }
  return undefined;
}

/** The page's side: the parts of results whose call has not answered yet, by call. */
export interface ResultAssembly {
  /** A part of call `id`'s result, in the order posted. */
  add(id: number, part: unknown[]): void;
  /** Call `id`'s result, its list put back when it came in parts; the parts are forgotten. */
  take(id: number, value: unknown): unknown;
  /** Forget call `id`'s parts (it failed). */
  drop(id: number): void;
}

/** Keep the parts of results until their calls answer. */
export function resultAssembly(): ResultAssembly {
  const kept = partsByCall();
  return {
    add: kept.add,
    take(id, value) {
      const { items, parts } = kept.take(id);
      if (parts === 0) return value;
      const { recallkitParts, field, head } = value as PartedResult;
      if (parts !== recallkitParts)
        throw new RecallKitError(`worker: ${parts} of the ${recallkitParts} parts of the result arrived`);
      if (field === undefined) return items;
      (head as Record<string, unknown>)[field] = items;
      return head;
    },
    drop: kept.drop,
  };
}
