/**
 * Whether an add under a known id is the turn stored under it: a retry (the stored entry is the
 * answer) or another turn reusing the id (refused). The engine and the sync client compare alike.
 * @module
 */
import type { MemoryEntry, MemoryEntryType, EntryRole } from '../../types.js';

/** What a caller says a turn is: the fields two adds of one turn share. */
export interface TurnShape {
  type: Exclude<MemoryEntryType, 'summary'>;
  role: EntryRole;
  content: string;
  /** Tool name and error flag; `callId` only when the caller gave one (a generated one is new each time). */
  tool?: { name: string; callId?: string | undefined; isError?: boolean | undefined } | undefined;
  metadata?: Record<string, unknown> | undefined;
}

/**
 * The first field in which `turn` differs from `stored` (`'type'`, `'role'`, `'content'`,
 * `'tool'`, `'metadata'`), or `undefined` when it is the same turn. The time is not compared:
 * a retry made later is the same turn, and the stored time stays. Metadata compares as JSON
 * (keys in any order, a `Date` as its ISO string, `{}` as none), as a store keeps it.
 */
export function turnDifference(stored: MemoryEntry, turn: TurnShape): string | undefined {
  if (stored.type !== turn.type) return 'type';
  if (stored.role !== turn.role) return 'role';
  if (stored.content !== turn.content) return 'content';
  if (turn.tool || stored.tool) {
    const a = stored.tool;
    const b = turn.tool;
    if (!a || !b || a.name !== b.name || (a.isError ?? false) !== (b.isError ?? false)) return 'tool';
    if (b.callId !== undefined && a.callId !== b.callId) return 'tool';
  }
  if (canonicalJson(emptyAsNone(stored.metadata)) !== canonicalJson(emptyAsNone(turn.metadata))) return 'metadata';
  return undefined;
}

const emptyAsNone = (m: Record<string, unknown> | undefined): Record<string, unknown> | undefined =>
  m && Object.keys(m).length > 0 ? m : undefined;

/**
 * `value` as JSON text with object keys sorted, so two encodings of the same data compare equal
 * (`toJSON` applied, `undefined` members left out, as `JSON.stringify` does). Keys are read as
 * own properties: `__proto__` or `constructor` are data like any other key.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const k of Object.keys(v).sort()) out[k] = (v as Record<string, unknown>)[k];
    return out;
  });
}
