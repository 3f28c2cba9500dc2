/**
 * What the facts engine of this device has read: per session, the `seq` below which every user
 * turn was read by the rules (`read:`) and by the model pass (`model:`). Kept as aux values of
 * a reserved session of its own (`__recallkit_facts_state__`), never synced: each device reads
 * the turns it holds. A lost or lagging mark only makes turns be read again, which writes
 * nothing new (a record's id is the hash of its content).
 * @module
 */
import type { StoreAdapter } from '../../types.js';
import type { SessionRunner } from '../session/session-runner.js';
import type { Writer } from '../session/writer.js';
import { FACTS_STATE_SESSION } from '../checks/reserved-ids.js';

/** Which reader a mark is for. */
export type ProgressKind = 'read' | 'model';

/** The read marks of a memory. */
export interface FactsProgress {
  /** The mark of a session (0: nothing read). */
  get(kind: ProgressKind, sessionId: string): Promise<number>;
  /** Read every mark of a kind ahead, in one store call where the store can. */
  preload(kind: ProgressKind): Promise<void>;
  /** Raise marks (a lower value never lowers one), stored in one batch. */
  advance(kind: ProgressKind, marks: ReadonlyMap<string, number>): Promise<void>;
}

/** Create the marks over the facts sessions' runner and writer. */
export function createFactsProgress(store: StoreAdapter, runner: SessionRunner, writer: Writer): FactsProgress {
  const known = new Map<string, number>();
  const preloaded = new Set<ProgressKind>();
  const key = (kind: ProgressKind, sessionId: string): string => `${kind}:${sessionId}`;
  const asMark = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0);

  const get = async (kind: ProgressKind, sessionId: string): Promise<number> => {
    const k = key(kind, sessionId);
    const have = known.get(k);
    if (have !== undefined || preloaded.has(kind)) return have ?? 0;
    const value = asMark(await store.loadAux(FACTS_STATE_SESSION, k));
    if (!known.has(k)) known.set(k, value);
    return known.get(k)!;
  };

  return {
    get,
    async preload(kind) {
      if (preloaded.has(kind) || !store.loadAuxPrefix) return;
      const all = await store.loadAuxPrefix(FACTS_STATE_SESSION, `${kind}:`);
      for (const [k, v] of all) if (!known.has(k)) known.set(k, asMark(v));
      preloaded.add(kind);
    },
    async advance(kind, marks) {
      const aux: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const [sessionId, mark] of marks) {
        if (mark <= (await get(kind, sessionId))) continue;
        aux[key(kind, sessionId)] = mark;
      }
      if (!Object.keys(aux).length) return;
      await runner.run(FACTS_STATE_SESSION, async (c) => {
        const meta = { ...c.meta, version: c.meta.version + 1, updatedAt: new Date().toISOString() };
        await writer.write(FACTS_STATE_SESSION, { meta, aux });
        c.meta = meta;
      });
      for (const [k, v] of Object.entries(aux)) known.set(k, Math.max(known.get(k) ?? 0, v as number));
    },
  };
}
