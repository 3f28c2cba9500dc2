/**
 * Runs the context evaluation: ingests each conversation once per profile (and per budget where
 * the profile holds the budget), then asks every question of categories 1–4 at the end, in one
 * chat (the question passed as `query`, the session untouched) and across chats (each LoCoMo
 * session its own chat, the question asked in a new chat that is cleared afterwards).
 * @module
 */
import { countChatMessages } from 'recallkit/tokens';
import type { ChatMessage, TokenCounter } from 'recallkit';
import { answerCovered, evidenceFound, scoredText, type ScoredText } from './coverage.js';
import {
  openMemory,
  type EngineFeatures,
  type EvalContext,
  type EvalContextOptions,
  type EvalMemory,
} from './eval-engine.js';
import { FULL_HISTORY, SPLICE, type EvalProfile } from './eval-profiles.js';
import { Scoreboard, type RowKey } from './eval-scores.js';
import type { LocomoConversation, LocomoQuestion, LocomoTurn } from './locomo-data.js';
import { memoCounter, naiveSplice, type RecentMessage } from './naive-splice.js';

/** The two ways a question is asked. */
export type EvalMode = RowKey['mode'];

/** What to run. */
export interface RunOptions {
  convs: readonly LocomoConversation[];
  budgets: readonly number[];
  profiles: readonly EvalProfile[];
  modes: readonly EvalMode[];
  features: EngineFeatures;
  counter: TokenCounter;
  /** Progress lines (stderr). */
  log: (line: string) => void;
}

const ONE_CHAT = 'chat';
const HITS = 50;

/** A conversation prepared for scoring. */
interface Prepared {
  conv: LocomoConversation;
  turns: LocomoTurn[];
  /** Per question: the texts of its evidence turns found in the data. */
  evidence: string[][];
  newestUser: string;
}

function prepare(conv: LocomoConversation): Prepared {
  const turns = conv.sessions.flatMap((s) => s.turns);
  const byId = new Map(turns.map((t) => [t.diaId, t.text]));
  const evidence = conv.questions.map((q) =>
    q.evidence.map((id) => byId.get(id.trim())).filter((t): t is string => t !== undefined),
  );
  const newestUser = [...turns].reverse().find((t) => t.role === 'user')?.content ?? '';
  return { conv, turns, evidence, newestUser };
}

async function ingest(
  memory: EvalMemory,
  sessionId: string,
  turns: readonly LocomoTurn[],
  features: EngineFeatures,
): Promise<void> {
  for (const t of turns) {
    // Without `{ timestamp }`, the engine of release 1 reads a session's date from this key.
    const metadata = features.timestamp ? { dia_id: t.diaId } : { dia_id: t.diaId, session_date: t.sessionDate };
    const when = features.timestamp ? { timestamp: t.timestamp } : undefined;
    if (t.role === 'user') await memory.addUserMessage(sessionId, t.content, metadata, when);
    else await memory.addAssistantMessage(sessionId, t.content, metadata, when);
  }
}

/** The text scored: every message's content, the question's own message left out (it is not memory). */
function contextText(messages: readonly { role: string; content: unknown }[], question?: string): string {
  let skipped = question === undefined;
  const parts: string[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    const content = typeof m.content === 'string' ? m.content : m.content == null ? '' : JSON.stringify(m.content);
    if (!skipped && m.role === 'user' && content === question) {
      skipped = true;
      continue;
    }
    parts.push(content);
  }
  return parts.reverse().join('\n');
}

const holds = (messages: readonly { role: string; content: unknown }[], text: string): boolean =>
  messages.some((m) => m.role === 'user' && typeof m.content === 'string' && m.content.includes(text));

/** Every fifth question: recount the context message by message (`tokenCount` must be exact). */
function exactness(
  o: RunOptions,
  qi: number,
  ctx: Pick<EvalContext, 'messages' | 'tokenCount'>,
): { countExact?: boolean } {
  return qi % 5 === 0
    ? { countExact: countChatMessages(o.counter, ctx.messages as ChatMessage[]) === ctx.tokenCount }
    : {};
}

