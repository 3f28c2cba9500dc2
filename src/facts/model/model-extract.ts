/**
 * The model pass: user turns read for facts by the memory's summarizer (a callback,
 * `fetchSummarizer`, `webLLMSummarizer`), in batches, with a strict JSON prompt. A reply that is
 * not the JSON asked for is asked again with a note; a failed or timed-out call is retried
 * after a backoff; a batch that never gets a usable reply is reported as a `FactsModelError`
 * (its turns get no candidates) while the other batches keep theirs.
 * @module
 */
import { ValidationError } from '../../errors.js';
import { callSummarizer } from '../../summarizers/call-summarizer.js';
import { toSummarizer } from '../../summarizers/callback.js';
import { backoffDelay, sleep } from '../../summarizers/retry.js';
import type { SummarizeCallback, Summarizer } from '../../types.js';
import type { FactCandidate, FactTurn } from '../types.js';
import { FactsModelError } from './facts-model-error.js';
import { PROMPT_TURN_CHARS, factsPrompt } from './model-prompt.js';
import { ReplyShapeError, parseFactsReply, type ParsedReply } from './model-parse.js';

/** Options of {@link extractFactsModel}. */
export interface ModelExtractOptions {
  /** Turns per summarizer call. @default 8 */
  batchSize?: number;
  /** Characters of turn text per call (each turn counts at most `PROMPT_TURN_CHARS`). @default 8000 */
  maxBatchChars?: number;
  /** Further attempts after a reply that is not the JSON asked for, or a failed call. @default 2 */
  retries?: number;
  /** Milliseconds a summarizer call may take; 0 for no limit. @default 60000 */
  timeoutMs?: number;
  /** Wait before retrying a failed call, doubled each time (with jitter). @default 500 */
  retryDelayMs?: number;
  /** Aborts the pass: the running call fails and no further batch starts. */
  signal?: AbortSignal;
}

/** What the model pass read. */
export interface ModelFactsResult {
  /** Every turn given, in order, with the candidates read from it (quotes verified against it). */
  turns: { turn: FactTurn; candidates: FactCandidate[] }[];
  /** Facts the model proposed that were dropped, and why ("its quote is not in the turn"). */
  dropped: { entryId?: string; reason: string }[];
  /** One error per batch that got no usable reply; its turns have no candidates. */
  errors: FactsModelError[];
}

function checkTurns(turns: unknown): asserts turns is readonly FactTurn[] {
  if (!Array.isArray(turns))
    throw new ValidationError('turns', 'an array of { sessionId, entryId, text, timestamp }', turns);
  turns.forEach((t: unknown, i) => {
    const turn = t as Partial<FactTurn> | null;
    if (turn === null || typeof turn !== 'object' || typeof turn.text !== 'string' || typeof turn.entryId !== 'string')
      throw new ValidationError(`turns[${i}]`, 'an object with string text and entryId', t);
  });
}

function positive(name: string, value: number | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min)
    throw new ValidationError(`options.${name}`, `a number ≥ ${min}`, value);
  return value;
}

/** Turns cut into batches of at most `size` turns and about `chars` characters. */
function batches(turns: readonly FactTurn[], size: number, chars: number): FactTurn[][] {
  const out: FactTurn[][] = [];
  let batch: FactTurn[] = [];
  let used = 0;
  for (const turn of turns) {
    const cost = Math.min(turn.text.length, PROMPT_TURN_CHARS);
    if (batch.length > 0 && (batch.length >= size || used + cost > chars)) {
      out.push(batch);
      batch = [];
      used = 0;
    }
    batch.push(turn);
    used += cost;
  }
  if (batch.length > 0) out.push(batch);
  return out;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** How one batch is asked. */
interface Ask {
  model: Summarizer;
  retries: number;
  timeoutMs: number;
  retryDelayMs: number;
  signal: AbortSignal | undefined;
}

/**
 * One batch through the summarizer until a reply parses: a reply that is not the JSON asked for
 * is asked again with a note, a failed call is retried after a backoff. Resolves with the parsed
 * reply, or with the last failure once every attempt is spent (or the pass is aborted).
 */
async function askBatch(batch: FactTurn[], ask: Ask): Promise<{ parsed: ParsedReply } | { failure: unknown }> {
  let note: string | undefined;
  let failure: unknown = new Error('aborted');
  for (let attempt = 1; attempt <= ask.retries + 1 && !ask.signal?.aborted; attempt++) {
    let reply: string;
    try {
      const info = { sessionId: batch[0]!.sessionId, pass: attempt, passes: ask.retries + 1, entries: [] };
      reply = await callSummarizer(ask.model, factsPrompt(batch, note), info, ask);
    } catch (error) {
      failure = error;
      const wait = backoffDelay(attempt, { baseDelayMs: ask.retryDelayMs, maxDelayMs: 30_000 });
      if (attempt <= ask.retries) await sleep(wait, ask.signal).catch(() => undefined);
      continue;
    }
    try {
      return { parsed: parseFactsReply(reply, batch) };
    } catch (error) {
      if (!(error instanceof ReplyShapeError)) throw error;
      failure = error;
      note = `Your previous reply was not the JSON asked for (${error.message}). Answer with {"facts": [...]} only.`;
    }
  }
  return { failure };
}

/**
 * Reads `turns` (user turns only) for facts about the user with `summarizer`. Resolves with the
 * candidates of every turn, what was dropped, and one `FactsModelError` per batch that failed;
 * it rejects only on bad arguments (a `ValidationError`).
 * @example
 * const { turns, errors } = await extractFactsModel(userTurns, fetchSummarizer({ url, model }));
 * for (const error of errors) report(error); // e.g. the memory's `error` event
 */
export async function extractFactsModel(
  turns: readonly FactTurn[],
  summarizer: Summarizer | SummarizeCallback,
  options: ModelExtractOptions = {},
): Promise<ModelFactsResult> {
  checkTurns(turns);
  const ask: Ask = {
    model: toSummarizer(summarizer, 'summarizer'),
    retries: Math.floor(positive('retries', options.retries, 2, 0)),
    timeoutMs: positive('timeoutMs', options.timeoutMs, 60_000, 0),
    retryDelayMs: positive('retryDelayMs', options.retryDelayMs, 500, 0),
    signal: options.signal,
  };
  const size = positive('batchSize', options.batchSize, 8, 1);
  const chars = positive('maxBatchChars', options.maxBatchChars, 8_000, 1);
  const found = new Map<FactTurn, FactCandidate[]>();
  const result: ModelFactsResult = { turns: [], dropped: [], errors: [] };
  for (const batch of batches(turns, size, chars)) {
    const entryIds = batch.map((t) => t.entryId);
    const outcome = await askBatch(batch, ask);
    if ('failure' in outcome) {
      const tries = `${ask.retries + 1} attempt${ask.retries > 0 ? 's' : ''}`;
      const reason = `no usable reply for turns ${entryIds.join(', ')} after ${tries}: ${message(outcome.failure)}`;
      result.errors.push(new FactsModelError(`facts model pass: ${reason}`, entryIds, { cause: outcome.failure }));
      continue;
    }
    batch.forEach((turn, i) => found.set(turn, outcome.parsed.byTurn[i]!));
    for (const d of outcome.parsed.dropped)
      result.dropped.push(d.turn === undefined ? d : { entryId: batch[d.turn]!.entryId, reason: d.reason });
  }
  result.turns = turns.map((turn) => ({ turn, candidates: found.get(turn) ?? [] }));
  return result;
}
