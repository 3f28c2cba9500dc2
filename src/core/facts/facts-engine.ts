/**
 * Facts in a memory: the log (`facts-log.ts`), the background readers (`fact-reader.ts`, and
 * `fact-model-pass.ts` with `extract: 'model'`), the methods that list, set, forget, export
 * and import facts, the `facts:changed` event, and the block a context shows. The engine gives
 * it the store, the emitter and the summarizer, and calls it on adds, changes and reads.
 * @module
 */
import type { MemoryConfig, MemoryEntry, StoreAdapter, Summarizer, TokenCounter } from '../../types.js';
import type { FactExtractor, FactModelExtractor, FactVocabulary } from '../../facts/types.js';
import type { Emitter } from '../emitter.js';
import type { FactsMemory } from './facts-memory.js';
import type { ResolvedFactsOptions } from './facts-options.js';
import { createFactsLog, type FactsSessions, type LogView } from './facts-log.js';
import { createFactsProgress } from './facts-progress.js';
import { createFactReader } from './fact-reader.js';
import { createModelPass, type ModelPass } from './fact-model-pass.js';
import { factsBlock, type FactsBlockResult } from './facts-block.js';
import { createFactsChanges } from './facts-changes.js';
import { createFactsMethods } from './facts-methods.js';

/** Facts as the engine is given them: the options, the extractors and the attribute vocabulary. */
export interface FactsSetup extends ResolvedFactsOptions {
  extractor: FactExtractor;
  vocabulary: FactVocabulary;
  model: FactModelExtractor;
}

/** What facts need from the engine. */
export interface FactsEngineDeps {
  store: StoreAdapter;
  /** The runner of the reserved facts sessions (`createFactsSessions`). */
  sessions: FactsSessions;
  setup: FactsSetup;
  counter: TokenCounter;
  emitter: Emitter;
  now: () => Date;
  closed: () => boolean;
  summarizer: () => Summarizer;
  config: () => MemoryConfig;
  signal: AbortSignal;
}

/** Facts wired into an engine. */
export interface FactsEngine {
  readonly methods: FactsMemory;
  /** Entries this memory stored (user turns are read in the background). */
  added(entries: readonly MemoryEntry[]): void;
  /** A session changed under the engine (import, sync, another writer): read it again. */
  sessionChanged(sessionId: string): void;
  /** The log changed under the engine (sync, another tab or process). */
  logChanged(): void;
  /** The "Known about the user" block for a question, in `room` tokens (framing included). */
  block(query: string, room: number): Promise<FactsBlockResult>;
  /** Whether any fact is current (a context without one has no block). */
  hasCurrent(): Promise<boolean>;
  readonly maxTokens: number;
  /** Resolves when every read, model batch, cleanup and synced change so far has settled. */
  idle(): Promise<void>;
  /** Before the memory closes: finish the rules' reads and stop (the model pass resumes on the next open). */
  flush(): Promise<void>;
}

/** Wire facts into an engine; reading what the store already holds starts in the background. */
export function createFactsEngine(deps: FactsEngineDeps): FactsEngine {
  const { setup, emitter } = deps;
  const backoff = () => ({ baseMs: deps.config().compressionRetryMs, maxMs: deps.config().compressionRetryMaxMs });
  const onError = (sessionId: string, error: Error): void => emitter.emit('error', sessionId, error);
  const log = createFactsLog({
    store: deps.store,
    sessions: deps.sessions,
    vocabulary: setup.vocabulary,
    now: deps.now,
  });
  const changes = createFactsChanges({ log, emitter, closed: deps.closed, onError });
  const progress = createFactsProgress(deps.store, log.runner, log.writer);
  const extracted = (_before: LogView, after: LogView): void => changes.changed('extracted', after);
  const model: ModelPass | undefined =
    setup.extract === 'model'
      ? createModelPass({
          log,
          progress,
          model: setup.model,
          summarizer: deps.summarizer,
          timeoutMs: () => deps.config().summarizeTimeoutMs,
          signal: deps.signal,
          closed: deps.closed,
          onError,
          onChanged: extracted,
          backoff,
        })
      : undefined;
  const reader = createFactReader({
    store: deps.store,
    marks: model ? ['read', 'model'] : ['read'],
    log,
    progress,
    extract: setup.extractor,
    closed: deps.closed,
    onError,
    onChanged: extracted,
    onRead: model && ((sessionId, turns) => model.enqueue(sessionId, turns)),
    backoff,
  });
  /** Wait until no step runs: each may start the next (a read feeds the model pass, a change a cleanup). */
  const settle = async (withModel: boolean): Promise<void> => {
    for (;;) {
      await reader.idle();
      if (withModel) await model?.idle();
      const quiet = await changes.settle();
      if (quiet && !reader.busy() && !(withModel && model?.busy())) return;
    }
  };

  const facts: FactsEngine = {
    methods: createFactsMethods({ log, changes, vocabulary: setup.vocabulary, now: deps.now }),
    maxTokens: setup.maxTokens,
    added: (entries) => reader.added(entries),
    sessionChanged: (sessionId) => reader.rescan(sessionId),
    logChanged: () => changes.external(),
    async block(query, room) {
      const { fold } = log.peek() ?? (await log.read());
      return factsBlock({
        facts: fold.facts,
        query,
        room,
        counter: deps.counter,
        vocabulary: setup.vocabulary,
        now: deps.now(),
      });
    },
    async hasCurrent() {
      const { fold } = log.peek() ?? (await log.read());
      return fold.facts.some((f) => f.status === 'current');
    },
    idle: () => settle(true),
    async flush() {
      model?.stop();
      await settle(false);
      reader.stop();
    },
  };
  // Turns stored before facts were on, or while the memory was closed, are read now.
  reader.catchUp();
  void log
    .read()
    .then((v) => changes.opened(v))
    .catch(() => undefined);
  return facts;
}
