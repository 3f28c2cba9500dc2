/**
 * Hand-built conversations, session views and a tiny engine stand-in for strategy tests:
 * strategies are pure, so they are tested over plain data without a store or tokenizer.
 */
import fc from 'fast-check';
import type { Interaction, MemoryEntry, MemorySummary } from '../../src/types.js';
import type {
  ContextCost,
  ContextSelection,
  LongTermPlan,
  LongTermStrategy,
  SessionView,
  SummarizeRequest,
  TriggerEvent,
} from '../../src/strategies/types.js';

/** Options of one built entry. */
export interface EntryOptions {
  /** Token count (default: a quarter of the content length, at least 1). */
  tokens?: number;
  pinned?: boolean;
  metadata?: Record<string, unknown>;
}

/** Options of a built tool entry. */
export interface ToolOptions extends EntryOptions {
  callId?: string;
  isError?: boolean;
}

/** Builds the entries of one session in order, numbering interactions like the engine. */
export interface Conversation {
  user(content: string, options?: EntryOptions): MemoryEntry;
  assistant(content: string, options?: EntryOptions): MemoryEntry;
  toolCall(name: string, args: unknown, options?: ToolOptions): MemoryEntry;
  /** Without `callId`, answers the oldest unanswered call of that tool. */
  toolResult(name: string, result: string, options?: ToolOptions): MemoryEntry;
  context(content: string, options?: EntryOptions): MemoryEntry;
  readonly entries: MemoryEntry[];
  /** Interactions started (user messages). */
  readonly interactionCount: number;
  interactions(): Interaction[];
}

/** Start building a conversation. */
export function conversation(sessionId = 'session'): Conversation {
  const entries: MemoryEntry[] = [];
  const pending: { name: string; callId: string }[] = [];
  let interaction = 0;
  let calls = 0;
  const push = (
    partial: Pick<MemoryEntry, 'type' | 'role' | 'content'> & Partial<MemoryEntry>,
    options: EntryOptions = {},
  ): MemoryEntry => {
    const seq = entries.length;
    const entry: MemoryEntry = {
      id: `e${seq}`,
      sessionId,
      seq,
      interaction,
      timestamp: new Date(Date.UTC(2024, 0, 1, 0, 0, seq)).toISOString(),
      tokenCount: options.tokens ?? Math.max(1, Math.ceil(partial.content.length / 4)),
      compressed: false,
      ...partial,
    };
    if (options.pinned) entry.pinned = true;
    if (options.metadata) entry.metadata = options.metadata;
    entries.push(entry);
    return entry;
  };
  return {
    entries,
    get interactionCount() {
      return interaction;
    },
    user(content, options) {
      interaction += 1;
      return push({ type: 'message', role: 'user', content }, options);
    },
    assistant: (content, options) => push({ type: 'message', role: 'assistant', content }, options),
    context: (content, options) => push({ type: 'context', role: 'system', content }, options),
    toolCall(name, args, options = {}) {
      calls += 1;
      const callId = options.callId ?? `call_${calls}`;
      pending.push({ name, callId });
      return push(
        { type: 'tool_call', role: 'assistant', content: JSON.stringify(args), tool: { name, callId } },
        options,
      );
    },
    toolResult(name, result, options = {}) {
      const at = pending.findIndex((call) => (options.callId ? call.callId === options.callId : call.name === name));
      const callId = options.callId ?? pending[at]?.callId ?? `orphan_${entries.length}`;
      if (at !== -1) pending.splice(at, 1);
      const tool = options.isError === undefined ? { name, callId } : { name, callId, isError: options.isError };
      return push({ type: 'tool_result', role: 'system', content: result, tool }, options);
    },
    interactions: () => groupInteractions(entries),
  };
}

/** Group entries (oldest first) into interactions by their `interaction` number. */
export function groupInteractions(entries: readonly MemoryEntry[]): Interaction[] {
  const out: Interaction[] = [];
  for (const entry of entries) {
    const last = out[out.length - 1];
    if (last && last.index === entry.interaction) {
      last.entries.push(entry);
      last.tokenCount += entry.tokenCount;
    } else out.push({ index: entry.interaction, entries: [entry], tokenCount: entry.tokenCount });
  }
  return out;
}

/** Per-message framing the test cost adds (as OpenAI's chat counting does). */
export const MESSAGE_FRAMING = 3;

/** A deterministic cost: entry tokens + framing per entry, summary tokens + framing, 3 base. */
export const testCost: ContextCost = {
  base: 3,
  interaction: (interaction) => interaction.entries.reduce((sum, entry) => sum + entry.tokenCount + MESSAGE_FRAMING, 0),
  summary: (summary) => summary.tokenCount + MESSAGE_FRAMING + 1,
};

