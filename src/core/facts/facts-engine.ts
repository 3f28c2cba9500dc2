/**
 * Facts in a memory: the log (`facts-log.ts`), the background readers (`fact-reader.ts`, and
 * `fact-model-pass.ts` with `extract: 'model'`), the methods that list, set, forget, export
 * and import facts, the `facts:changed` event, and the block a context shows. The engine gives
 * it the store, the emitter and the summarizer, and calls it on adds, changes and reads.
 * @module
 */
import type { MemoryConfig, MemoryEntry, StoreAdapter, Summarizer, TokenCounter } from '../../types.js';
import type {
  Fact,
  FactExtractor,
  FactModelExtractor,
  FactRecord,
  FactsChange,
  FactsExport,
  FactVocabulary,
} from '../../facts/types.js';
import type { Emitter } from '../emitter.js';
import type { FactsMemory } from './facts-memory.js';
import type { ResolvedFactsOptions } from './facts-options.js';
import { ValidationError } from '../../errors.js';
import { createFactsLog, type FactsSessions, type LogView } from './facts-log.js';
import { createFactsProgress } from './facts-progress.js';
import { createFactReader } from './fact-reader.js';
import { createModelPass, type ModelPass } from './fact-model-pass.js';
import { chainOf, foldFacts, publicFact } from './fold-facts.js';
import { forgetRecord, setRecord } from './fact-records.js';
import { forgottenKey } from './fact-keys.js';
import { factsBlock, type FactsBlockResult } from './facts-block.js';
import { checkFactId, checkFactsExport, checkListOptions, checkSetFact } from './facts-input.js';

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

const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));

