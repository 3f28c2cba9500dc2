import type {
  LLMContext,
  MemoryConfig,
  MemoryEntry,
  SessionMeta,
  StoreAdapter,
  StoredInteraction,
  Summarizer,
  TokenCounter,
} from '../types.js';
import type { LongTermStrategy, ShortTermStrategy, PersistenceStrategy } from '../strategies/types.js';
import type { ContextFor, ContextFormat, ContextOptions, EngineMemory } from '../memory.js';
import { ClosedError, MissingPackageError, ValidationError } from '../errors.js';
import { createEmitter } from './emitter.js';
import { createSessionRunner } from './session/session-runner.js';
import { createWriter } from './session/writer.js';
import { DEFAULT_MEMORY_CONFIG, validateConfig } from './config.js';
import { assembleContext, assembleContextInSlices, type AssemblyRules } from './context/assemble.js';
import { appendToInteractions } from './interactions.js';
import { setActive, statsOf, type SessionCache } from './session/session.js';
import {
  checkDraftIds,
  contextDraft,
  interactionDrafts,
  messageDraft,
  toolCallDraft,
  toolResultDraft,
} from './entry-drafts.js';
import { toSummarizer } from '../summarizers/callback.js';
import { summarizesInThread } from '../summarizers/heuristic.js';
import { createCompactionScheduler } from './compaction/compaction-scheduler.js';
import { wouldAct } from './compaction/long-term.js';
import { rollingWindowWhilePending, withinBudget } from './compaction/pending-budget.js';
import { draftTexts, makeEntry, type EntryDraft } from './make-entry.js';
import { PACED_FROM, prepareCounts } from '../tokens/count-yielding.js';
import { checkName, checkSessionId } from './checks/validate.js';
import { createSessionTransfer } from './import/session-transfer.js';
import { formatContext, messagesToDraftsInSlices } from './context/messages-io.js';
import { settleText } from './context/context-text.js';
import { ensureIndex, indexBehind, indexOnAdd, recallEntries, type RecallContext } from './recall/recall.js';
import { isReadOnly, readOnlyView } from './unstored.js';
import { callAnswered, pairDrafts } from './context/tool-pairing.js';
import { filterEntries } from './context/filter-entries.js';
import { recalledMessage, type KnowledgeBaseRequest } from './recall/knowledge-base.js';
import type { KnowledgeBaseSetup } from '../strategies/registry.js';
import { REPLY_PRIMING } from '../tokens/chat-tokens.js';
import type { Embedder } from '../recall/vectors/hybrid.js';
import { budgetScale, recordUsageInMeta } from './usage.js';
import { planContext, type ResolvedRecall } from './context/context-options.js';
import { buildPlannedContext } from './context/context-build.js';
import { createStoreRecall, recallAcross } from './recall/recall-all.js';
import { knownTurns, storedEntry } from './known-turns.js';
import { createEmbeddingQueue } from './recall/embedding-queue.js';
import { createColdRecall } from './recall/cold-recall.js';
import type { EngineHooks } from './engine-hooks.js';
import { isReservedSessionId } from './checks/reserved-ids.js';
import { checkQuery } from './checks/query-bound.js';
import { checkContentLength, DEFAULT_MAX_CONTENT_LENGTH } from './checks/field-checks.js';
import { cloneInSlices, COST, createSlicer, type Slicer, type YieldNow } from '../slices/slicer.js';
import type { FactsSetup } from './facts/facts-engine.js';
import { attachFacts } from './facts/engine-facts.js';