function observe(p: Prepared, qi: number, scored: ScoredText, tokens: number, newestPresent: boolean, polluted = 0) {
  const q = p.conv.questions[qi] as LocomoQuestion;
  const evidence = p.evidence[qi] ?? [];
  return {
    covered: answerCovered(q.answer, scored),
    category: q.category,
    evidenceFound: evidenceFound(evidence, scored),
    evidenceKnown: evidence.length,
    tokens,
    newestPresent,
    polluted,
  };
}

/** Budget groups of a profile: one engine per budget when it holds the budget, else one for all. */
const groupsOf = (profile: EvalProfile, budgets: readonly number[]): number[][] =>
  profile.ownBudget ? budgets.map((b) => [b]) : [[...budgets]];

function callOptions(profile: EvalProfile, budget: number, features: EngineFeatures): EvalContextOptions {
  return !profile.ownBudget && features.maxTokens ? { maxTokens: budget } : {};
}

async function oneChat(
  p: Prepared,
  profile: EvalProfile,
  budgets: readonly number[],
  o: RunOptions,
  board: Scoreboard,
): Promise<void> {
  const memory = await openMemory(profile.options(budgets[0]!));
  try {
    await ingest(memory, ONE_CHAT, p.turns, o.features);
    await memory.idle?.(ONE_CHAT);
    for (const budget of budgets) {
      const cap = callOptions(profile, budget, o.features);
      // Without recall the context does not depend on the question: one call serves them all.
      const base = await memory.getContextForLLM(ONE_CHAT, {
        ...cap,
        ...(o.features.contextRecall ? { recall: false } : {}),
      });
      const scored = scoredText(contextText(base.messages));
      const present = holds(base.messages, p.newestUser);
      const key: RowKey = { mode: 'one chat', method: profile.name, budget, recall: 'no' };
      p.conv.questions.forEach((_, qi) =>
        board.record(key, p.conv.name, {
          ...observe(p, qi, scored, base.tokenCount, present),
          ...exactness(o, qi === 0 ? 0 : 1, base),
        }),
      );
      if (!o.features.contextRecall) continue;
      const withRecall: RowKey = { ...key, recall: 'yes' };
      for (const [qi, q] of p.conv.questions.entries()) {
        const ctx = await memory.getContextForLLM(ONE_CHAT, {
          ...cap,
          query: q.question,
          recall: { maxTokens: Math.floor(budget / 2) },
        });
        board.record(withRecall, p.conv.name, {
          ...observe(p, qi, scoredText(contextText(ctx.messages)), ctx.tokenCount, holds(ctx.messages, p.newestUser)),
          ...exactness(o, qi, ctx),
        });
      }
    }
  } finally {
    await memory.close();
  }
}

/** Full history and naive splice, in one chat (and the full history row copied to across chats). */
async function references(p: Prepared, o: RunOptions, board: Scoreboard): Promise<void> {
  const memory = await openMemory(FULL_HISTORY.options(0));
  try {
    await ingest(memory, ONE_CHAT, p.turns, o.features);
    await memory.idle?.(ONE_CHAT);
    const full = await memory.getContextForLLM(ONE_CHAT);
    const scored = scoredText(contextText(full.messages));
    for (const mode of o.modes) {
      const key: RowKey = { mode, method: FULL_HISTORY.name, budget: 0, recall: 'no' };
      p.conv.questions.forEach((_, qi) =>
        board.record(key, p.conv.name, observe(p, qi, scored, full.tokenCount, true)),
      );
    }
    if (!o.modes.includes('one chat')) return;
    const recent: RecentMessage[] = p.turns.map((t) => ({ role: t.role, content: t.content }));
    const counter = memoCounter(o.counter);
    for (const [qi, q] of p.conv.questions.entries()) {
      const hits = await memory.recall(ONE_CHAT, q.question, { topK: HITS });
      for (const budget of o.budgets) {
        const messages = naiveSplice(counter, hits, recent, budget);
        const tokens = countChatMessages(o.counter, messages);
        board.record(
          { mode: 'one chat', method: SPLICE, budget, recall: 'splice' },
          p.conv.name,
          observe(p, qi, scoredText(contextText(messages)), tokens, holds(messages, p.newestUser)),
        );
      }
    }
  } finally {
    await memory.close();
  }
}