/** What `getContextForLLM().tokenCount` would be for a selection under {@link testCost}. */
export function selectionTokens(selection: ContextSelection, cost: ContextCost = testCost): number {
  return (
    cost.base +
    selection.summaries.reduce((s, x) => s + cost.summary(x), 0) +
    selection.interactions.reduce((s, i) => s + cost.interaction(i), 0)
  );
}

/** A summary with sensible defaults. */
export function makeSummary(overrides: Partial<MemorySummary> & { id: string }): MemorySummary {
  return {
    sessionId: 'session',
    content: `summary ${overrides.id}`,
    originalEntryIds: [],
    tokenCount: 20,
    originalTokenCount: 100,
    compressionRatio: 5,
    createdAt: '2024-01-01T00:00:00.000Z',
    timeRange: { start: '2024-01-01T00:00:00.000Z', end: '2024-01-01T00:00:00.000Z' },
    ...overrides,
  };
}

/** A read-only session view over active entries and summaries. */
export function sessionView(options: {
  entries: readonly MemoryEntry[];
  summaries?: readonly MemorySummary[];
  interactionCount?: number;
  state?: Record<string, unknown>;
}): SessionView {
  const active = options.entries.filter((entry) => !entry.compressed);
  const interactions = groupInteractions(active);
  const summaries = [...(options.summaries ?? [])];
  return {
    sessionId: 'session',
    interactions,
    summaries,
    interactionCount: options.interactionCount ?? Math.max(0, ...options.entries.map((entry) => entry.interaction)),
    contextTokens: () => selectionTokens({ interactions, summaries }),
    state: options.state ?? {},
  };
}

/** An engine stand-in: stores entries, consults long-term strategies and applies their plans. */
export interface Simulator {
  /** Every stored entry, compressed ones included (erased ones removed). */
  readonly entries: MemoryEntry[];
  readonly summaries: MemorySummary[];
  /** Every summarize request made, in order, with the strategy that made it. */
  readonly requests: { strategy: string; request: SummarizeRequest }[];
  readonly erased: string[];
  /** Store an entry and consult the strategies, as an `add*` call does. */
  receive(entry: MemoryEntry): void;
  /** Consult the strategies as `compress()` does. */
  compress(): void;
  /** Active entries, oldest first. */
  active(): MemoryEntry[];
  view(strategy: string): SessionView;
}

/**
 * Create a simulator. A summary's size is `targetTokens` when the request gives one, else 40.
 * It throws when a plan touches something that is not active or strategies keep planning
 * after 10 rounds, so misbehaving strategies fail the test.
 */
export function createSimulator(
  strategies: readonly LongTermStrategy[],
  options: { summaryTokens?: (request: SummarizeRequest) => number } = {},
): Simulator {
  const entries: MemoryEntry[] = [];
  const summaries: MemorySummary[] = [];
  const requests: Simulator['requests'] = [];
  const erased: string[] = [];
  const states = new Map<string, Record<string, unknown>>();
  let made = 0;
  let interactionCount = 0;

  const active = (): MemoryEntry[] => entries.filter((entry) => !entry.compressed);
  const view = (strategy: string): SessionView => ({
    ...sessionView({
      entries: active(),
      summaries: [...summaries],
      interactionCount,
      state: states.get(strategy) ?? {},
    }),
  });
  const activeById = (id: string): MemoryEntry => {
    const entry = entries.find((e) => e.id === id && !e.compressed);
    if (!entry) throw new Error(`plan touches ${id}, which is not active`);
    return entry;
  };

  const apply = (strategy: string, plan: LongTermPlan): void => {
    let newId: string | undefined;
    const request = plan.summarize;
    if (request) {
      const covered = request.entries.map((entry) => activeById(entry.id));
      for (const folded of request.foldSummaries ?? []) {
        if (!summaries.some((s) => s.id === folded.id)) throw new Error(`fold of unknown summary ${folded.id}`);
      }
      made += 1;
      newId = `sum${made}`;
      const tokens = options.summaryTokens?.(request) ?? request.targetTokens ?? 40;
      const summary = makeSummary({
        id: newId,
        strategy,
        tokenCount: tokens,
        originalEntryIds: covered.map((e) => e.id),
        originalTokenCount: covered.reduce((s, e) => s + e.tokenCount, 0),
      });
      if (request.range) summary.range = request.range;
      requests.push({ strategy, request });
      if (request.markCompressed)
        for (const entry of covered) Object.assign(entry, { compressed: true, summaryId: newId });
      for (const folded of request.foldSummaries ?? [])
        summaries.splice(
          summaries.findIndex((s) => s.id === folded.id),
          1,
        );
      summaries.push(summary);
    }
    for (const group of plan.evict ?? []) {
      const summaryId = group.summaryId === 'new' ? newId : group.summaryId;
      if (group.summaryId !== undefined && !summaries.some((s) => s.id === summaryId))
        throw new Error(`evict links to missing summary ${group.summaryId}`);
      for (const id of group.entryIds) {
        const entry = activeById(id);
        entry.compressed = true;
        if (summaryId !== undefined) entry.summaryId = summaryId;
      }
    }
    for (const id of plan.erase ?? []) {
      activeById(id);
      entries.splice(
        entries.findIndex((e) => e.id === id),
        1,
      );
      erased.push(id);
    }
    for (const id of plan.dropSummaryIds ?? []) {
      const at = summaries.findIndex((s) => s.id === id);
      if (at === -1) throw new Error(`drop of unknown summary ${id}`);
      summaries.splice(at, 1);
    }
    if (plan.state) states.set(strategy, plan.state);
  };

  const consult = (event: TriggerEvent): void => {
    for (let round = 0; round < 10; round += 1) {
      let planned = false;
      for (const strategy of strategies) {
        const plan = strategy.plan(view(strategy.id), event);
        if (plan) {
          apply(strategy.id, plan);
          planned = true;
        }
      }
      if (!planned) return;
    }
    throw new Error('strategies still planning after 10 rounds');
  };

  return {
    entries,
    summaries,
    requests,
    erased,
    active,
    view,
    receive(entry) {
      entries.push(entry);
      interactionCount = Math.max(interactionCount, entry.interaction);
      consult({ reason: 'add', entry });
    },
    compress: () => consult({ reason: 'manual' }),
  };
}