/** Strategies built from a profile (or the Memory Manager's compression when there is none). */
export interface BuiltStrategies {
  longTerm: LongTermStrategy[];
  shortTerm: ShortTermStrategy[];
  persistence: PersistenceStrategy;
  /** List summaries newest first in the context (`rolling` does). */
  summariesNewestFirst: boolean;
  /** The `summarizer` strategy's knowledge base, when the profile names one. */
  knowledgeBase?: KnowledgeBaseSetup | undefined;
  /** The smallest short-term token budget (`memory_max_tokens`), when there is one. */
  contextBudget?: number | undefined;
  /**
   * The smallest token budget of the profile (`max_tokens`, `summary_buffer`): recall in the
   * context counts inside it.
   */
  tokenBudget?: number | undefined;
  /** `summary_buffer`'s budget: entries waiting for a background summary leave a context above it. */
  pendingBudget?: number | undefined;
  /** `rolling`'s window: while its summary is made, the context shows the newest `window` turns. */
  pendingWindow?: number | undefined;
}

/** Everything the pure engine is given. */
export interface EngineDeps {
  store: StoreAdapter;
  counter: TokenCounter;
  summarizer: Summarizer;
  /** Builds the strategies from the engine's live config (so `updateConfig` reaches them). */
  strategies: (config: () => MemoryConfig) => BuiltStrategies;
  config?: Partial<MemoryConfig>;
  now?: () => Date;
  /** Divide budgets by the session's measured drift factor (`reportUsage`). */
  calibrate?: boolean;
  /** Embeds texts for hybrid recall; recall is lexical without it or when it fails. */
  embedder?: Embedder | undefined;
  /** The embedding model's name, recorded with the vectors: another name re-embeds. */
  embeddingModel?: string | undefined;
  /** Recall in every context (`createMemory({ contextRecall })`), validated. */
  contextRecall?: ResolvedRecall | undefined;
  /** Sessions kept in memory, least recently used evicted first (default 1000). */
  maxCachedSessions?: number | undefined;
  /**
   * How bulk calls give the thread back between slices of work (default: the host's yield,
   * `slices/yield-now.ts`). Tests pass a counting one.
   */
  yieldNow?: YieldNow | undefined;
  /** Given the engine's queue and cache once it is built (the sync client uses them). */
  hooks?: ((hooks: EngineHooks) => void) | undefined;
  /** Longest content of one entry, in characters (default `DEFAULT_MAX_CONTENT_LENGTH`). */
  maxContentLength?: number | undefined;
  /** Facts about the user (`createMemory({ facts })`): extraction, the log and the context block. */
  facts?: FactsSetup | undefined;
}

/**
 * The engine: every `Memory` method over an injected store, token counter and summarizer.
 * Pure: no DOM, no IndexedDB, no WASM; the hosts (`createMemory`, the worker) inject those.
 */