async function acrossChats(
  p: Prepared,
  profile: EvalProfile,
  budgets: readonly number[],
  o: RunOptions,
  board: Scoreboard,
  splice: boolean,
): Promise<void> {
  const memory = await openMemory(profile.options(budgets[0]!));
  const counter = memoCounter(o.counter);
  try {
    for (const s of p.conv.sessions) await ingest(memory, `session-${s.index}`, s.turns, o.features);
    await memory.idle?.();
    const asked = new Date(Date.parse(p.turns.at(-1)!.timestamp) + 86_400_000).toISOString();
    for (const [qi, q] of p.conv.questions.entries()) {
      const chat = `question-${qi}`;
      await memory.addUserMessage(chat, q.question, {}, o.features.timestamp ? { timestamp: asked } : undefined);
      for (const budget of budgets) {
        const cap = callOptions(profile, budget, o.features);
        const record = (
          recall: RowKey['recall'],
          ctx: Pick<EvalContext, 'messages' | 'tokenCount' | 'recalled'>,
        ): void => {
          const polluted = (ctx.recalled ?? []).filter((r) => r.entry.sessionId?.startsWith('question-')).length;
          board.record(
            { mode: 'across chats', method: recall === 'splice' ? SPLICE : profile.name, budget, recall },
            p.conv.name,
            {
              ...observe(
                p,
                qi,
                scoredText(contextText(ctx.messages, q.question)),
                ctx.tokenCount,
                holds(ctx.messages, q.question),
                polluted,
              ),
              ...exactness(o, qi, ctx),
            },
          );
        };
        record(
          'no',
          await memory.getContextForLLM(chat, { ...cap, ...(o.features.contextRecall ? { recall: false } : {}) }),
        );
        // The query is left to its default: the newest user message, the question.
        if (o.features.contextRecall)
          record(
            'yes',
            await memory.getContextForLLM(chat, {
              ...cap,
              recall: { maxTokens: Math.floor(budget / 2), scope: 'all' },
            }),
          );
        if (splice) {
          const hits = (await memory.recall(chat, q.question, { topK: HITS, scope: 'all' })).filter(
            (h) => h.entry.sessionId !== chat,
          );
          const messages = naiveSplice(counter, hits, [{ role: 'user', content: q.question }], budget);
          record('splice', { messages: messages as ChatMessage[], tokenCount: countChatMessages(o.counter, messages) });
        }
      }
      await memory.clearSession(chat);
    }
  } finally {
    await memory.close();
  }
}

/** Run every mode, profile and budget over the conversations. */
export async function runEvaluation(o: RunOptions): Promise<Scoreboard> {
  const board = new Scoreboard();
  for (const conv of o.convs) {
    const p = prepare(conv);
    const started = performance.now();
    await references(p, o, board);
    for (const profile of o.profiles) {
      for (const group of groupsOf(profile, o.budgets)) {
        if (o.modes.includes('one chat')) await oneChat(p, profile, group, o, board);
        // The splice across chats runs beside the first profile only (it does not depend on the profile).
        if (o.modes.includes('across chats')) await acrossChats(p, profile, group, o, board, profile === o.profiles[0]);
      }
    }
    o.log(
      `${conv.name}: ${p.turns.length} turns, ${conv.questions.length} questions, ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  return board;
}
