import type { SessionState, StoreAdapter, TokenCounter } from '../../types.js';
import type { ImportOptions } from '../../memory.js';
import type { SessionRunner } from '../session/session-runner.js';
import type { Writer } from '../session/writer.js';
import { statsOf } from '../session/session.js';
import { prepareCounts } from '../../tokens/count-yielding.js';
import { parseSessionState, stateToBatch } from './import-state.js';
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
          const entries = await store.loadEntries(c.meta.sessionId);
          const summaries = structuredClone(c.summaries);
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

    importSession: (state, options) => {
      let parsed: ReturnType<typeof parseSessionState>;
      let importOptions: ImportOptions;
      const texts: string[] = [];
      try {
        importOptions = checkImportOptions(options);
        // Checked whole first, its texts collected; they are counted in the session's turn, with pauses.
        parsed = parseSessionState(state, { count: (text) => (texts.push(text), 0) }, now, maxContent);
      } catch (error) {
        return Promise.reject(error);
      }
      return sessions.run(parsed.sessionId, async () => {
        parsed = parseSessionState(state, await prepareCounts(deps.counter, texts, { from: 1 }), now, maxContent);
        await writer.flush(parsed.sessionId);
        await checkImportOver(store, parsed, importOptions);
        const batch = stateToBatch(parsed, now().toISOString());
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