/** Wire facts into an engine; reading what the store already holds starts in the background. */
export function createFactsEngine(deps: FactsEngineDeps): FactsEngine {
  const { setup, emitter } = deps;
  const backoff = () => ({ baseMs: deps.config().compressionRetryMs, maxMs: deps.config().compressionRetryMaxMs });
  const onError = (sessionId: string, error: Error): void => emitter.emit('error', sessionId, error);
  let last: LogView | undefined;
  let cleaning: Promise<void> = Promise.resolve();

  /**
   * Tell listeners what changed since the last view reported, and tidy the log when a forget asks
   * it. A view no newer than the last one reported was reported already (by whichever path saw it first).
   */
  const changed = (cause: FactsChange['cause'], after: LogView): void => {
    if (last && after.version <= last.version) return;
    const was = last;
    last = after;
    const diff: FactsChange = { cause, added: [], changed: [], removed: [] };
    const old = was?.fold.byId ?? new Map();
    for (const [id, f] of after.fold.byId) {
      const o = old.get(id);
      if (!o) diff.added.push(id);
      else if (JSON.stringify(publicFact(o)) !== JSON.stringify(publicFact(f))) diff.changed.push(id);
    }
    for (const id of old.keys()) if (!after.fold.byId.has(id)) diff.removed.push(id);
    if (diff.added.length || diff.changed.length || diff.removed.length) emitter.emit('facts:changed', diff);
    if (needsCleanup(after)) cleaning = cleaning.then(cleanup, cleanup);
  };

  const needsCleanup = (v: LogView): boolean =>
    v.fold.rewrites.length > 0 || v.fold.suppressed.some((id) => v.records.has(id));

  /**
   * Erase what forgets leave out and rewrite records that mention a forgotten value (every
   * device runs the same, so they converge on the same records).
   */
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
        onError('', asError(error));
        return;
      }
    }
  }

  const log = createFactsLog({
    store: deps.store,
    sessions: deps.sessions,
    vocabulary: setup.vocabulary,
    now: deps.now,
  });
  const progress = createFactsProgress(deps.store, log.runner, log.writer);
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
          onChanged: (before, after) => changed('extracted', after),
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
    onChanged: (before, after) => changed('extracted', after),
    onRead: model && ((sessionId, turns) => model.enqueue(sessionId, turns)),
    backoff,
  });
  let syncing: Promise<void> = Promise.resolve();

  const methods: FactsMemory = {
    async listFacts(options) {
      const o = checkListOptions(options);
      const { fold } = await log.read();
      return fold.facts
        .filter(
          (f) => (o.history || f.status === 'current') && (o.attribute === undefined || f.attribute === o.attribute),
        )
        .sort(
          (a, b) =>
            (a.attribute ?? '\uffff').localeCompare(b.attribute ?? '\uffff') ||
            (a.since ?? '').localeCompare(b.since ?? '') ||
            (a.id < b.id ? -1 : 1),
        )
        .map(publicFact);
    },

    async setFact(input) {
      const fact = checkSetFact(input);
      let id = '';
      const { after } = await log.change((view) => {
        // After the newest forget: a value set again right after it counts.
        const newest = Math.max(deps.now().getTime(), ...view.fold.forgotten.map((f) => f.at + 1));
        const record = setRecord(new Date(newest).toISOString(), fact.text, fact.attribute, fact.value);
        id = record.id;
        return { put: [record] };
      });
      changed('set', after);
      const made = after.fold.facts.find((f) => f.records.includes(id));
      if (!made) throw new ValidationError('fact', 'a fact that can be stored', input);
      return publicFact(made);
    },

    async forgetFact(input) {
      const id = checkFactId(input);
      const { after } = await log.change((view) => {
        const fact = view.fold.byId.get(id);
        if (!fact)
          throw new ValidationError(
            'id',
            'the id of a fact of this memory (listFacts({ history: true }) lists them)',
            id,
          );
        const chain = chainOf(view.fold, fact);
        const keys = new Map(
          chain.map((f) => {
            const k = forgottenKey(setup.vocabulary, f.attribute ?? '', f.value ?? f.text);
            return [`${k.attribute}\u0000${k.hash}`, k] as const;
          }),
        );
        const forget = forgetRecord(
          deps.now().toISOString(),
          [...keys.values()],
          [...new Set(chain.flatMap((f) => f.records))],
        );
        // What the log will mean with the forget: erase what it leaves out, rewrite what mentions it.
        const next = foldFacts([...view.records.values(), forget], setup.vocabulary);
        return {
          put: [forget, ...next.rewrites.map((w) => w.to)],
          erase: [...next.suppressed, ...next.rewrites.map((w) => w.from.id)],
        };
      });
      changed('forgotten', after);
      await cleaning;
    },

    async exportFacts(): Promise<FactsExport> {
      const { records, fold } = await log.read();
      const gone = new Set(fold.suppressed);
      const kept: FactRecord[] = [...records.values()].filter((r) => !gone.has(r.id));
      kept.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || (a.id < b.id ? -1 : 1));
      return structuredClone({ schemaVersion: 1, records: kept });
    },

    async importFacts(state) {
      const records = await checkFactsExport(state);
      const { after } = await log.change(() => ({ put: records }));
      changed('imported', after);
      await cleaning;
    },
  };

  const facts: FactsEngine = {
    methods,
    maxTokens: setup.maxTokens,
    added: (entries) => reader.added(entries),
    sessionChanged: (sessionId) => reader.rescan(sessionId),
    logChanged() {
      log.invalidate();
      // Read the new log in the background and report what changed.
      syncing = syncing.then(async () => {
        if (deps.closed()) return;
        try {
          changed('synced', await log.read());
        } catch (error) {
          onError('', asError(error));
        }
      });
    },
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
    async idle() {
      // Each step may start the next (a read feeds the model pass, a change a cleanup): until none runs.
      for (;;) {
        const [s, c] = [syncing, cleaning];
        await reader.idle();
        await model?.idle();
        await s;
        await c;
        if (s === syncing && c === cleaning && !reader.busy() && !model?.busy()) return;
      }
    },
    async flush() {
      model?.stop();
      for (;;) {
        const [s, c] = [syncing, cleaning];
        await reader.idle();
        await s;
        await c;
        if (s === syncing && c === cleaning && !reader.busy()) break;
      }
      reader.stop();
    },
  };
  // Turns stored before facts were on, or while the memory was closed, are read now.
  reader.catchUp();
  void log
    .read()
    .then((v) => {
      if (!last || v.version > last.version) last = v;
      if (needsCleanup(v)) cleaning = cleaning.then(cleanup, cleanup);
    })
    .catch(() => undefined);
  return facts;
}

export type { Fact };