/** One tool use inside a generated turn. */
export interface ToolStep {
  name: 'search' | 'shell' | 'fetch';
  callTokens: number;
  resultTokens: number;
  isError: boolean;
  pinned: boolean;
}

/** One generated human turn. */
export interface TurnStep {
  userTokens: number;
  userPinned: boolean;
  context: number | null;
  /** Assistant text before the tool calls (they merge into it). */
  preface: number | null;
  tools: ToolStep[];
  /** Results after all calls (true) or each right after its call. */
  batched: boolean;
  reply: number | null;
}

const tokens = fc.integer({ min: 1, max: 120 });
const maybe = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.option(arb, { nil: null, freq: 2 });

/** A random human turn with tool calls, failures, context and pins. */
export const turnStep: fc.Arbitrary<TurnStep> = fc.record({
  userTokens: tokens,
  userPinned: fc.constant(false),
  context: maybe(tokens),
  preface: maybe(tokens),
  tools: fc.array(
    fc.record({
      name: fc.constantFrom('search' as const, 'shell' as const, 'fetch' as const),
      callTokens: tokens,
      resultTokens: tokens,
      isError: fc.boolean(),
      pinned: fc.constant(false),
    }),
    { maxLength: 3 },
  ),
  batched: fc.boolean(),
  reply: maybe(tokens),
});

/** Same as {@link turnStep} but pins some user messages and tool calls. */
export const pinnedTurnStep: fc.Arbitrary<TurnStep> = fc
  .tuple(turnStep, fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }))
  .map(([turn, a, b]) => ({
    ...turn,
    userPinned: a === 0,
    tools: turn.tools.map((tool, i) => ({ ...tool, pinned: b === i })),
  }));

/** Add a generated turn to a conversation, entry by entry (calling `each` after every add). */
export function playTurn(c: Conversation, turn: TurnStep, each: (entry: MemoryEntry) => void = () => {}): void {
  each(c.user(`question ${c.interactionCount + 1}`, { tokens: turn.userTokens, pinned: turn.userPinned }));
  if (turn.context !== null) each(c.context('file contents', { tokens: turn.context }));
  if (turn.preface !== null) each(c.assistant('let me check', { tokens: turn.preface }));
  const calls = turn.tools.map((tool) => {
    const call = c.toolCall(tool.name, { q: 1 }, { tokens: tool.callTokens, pinned: tool.pinned });
    each(call);
    if (!turn.batched)
      each(
        c.toolResult(tool.name, 'out', {
          tokens: tool.resultTokens,
          isError: tool.isError,
          callId: call.tool?.callId ?? '',
        }),
      );
    return call;
  });
  if (turn.batched) {
    turn.tools.forEach((tool, i) => {
      each(
        c.toolResult(tool.name, 'out', {
          tokens: tool.resultTokens,
          isError: tool.isError,
          callId: calls[i]?.tool?.callId ?? '',
        }),
      );
    });
  }
  if (turn.reply !== null) each(c.assistant('answer', { tokens: turn.reply }));
}

/** Build a whole conversation from generated turns (optionally with a context preamble). */
export function buildConversation(turns: readonly TurnStep[], preamble = false): Conversation {
  const c = conversation();
  if (preamble) c.context('system notes', { tokens: 30 });
  for (const turn of turns) playTurn(c, turn);
  return c;
}
