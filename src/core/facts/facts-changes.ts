/**
 * What a change of the facts log means to listeners and to the log itself: the `facts:changed`
 * event (the facts added, changed and removed since the last view reported, whichever path —
 * a read, a method, another device — saw the change first), and the cleanup a forget asks of
 * every device: erase the records it leaves out, rewrite those that mention a forgotten value.
 * @module
 */
import type { FactsChange } from '../../facts/types.js';
import type { Emitter } from '../emitter.js';
import type { FactsLog, LogView } from './facts-log.js';
import { publicFact } from './fold-facts.js';

/** The reporter of one memory's facts changes. */
export interface FactsChanges {
  /** A view of the log after a change: report what changed, and tidy the log when a forget asks it. */
  changed(cause: FactsChange['cause'], after: LogView): void;
  /** The log changed under the engine (sync, another tab or process): read it and report, in the background. */
  external(): void;
  /** The first view read (on open): the base of the next report; tidy it if needed. */
  opened(view: LogView): void;
  /** Resolves once the reports and cleanups asked so far have settled; true when none was added meanwhile. */
  settle(): Promise<boolean>;
}

/** What the reporter needs. */
export interface FactsChangesDeps {
  log: FactsLog;
  emitter: Emitter;
  closed: () => boolean;
  onError: (sessionId: string, error: Error) => void;
}

const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

/** Whether a view holds records a forget leaves out, or records to rewrite. */
const needsCleanup = (v: LogView): boolean =>
  v.fold.rewrites.length > 0 || v.fold.suppressed.some((id) => v.records.has(id));

/** Create the reporter. */
export function createFactsChanges(deps: FactsChangesDeps): FactsChanges {
  const { log, emitter } = deps;
  let last: LogView | undefined;
  let cleaning: Promise<void> = Promise.resolve();
  let syncing: Promise<void> = Promise.resolve();

  const changed = (cause: FactsChange['cause'], after: LogView): void => {
    // A view no newer than the last one reported was reported already.
    if (last && after.version <= last.version) return;
    const old = last?.fold.byId ?? new Map();
    last = after;
    const diff: FactsChange = { cause, added: [], changed: [], removed: [] };
    for (const [id, f] of after.fold.byId) {
      const o = old.get(id);
      if (!o) diff.added.push(id);
      else if (JSON.stringify(publicFact(o)) !== JSON.stringify(publicFact(f))) diff.changed.push(id);
    }
    for (const id of old.keys()) if (!after.fold.byId.has(id)) diff.removed.push(id);
    if (diff.added.length || diff.changed.length || diff.removed.length) emitter.emit('facts:changed', diff);
    if (needsCleanup(after)) cleaning = cleaning.then(cleanup, cleanup);
  };

  /** Every device runs the same cleanup on the same records, so they converge on the same records. */
  async function cleanup(): Promise<void> {
    for (let round = 0; round < 3 && !deps.closed(); round++) {
      try {
        const { before, after } = await log.change((v) => ({
          erase: [...v.fold.suppressed, ...v.fold.rewrites.map((w) => w.from.id)],
          put: v.fold.rewrites.map((w) => w.to),
        }));
        if (after === before) return;
        changed('forgotten', after);
        if (!needsCleanup(after)) return;
      } catch (error) {
        deps.onError('', asError(error));
        return;
      }
    }
  }

  return {
    changed,
    external() {
      log.invalidate();
      syncing = syncing.then(async () => {
        if (deps.closed()) return;
        try {
          changed('synced', await log.read());
        } catch (error) {
          deps.onError('', asError(error));
        }
      });
    },
    opened(view) {
      if (!last || view.version > last.version) last = view;
      if (needsCleanup(view)) cleaning = cleaning.then(cleanup, cleanup);
    },
    async settle() {
      const [s, c] = [syncing, cleaning];
      await s;
      await c;
      return s === syncing && c === cleaning;
    },
  };
}
