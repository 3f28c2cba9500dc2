import type { SessionState, StoreAdapter, TokenCounter } from '../../types.js';
import type { ImportOptions } from '../../memory.js';
import type { SessionRunner } from '../session/session-runner.js';
import type { Writer } from '../session/writer.js';
import { statsOf } from '../session/session.js';
import { prepareCounts } from '../../tokens/count-yielding.js';
import { countParsedState, parsedTexts, parseSessionState, stateToBatch } from './import-state.js';
import type { Slicer } from '../../slices/slicer.js';
import { ValidationError } from '../../errors.js';
import { checkSessionId, isPlainObject } from '../checks/validate.js';
import { cloneInSlices } from '../../slices/slicer.js';
import { loadEntriesInPages } from '../entry-pages.js';
import { createRecallIndex } from '../../recall/recall-index.js';
import { indexEntries, summaryDoc } from '../recall/recall.js';
import { checkImportOptions, checkImportOver } from './import-over.js';

/** What {@link createSessionTransfer} needs from the engine. */
export interface SessionTransferDeps {
  sessions: SessionRunner;
  writer: Writer;
  store: StoreAdapter;
  counter: TokenCounter;
  now: () => Date;
  /** Longest content of one entry, in characters. */
  maxContent: number;
  /** A session was replaced: embed what it holds (when an embedder is set). */
  embedLater: (sessionId: string) => void;
  /** A new slicer for one call's bulk work. */
  slices: () => Slicer;
}

/** A session moved whole: `exportSession` and `importSession` of the engine. */
export interface SessionTransfer {
  exportSession(sessionId: string): Promise<SessionState>;
  importSession(state: SessionState, options?: ImportOptions): Promise<void>;
}

/** The engine's export and import path, over its session runner, writer and store. */
export function createSessionTransfer(deps: SessionTransferDeps): SessionTransfer {
  const { sessions, writer, store, now, maxContent } = deps;
  return {
    exportSession: (s) =>
      sessions.run(
        s,
        async (c) => {
          await writer.flush(c.meta.sessionId);
          const slicer = deps.slices();
          const entries = await loadEntriesInPages(store, c.meta.sessionId, {}, slicer);
          const summaries = await cloneInSlices(c.summaries, slicer);
          return {
            schemaVersion: 1,
            sessionId: c.meta.sessionId,
            entries,
            summaries,
            totalTokens: statsOf(c).totalTokens,
            nextSeq: c.meta.nextSeq,
            interactionCount: c.meta.interactionCount,
            erasedEntries: c.meta.erasedEntries,
          };
        },
        'read',
      ),

    importSession: async (state, options) => {
      const importOptions = checkImportOptions(options);
      if (!isPlainObject(state))
        throw new ValidationError('state', 'an object { sessionId, entries, summaries }', state);
      // Queued now, so calls on the session apply in call order; checked whole, in slices, in its turn.
      return sessions.run(checkSessionId(state.sessionId, 'state.sessionId'), async () => {
        const slicer = deps.slices();
        const parsed = await parseSessionState(state, now, maxContent, slicer);
        await countParsedState(
          parsed,
          await prepareCounts(deps.counter, await parsedTexts(parsed, slicer), { from: 1 }),
          slicer,
        );
        await writer.flush(parsed.sessionId);
        await checkImportOver(store, parsed, importOptions);
        const batch = stateToBatch(parsed, now().toISOString());
        // The session's recall index is written with it, so its first recall loads it.
        const index = createRecallIndex();
        await indexEntries(index, parsed.entries, slicer);
        for (const s of parsed.summaries) index.add(summaryDoc(s));
        batch.aux = await index.toAuxInSlices(slicer);
        batch.meta.recallSeq = batch.meta.nextSeq;
        batch.meta.version = (await store.loadMeta(parsed.sessionId))?.version ?? 0;
        batch.meta.version += 1;
        writer.discard(parsed.sessionId);
        await store.write(parsed.sessionId, batch);
        sessions.drop(parsed.sessionId);
        deps.embedLater(parsed.sessionId);
      });
    },
  };
}
