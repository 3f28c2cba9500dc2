/**
 * Adds under a caller's id: each draft carrying an id is looked up among the session's stored
 * entries (the active ones in the cache, then compressed ones in the store), so a retried add
 * resolves with the turn it stored instead of storing it twice; the same id with another turn
 * is refused before anything is stored.
 * @module
 */
import type { MemoryEntry, StoreAdapter } from '../types.js';
import { ValidationError } from '../errors.js';
import type { SessionCache } from './types.js';
import type { EntryDraft } from './make-entry.js';
import type { Writer } from './session/writer.js';
import { turnDifference, type TurnShape } from './checks/same-turn.js';

/** A draft's id error path (`options.id`, `messages[3].id`). */
const fieldOf = (d: EntryDraft): string => d.idField ?? 'options.id';

/** The turn a draft says it is, as {@link turnDifference} compares it. */
export function turnOf(d: EntryDraft): TurnShape {
  const turn: TurnShape = { type: d.type, role: d.role, content: d.content, metadata: d.metadata };
  if (d.tool) {
    turn.tool = { name: d.tool.name, isError: d.tool.isError };
    if (!d.callIdGenerated) turn.tool.callId = d.tool.callId;
  }
  return turn;
}

/** The `ValidationError` of a known id given with another turn (the stored entry is kept). */
export function reusedId(d: EntryDraft, stored: MemoryEntry, what: string): ValidationError {
  const id = JSON.stringify(stored.id);
  return new ValidationError(
    fieldOf(d),
    `a new id, or the turn stored under it: id ${id} is stored in session ${JSON.stringify(stored.sessionId)} ` +
      `with other ${what} (the stored entry is kept; add a changed turn under a new id)`,
    stored.id,
  );
}

/**
 * Entries stored under the drafts' ids (`undefined` where a draft has no id or a new one), in
 * draft order. The store is read only for ids not among the active entries, and only when the
 * session holds inactive (compressed) entries; FLUSH's unwritten batch is written first so the
 * store holds everything the cache saw. A draft repeating an earlier draft's id maps to it
 * (`{ earlier }`). Throws a `ValidationError` when an id is known with another turn.
 */
export async function knownTurns(
  c: SessionCache,
  store: StoreAdapter,
  writer: Writer,
  drafts: readonly EntryDraft[],
): Promise<(MemoryEntry | { earlier: number } | undefined)[]> {
  const out: (MemoryEntry | { earlier: number } | undefined)[] = new Array(drafts.length).fill(undefined);
  const wanted = new Map<string, number>();
  drafts.forEach((d, i) => {
    if (d.id === undefined) return;
    const first = wanted.get(d.id);
    if (first === undefined) return void wanted.set(d.id, i);
    const what = turnDifference(asEntry(drafts[first]!, c.meta.sessionId), turnOf(d));
    if (what) throw reusedId(d, asEntry(drafts[first]!, c.meta.sessionId), what);
    out[i] = { earlier: first };
  });
  if (wanted.size === 0) return out;
  const found = await storedEntries(c, store, writer, [...wanted.keys()]);
  for (const [id, i] of wanted) {
    const stored = found.get(id);
    if (!stored) continue;
    const what = turnDifference(stored, turnOf(drafts[i]!));
    if (what) throw reusedId(drafts[i]!, stored, what);
    out[i] = structuredClone(stored);
  }
  return out;
}

/** A draft seen as the entry it would become, for comparing two drafts of one batch. */
function asEntry(d: EntryDraft, sessionId: string): MemoryEntry {
  const e: MemoryEntry = {
    id: d.id ?? '',
    sessionId,
    seq: 0,
    interaction: 0,
    type: d.type,
    role: d.role,
    content: d.content,
    timestamp: '',
    tokenCount: 0,
    compressed: false,
  };
  if (d.tool) e.tool = d.tool;
  if (d.metadata) e.metadata = d.metadata;
  return e;
}

/**
 * The entries stored under `ids` in the session (active, compressed or erased), by id; an id
 * not stored is absent. Most lookups are of the newest turns: the active entries are searched
 * from the newest, and the store is read (once, for the ids not found) only when the session
 * holds entries outside the cache; FLUSH's unwritten batch is written first so the store holds
 * everything the cache saw.
 */
async function storedEntries(
  c: SessionCache,
  store: StoreAdapter,
  writer: Writer,
  ids: readonly string[],
): Promise<Map<string, MemoryEntry>> {
  const wanted = new Set(ids);
  const found = new Map<string, MemoryEntry>();
  for (let i = c.active.length - 1; i >= 0 && found.size < wanted.size; i--) {
    const e = c.active[i]!;
    if (wanted.has(e.id) && !found.has(e.id)) found.set(e.id, e);
  }
  if (found.size < wanted.size && c.meta.totalEntries > c.active.length) {
    const sessionId = c.meta.sessionId;
    if (writer.pending(sessionId)) await writer.flush(sessionId);
    const missing = [...wanted].filter((id) => !found.has(id));
    const stored = await store.getEntries(sessionId, missing);
    stored.forEach((e, i) => {
      if (e && e.id === missing[i]) found.set(e.id, e);
    });
  }
  return found;
}

/** The entry stored under `id` in the session (a copy), or `undefined` ({@link storedEntries}). */
export async function storedEntry(
  c: SessionCache,
  store: StoreAdapter,
  writer: Writer,
  id: string,
): Promise<MemoryEntry | undefined> {
  const stored = (await storedEntries(c, store, writer, [id])).get(id);
  return stored && structuredClone(stored);
}