export function createEngine(deps: EngineDeps): EngineMemory {
  const now = deps.now ?? (() => new Date());
  const maxContent = deps.maxContentLength ?? DEFAULT_MAX_CONTENT_LENGTH;
  const capped = (text: string, field: string): string => checkContentLength(text, field, maxContent);
  const limits = { capped, maxContentLength: maxContent };
  /** A new slicer for one call's bulk work (`slices/slicer.ts`). */
  const slices = (): Slicer => createSlicer({ yieldNow: deps.yieldNow });
  let config: MemoryConfig = { ...DEFAULT_MEMORY_CONFIG, ...validateConfig(deps.config) };
  let summarizer = deps.summarizer;
  const built = deps.strategies(() => config);
  const rules: AssemblyRules = { shortTerm: built.shortTerm, summariesNewestFirst: built.summariesNewestFirst };
  const store = deps.store;
  const writer = createWriter(store, built.persistence);
  const emitter = createEmitter();
  let closed = false;
  // A recall of a session not held reads its stored index, not the session (cold-recall.ts).
  const cold = createColdRecall({ store, semantic: deps.embedder !== undefined, slices });
  const sessions = createSessionRunner(store, writer, now, () => closed, {
    maxCachedSessions: deps.maxCachedSessions,
    onChange: (sessionId) => emitter.emit('change', sessionId),
    onLoad: (c) => {
      const index = cold.take(c.meta.sessionId, c.meta.version);
      if (index) c.recall = index;
    },
  });
  // Aborted by close(): a summarizer call in flight is given up, its entries stay active.
  const lifetime = new AbortController();
  // Facts about the user (core/facts/): their log runs on a runner of its own (reserved ids).
  const factsPart = attachFacts({
    store,
    setup: deps.facts,
    counter: deps.counter,
    emitter,
    now,
    closed: () => closed,
    summarizer: () => summarizer,
    config: () => config,
    signal: lifetime.signal,
  });
  const facts = factsPart.facts;
  deps.hooks?.(
    factsPart.route({
      run: (s, task) => sessions.run(s, async (c) => (await writer.flush(c.meta.sessionId), task(c))),
      drop: (s) => sessions.drop(s),
      emit: emitter.emit,
      on: emitter.on,
    }),
  );
  // scope 'all': every session's own index, searched with store-wide statistics, read-only;
  // a session with no stored index then persists one.
  const all = createStoreRecall(
    store,
    (id) => {
      if (!closed)
        sessions.run(id, async (c) => void (await ensureIndex(c, recallContext(c))), 'read').catch(() => undefined);
    },
    slices,
  );

  const plainContext = (c: SessionCache) =>
    assembleContext(c.interactions, c.summaries, rules, [], budgetScale(c.meta, deps.calibrate ?? false));
  // Until its summary lands (made in the background, or after a failed summarizer's backoff),
  // history gives way to keep summary_buffer's budget, the entries waiting for it first.
  const context = (c: SessionCache) => {
    const scale = budgetScale(c.meta, deps.calibrate ?? false);
    const budget = built.pendingBudget === undefined ? undefined : Math.floor(built.pendingBudget / scale);
    const pending = scheduler.pending(c.meta.sessionId);
    const shown = rollingWindowWhilePending(c.interactions, pending, built.pendingWindow);
    return withinBudget(shown, pending, budget, (interactions) =>
      assembleContext(interactions, c.summaries, rules, [], scale),
    );
  };
  /** {@link context} for a call: in slices of work, unless a pending summary narrows it to a budget. */
  const contextInSlices = (c: SessionCache): Promise<LLMContext> => {
    const pending = scheduler.pending(c.meta.sessionId);
    if (built.pendingBudget !== undefined || pending?.size) return Promise.resolve(context(c));
    const scale = budgetScale(c.meta, deps.calibrate ?? false);
    return assembleContextInSlices(c.interactions, c.summaries, rules, [], scale, undefined, 0, slices());
  };
  const longTermDeps = {
    strategies: built.longTerm,
    writer,
    store,
    emitter,
    counter: deps.counter,
    summarizer: () => summarizer,
    config: () => config,
    now,
    contextTokens: (c: SessionCache) => plainContext(c).tokenCount,
    knowledgeBase: built.knowledgeBase,
    recallContext: (c: SessionCache) => recallContext(c),
    signal: lifetime.signal,
  };
  const scheduler = createCompactionScheduler({
    run: (s, task) => sessions.run(s, task),
    longTerm: longTermDeps,
    emitter,
    backoff: () => ({ baseMs: config.compressionRetryMs, maxMs: config.compressionRetryMaxMs }),
    inThread: () => summarizesInThread(summarizer),
  });

  // Entries and summaries are embedded after they are stored, outside the session's queue.
  const embedder = deps.embedder;
  let embedderMissing: MissingPackageError | undefined;
  const embeddings =
    embedder &&
    createEmbeddingQueue({
      embedder,
      run: (s, task) => sessions.run(s, task),
      recallContext: (c) => recallContext(c),
      backoff: () => ({ baseMs: config.compressionRetryMs, maxMs: config.compressionRetryMaxMs }),
      closed: () => closed,
      onError: (s, error) => {
        if (error instanceof MissingPackageError) embedderMissing = error;
        emitter.emit('error', s, error);
      },
    });
  if (embeddings) emitter.on('compressed', (s) => embeddings.trigger(s));

  const transfer = createSessionTransfer({
    sessions,
    writer,
    store,
    counter: deps.counter,
    now,
    maxContent,
    embedLater: (s) => embeddings?.trigger(s),
    slices,
  });

  /**
   * Store drafts as entries, then let long-term strategies act. Drafts carrying a caller's id
   * already stored in the session are not stored again: their stored entries take their place
   * in the result (`known-turns.ts`); `looked` says the caller looked them up already.
   */
  async function add(
    c: SessionCache,
    drafts: EntryDraft[],
    endsInference: boolean,
    looked = false,
  ): Promise<MemoryEntry[]> {
    checkDraftIds(drafts);
    const known =
      looked || !drafts.some((d) => d.id !== undefined) ? undefined : await knownTurns(c, store, writer, drafts);
    if (!known?.some((k) => k !== undefined)) return storeDrafts(c, drafts, endsInference);
    const fresh = drafts.filter((_, i) => known[i] === undefined);
    const stored = fresh.length ? await storeDrafts(c, fresh, endsInference) : [];
    if (!fresh.length && endsInference) await flushEnd(c.meta.sessionId);
    const out: MemoryEntry[] = [];
    let next = 0;
    for (const k of known) out.push(k === undefined ? stored[next++]! : 'earlier' in k ? out[k.earlier]! : k);
    return out;
  }

  async function storeDrafts(c: SessionCache, drafts: EntryDraft[], endsInference: boolean): Promise<MemoryEntry[]> {
    const slicer = slices();
    // Long texts are counted first, giving the thread back between parts (count-yielding.ts).
    const long: string[] = [];
    for (const d of drafts) {
      if (d.content.length >= PACED_FROM || d.type !== 'message') long.push(...draftTexts(d));
      if (slicer.spend(COST.item)) await slicer.pause();
    }
    const counter = long.length ? await prepareCounts(deps.counter, long) : deps.counter;
    const meta: SessionMeta = { ...c.meta };
    const stamp = now();
    // Counted and indexed in slices of work: 100,000 messages in one call never hold the thread.
    const entries: MemoryEntry[] = [];
    for (const d of drafts) {
      entries.push(makeEntry(meta, d, counter, stamp));
      if (slicer.spend(COST.countCall + d.content.length * COST.count)) await slicer.pause();
    }
    for (const e of entries) meta.storedTokens += e.tokenCount;
    meta.totalEntries += entries.length;
    meta.version += 1;
    meta.updatedAt = stamp.toISOString();
    const indexing = indexOnAdd(c, entries, slicer);
    const indexed = indexing instanceof Promise ? await indexing : indexing;
    if (indexed.recallSeq !== undefined) meta.recallSeq = indexed.recallSeq;
    try {
      await writer.write(c.meta.sessionId, { meta, putEntries: entries, ...(indexed.aux ? { aux: indexed.aux } : {}) });
    } catch (error) {
      delete c.recall; // it saw entries that were not stored: rebuild from the store when next needed
      throw error;
    }
    c.meta = meta;
    // In slices too (the session's turn is held meanwhile): 100,000 entries grouped into
    // interactions in one step held the thread about 25 ms, beside the collections it set off.
    for (const e of entries) {
      c.active.push(e);
      c.activeTokens += e.tokenCount;
      appendToInteractions(c.interactions, e);
      if (slicer.spend(COST.item)) await slicer.pause();
    }
    for (const e of entries) {
      emitter.emit('entry:added', meta.sessionId, e);
      if (slicer.spend(COST.item)) await slicer.pause();
    }
    facts?.added(entries);
    // In the background: the add resolves once its entries are stored.
    const event = { reason: 'add' as const, entry: entries[entries.length - 1]! };
    scheduler.trigger(meta.sessionId, event, () => wouldAct(c, event, longTermDeps));
    embeddings?.trigger(meta.sessionId);
    if (endsInference) await flushEnd(meta.sessionId);
    return entries;
  }

  /**
   * FLUSH writes at the end of an inference. A failed write keeps the entries for the next flush,
   * so the add still succeeded (a caller that retried would store them twice): reported as an event.
   */
  async function flushEnd(sessionId: string): Promise<void> {
    try {
      await writer.flush(sessionId);
    } catch (error) {
      emitter.emit('error', sessionId, error instanceof Error ? error : new Error(String(error)));
    }
  }

  /**
   * The context, plus (knowledge_base with search_mode 'always') one system message of what
   * the newest question recalls from compressed history and stored summaries, in the room the
   * budget leaves.
   */
  async function contextWithRecalled(c: SessionCache): Promise<LLMContext> {
    const kb = built.knowledgeBase;
    const scale = budgetScale(c.meta, deps.calibrate ?? false);
    if (!kb || kb.knowledgeBase.search_mode !== 'always') return contextInSlices(c);
    const seen = new Set<string>();
    const base = await assembleContextInSlices(c.interactions, c.summaries, rules, [], scale, seen, 0, slices());
    const budget = built.contextBudget === undefined ? Infinity : Math.floor(built.contextBudget / scale);
    const room = budget - base.tokenCount - (base.messages.length ? 0 : REPLY_PRIMING);
    const recalled = await recalledMessage(c, recallContext(c), kb, deps.counter, {
      inContext: seen,
      summaries: base.summaries,
      room,
    });
    return recalled
      ? assembleContextInSlices(c.interactions, c.summaries, rules, [recalled], scale, undefined, 0, slices())
      : base;
  }

  /** A context with recall, a hard cap and/or facts in it (`context-build.ts`). */
  async function plannedContext(c: SessionCache, plan: ReturnType<typeof planContext>, withFacts: boolean) {
    if (plan.recall) await writer.flush(c.meta.sessionId);
    const scale = budgetScale(c.meta, deps.calibrate ?? false);
    const kb = built.knowledgeBase?.knowledgeBase.search_mode === 'always' ? built.knowledgeBase : undefined;
    const deps2 = {
      rules,
      scale,
      counter: deps.counter,
      recall: recallContext(c),
      all,
      profileBudget: built.tokenBudget,
      interactions: rollingWindowWhilePending(c.interactions, scheduler.pending(c.meta.sessionId), built.pendingWindow),
      knowledge: kb && ((req: KnowledgeBaseRequest) => recalledMessage(c, recallContext(c), kb, deps.counter, req)),
      facts: withFacts && facts ? { maxTokens: facts.maxTokens, block: facts.block } : undefined,
      slices,
    };
    const { ctx, truncated } = await buildPlannedContext(c, deps2, plan);
    if (truncated) emitter.emit('context:truncated', c.meta.sessionId, truncated);
    return ctx;
  }

  function recallContext(c: SessionCache): RecallContext {
    return {
      store,
      // A read of an unknown session indexes it in memory only: writing would create it.
      write: isReadOnly(c) ? async () => undefined : (batch) => writer.write(c.meta.sessionId, batch),
      embedder: deps.embedder,
      embeddingModel: deps.embeddingModel,
      embedLater: (s) => embeddings?.trigger(s),
      onError: (error) => emitter.emit('error', c.meta.sessionId, error),
      embedderFailure: () => embedderMissing,
      slices,
    };
  }

  const memory: EngineMemory = {
    addUserMessage: (s, content, metadata, options) =>
      sessions.run(
        s,
        async (c) => (await add(c, [messageDraft('user', content, metadata, options, limits)], false))[0]!,
      ),

    addAssistantMessage: (s, content, metadata, options) =>
      sessions.run(
        s,
        async (c) => (await add(c, [messageDraft('assistant', content, metadata, options, limits)], true))[0]!,
      ),

    addToolCall: (s, toolName, args, options = {}) =>
      sessions.run(s, async (c) => (await add(c, [toolCallDraft(toolName, args, options, limits)], false))[0]!),

    addToolResult: (s, toolName, result, options = {}) =>
      sessions.run(s, async (c) => {
        const d = toolResultDraft(toolName, result, options, limits);
        // A retry first: its call is answered (by the stored result), so pairing would refuse it.
        if (d.id !== undefined) {
          const [known] = await knownTurns(c, store, writer, [d]);
          if (known) return known as MemoryEntry;
        }
        d.tool!.callId = await callAnswered(c, store, d.tool!.name, d.callIdGenerated ? undefined : d.tool!.callId);
        delete d.callIdGenerated;
        return (await add(c, [d], false, true))[0]!;
      }),

    addContext: (s, content, options) =>
      sessions.run(s, async (c) => (await add(c, [contextDraft(content, options, limits)], false))[0]!),

    addInteraction: (s, input) =>
      sessions.run(s, async (c): Promise<StoredInteraction> => {
        const { drafts, input: checked, timestamp } = interactionDrafts(input, now, capped);
        const entries = await add(c, drafts, true);
        const tokenCount = entries[0]!.tokenCount + entries[1]!.tokenCount;
        const { userRequest, aiResponse } = checked;
        return { index: entries[0]!.interaction, entries, tokenCount, userRequest, aiResponse, ts: timestamp };
      }),

    addMessages: (s, messages, options = {}) =>
      sessions.run(s, async (c) => {
        const drafts = await messagesToDraftsInSlices(messages, options, maxContent, slices());
        await pairDrafts(c, store, drafts);
        return drafts.length ? add(c, drafts, true) : [];
      }),

    getContextForLLM: <F extends ContextFormat = 'openai'>(s: string, options: ContextOptions<F> = {}) =>
      sessions.run(
        s,
        async (stored) => {
          const plan = planContext(options, deps.contextRecall);
          // Recall indexes the session first: on an unknown one, that must not create it.
          const c = readOnlyView(stored);
          const withFacts = facts !== undefined && facts.maxTokens > 0 && (await facts.hasCurrent());
          const ctx =
            plan.recall || plan.maxTokens !== undefined || withFacts
              ? await plannedContext(c, plan, withFacts)
              : await contextWithRecalled(c);
          const format = options.format ?? 'openai';
          // Another format copies the context, text and all: its text laid out in slices first.
          if (format !== 'openai') await settleText(ctx, slices());
          // The format decides the message type; the cast states what formatContext produced.
          return (format === 'openai' ? ctx : formatContext(ctx, format, c.active)) as ContextFor<F>;
        },
        'read',
      ),

    getActiveEntries: (s, filter) =>
      sessions.run(s, (c) => cloneInSlices(filterEntries(c.active, filter, 'filter'), slices()), 'read'),
    getEntry: (s, entryId) =>
      sessions.run(s, (c) => storedEntry(c, store, writer, checkName(entryId, 'entryId')), 'read'),
    getInteractions: (s) => sessions.run(s, (c) => cloneInSlices(c.interactions, slices()), 'read'),
    getSummaries: (s) => sessions.run(s, (c) => cloneInSlices(c.summaries, slices()), 'read'),
    getStats: (s) => sessions.run(s, async (c) => statsOf(c), 'read'),

    compress: async (s) => {
      if (closed) throw new ClosedError('memory is closed: create a new one');
      const id = checkSessionId(s);
      const error = await scheduler.compress(id);
      await sessions.run(id, (c) => writer.flush(c.meta.sessionId));
      if (error) throw error;
    },

    idle: async (s) => {
      const id = s === undefined ? undefined : checkSessionId(s);
      await scheduler.idle(id);
      // Summaries made by compaction are embedded after it.
      await embeddings?.idle(id);
      await facts?.idle();
    },

    recall: (s, query, options) => {
      // A question over the bound is refused before any work (`checks/query-bound.ts`).
      try {
        checkQuery(query);
      } catch (error) {
        return Promise.reject(error);
      }
      return sessions.run(
        s,
        async (c) => {
          await writer.flush(c.meta.sessionId);
          // A read never creates a session: an unknown one is searched without writing its index.
          const view = readOnlyView(c);
          return options?.scope === 'all'
            ? recallAcross(view, recallContext(view), all, query, options)
            : recallEntries(view, recallContext(view), query, options);
        },
        'read',
        (id) => cold.recall(id, query, options),
      );
    },

    exportSession: transfer.exportSession,
    importSession: async (state, options) => {
      await transfer.importSession(state, options);
      facts?.sessionChanged(state.sessionId);
    },

    clearSession: async (s) => {
      const clear = async (id: string): Promise<true> => {
        writer.discard(id);
        await store.deleteSession(id);
        sessions.drop(id);
        emitter.emit('session:cleared', id);
        return true;
      };
      // A session not held is deleted without loading it (100,000 entries read only to be deleted).
      await sessions.run(s, (c) => clear(c.meta.sessionId), 'write', clear);
    },

    estimateStorage: async () => {
      if (closed) throw new ClosedError('memory is closed: create a new one');
      return store.estimate ? store.estimate() : undefined;
    },

    listSessions: async () => {
      if (closed) throw new ClosedError('memory is closed: create a new one');
      await writer.flush();
      return (await store.listSessions()).filter((m) => !isReservedSessionId(m.sessionId));
    },

    pin: (s, entryId, pinned = true) =>
      sessions.run(s, async (c) => {
        if (typeof pinned !== 'boolean') throw new ValidationError('pinned', 'a boolean', pinned);
        const id = checkName(entryId, 'entryId');
        // Active entries are in the cache; only a compressed one is read from the store.
        const current = c.active.find((e) => e.id === id) ?? (await store.getEntries(c.meta.sessionId, [id]))[0];
        if (!current)
          throw new ValidationError(
            'entryId',
            `the id of an entry of session ${JSON.stringify(c.meta.sessionId)}`,
            entryId,
          );
        const next: MemoryEntry = { ...current };
        if (pinned) next.pinned = true;
        else delete next.pinned;
        const meta = { ...c.meta, version: c.meta.version + 1, updatedAt: now().toISOString() };
        await writer.write(c.meta.sessionId, { meta, putEntries: [next] });
        c.meta = meta;
        if (!next.compressed)
          setActive(
            c,
            c.active.map((e) => (e.id === entryId ? next : e)),
          );
        return structuredClone(next);
      }),

    reportUsage: (s, usage) =>
      sessions.run(s, async (c) => {
        const next = recordUsageInMeta(c.meta, usage, context(c).tokenCount);
        next.version = c.meta.version + 1;
        next.updatedAt = now().toISOString();
        await writer.write(c.meta.sessionId, { meta: next });
        c.meta = next;
      }),

    updateConfig: async (partial) => {
      if (closed) throw new ClosedError('memory is closed: create a new one');
      config = { ...config, ...validateConfig(partial, 'updateConfig') };
    },

    setSummarizeCallback: async (fn) => {
      if (closed) throw new ClosedError('memory is closed: create a new one');
      summarizer = toSummarizer(fn, 'setSummarizeCallback');
      scheduler.resetBackoff();
    },

    on: (event, handler) => emitter.on(event, handler),
    ...factsPart.methods,

    close: async () => {
      if (closed) return;
      // The rules' reads of stored turns finish first (cheap, and otherwise redone on the next open).
      await facts?.flush();
      closed = true;
      lifetime.abort(new ClosedError('memory is closed'));
      await scheduler.idle();
      await embeddings?.idle();
      await sessions.idle();
      // Recall indexes that adds left unwritten (`indexOnAdd`), so a reopen loads them whole. At
      // best: one not written is caught up from the stored entries by the next recall.
      await Promise.allSettled(
        sessions.held().map(async (c) => {
          const batch = indexBehind(c);
          if (batch) await writer.write(c.meta.sessionId, batch);
        }),
      );
      await factsPart.dispose();
      sessions.dispose();
      try {
        await writer.flush();
      } finally {
        await store.close();
      }
    },
  };
  return memory;
}
