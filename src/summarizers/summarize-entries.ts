/**
 * Turns entries (and earlier summaries being folded in) into summary text: pass 1 with the
 * default summarization prompt, passes 2..n as Chain of Density densification, each call
 * bounded by a timeout and the caller's signal, each reply cleaned.
 * @module
 */
import { SummarizerError, ValidationError } from '../errors.js';
import type { MemoryEntry, MemorySummary, SummarizeInfo, Summarizer } from '../types.js';
import { abortedError, callSummarizer } from './call-summarizer.js';
import { densifyPrompt } from './chain-of-density.js';
import { extractSummary } from './extract-summary.js';
import { findMissingFactsInSlices } from './fact-check.js';
import { COST, createSlicer, type Slicer } from '../slices/slicer.js';
import { type PromptGuidance, firstPassPrompt } from './prompt.js';
import { renderConversationInSlices } from './render-entries.js';

/** What to summarize and how. */
export interface SummarizeEntriesOptions {
  sessionId: string;
  /** Entries to summarize, oldest first. */
  entries: MemoryEntry[];
  /** Earlier summaries folded into the new one (rendered as `[Earlier summary] …` first). */
  foldSummaries?: MemorySummary[];
  /** Summarizer calls: 1 = a plain summary, more = Chain of Density passes. */
  passes: number;
  /** Extra instructions, repeated in every pass's prompt. */
  instructions?: string;
  /** Target size in tokens (a hint in the prompt). */
  targetTokens?: number;
  summarizer: Summarizer;
  /** Per call, in milliseconds; 0 = no limit. */
  timeoutMs: number;
  /** Aborting fails the summarization at once (even after a good pass). */
  signal?: AbortSignal;
}

/** The summary text and how it was made. */
export interface SummaryText {
  /** The cleaned text of the last good pass. */
  content: string;
  /** Passes that produced `content` (fewer than asked when a later pass failed). */
  passes: number;
  /**
   * `passesRequested`, `passesCompleted`; `passError` (message) when a later pass failed;
   * `summarizer` (its `name`) when set; `missingFacts` (`{ names?, numbers?, decisions? }`,
   * non-empty lists only, at most 20 each) when the summary misses facts of the messages.
   */
  metadata: Record<string, unknown>;
}

const MAX_FACTS = 20;

function validate(o: SummarizeEntriesOptions): void {
  if (!Number.isInteger(o.passes) || o.passes < 1) throw new ValidationError('passes', 'an integer >= 1', o.passes);
  if (!Number.isFinite(o.timeoutMs) || o.timeoutMs < 0) {
    throw new ValidationError('timeoutMs', 'a number of milliseconds >= 0 (0 = no limit)', o.timeoutMs);
  }
  if (!Array.isArray(o.entries)) throw new ValidationError('entries', 'an array of entries', o.entries);
  if (o.entries.length === 0 && (o.foldSummaries?.length ?? 0) === 0) {
    throw new ValidationError('entries', 'at least one entry or folded summary to summarize', o.entries);
  }
  if (typeof o.summarizer?.summarize !== 'function') {
    throw new ValidationError('summarizer', 'an object with a summarize(prompt, info) function', o.summarizer);
  }
}

async function missingFactsOf(
  o: SummarizeEntriesOptions,
  content: string,
  slicer: Slicer,
): Promise<Record<string, string[]> | undefined> {
  // Messages and earlier summaries carry the facts people ask about; tool output and attached
  // files would flood the check with identifiers.
  const sources = (o.foldSummaries ?? []).map((s) => s.content);
  for (const e of o.entries) {
    if (e.type === 'message' || e.type === 'summary') sources.push(e.content);
    if (slicer.spend(COST.item)) await slicer.pause();
  }
  const missing = await findMissingFactsInSlices(sources, content, slicer);
  const kept = Object.entries(missing).filter(([, list]) => list.length > 0);
  return kept.length > 0 ? Object.fromEntries(kept.map(([key, list]) => [key, list.slice(0, MAX_FACTS)])) : undefined;
}

async function runPass(o: SummarizeEntriesOptions, prompt: string, pass: number, slicer: Slicer): Promise<string> {
  const info: SummarizeInfo = { sessionId: o.sessionId, pass, passes: o.passes, entries: o.entries };
  if (o.foldSummaries?.length) info.folded = o.foldSummaries;
  // A large prompt's summarizer call (an in-process one, such as the heuristic summarizer, reads
  // the whole prompt in one step) starts a slice of its own, and what follows it starts another
  // once the call took a slice's time: never the tail of another step's.
  if (slicer.spend(prompt.length * COST.copy)) await slicer.pause();
  const raw = await callSummarizer(o.summarizer, prompt, info, { timeoutMs: o.timeoutMs, signal: o.signal });
  if (slicer.spend(raw.length * COST.copy)) await slicer.pause();
  const text = extractSummary(raw);
  if (text === undefined) {
    throw new SummarizerError(
      `summarizer returned no usable summary on pass ${pass} of ${o.passes} ` +
        `(${raw.trim() === '' ? 'empty text' : `${raw.length} characters without summary text`})`,
    );
  }
  return text;
}

/**
 * Summarizes entries with `passes` summarizer calls and returns the cleaned text.
 *
 * Entries are quoted as data (`[User] …` lines inside `<conversation>` … `</conversation>`),
 * never merged into the instructions. Pass 1 uses the default prompt; each later pass
 * gets the previous pass's text and densifies it. If pass 1 fails, this rejects with a
 * SummarizerError (the caller keeps its entries); if a later pass fails, the last good pass's
 * text is returned with `metadata.passesCompleted`. Aborting `signal` always rejects.
 * @example
 * const { content } = await summarizeEntries({
 *   sessionId: 's1', entries, passes: 3, summarizer: heuristicSummarizer(), timeoutMs: 60_000,
 * });
 */
export async function summarizeEntries(o: SummarizeEntriesOptions): Promise<SummaryText> {
  validate(o);
  // Rendered in slices: a compression of 100,000 entries never holds the thread while its prompt is made.
  const slicer = createSlicer();
  const conversation = await renderConversationInSlices(o.entries, o.foldSummaries ?? [], slicer);
  const guidance: PromptGuidance = {
    ...(o.instructions !== undefined ? { instructions: o.instructions } : {}),
    ...(o.targetTokens !== undefined ? { targetTokens: o.targetTokens } : {}),
  };

  let content = await runPass(o, firstPassPrompt(conversation, guidance), 1, slicer);
  let completed = 1;
  let passError: string | undefined;
  for (let pass = 2; pass <= o.passes; pass++) {
    try {
      content = await runPass(
        o,
        densifyPrompt(conversation, { pass, passes: o.passes, previous: content }, guidance),
        pass,
        slicer,
      );
      completed = pass;
    } catch (error) {
      if (o.signal?.aborted) throw abortedError(o.signal);
      passError = error instanceof Error ? error.message : String(error);
      break;
    }
  }

  const metadata: Record<string, unknown> = { passesRequested: o.passes, passesCompleted: completed };
  if (passError !== undefined) metadata['passError'] = passError;
  if (o.summarizer.name !== undefined) metadata['summarizer'] = o.summarizer.name;
  const missingFacts = await missingFactsOf(o, content, slicer);
  if (missingFacts) metadata['missingFacts'] = missingFacts;
  return { content, passes: completed, metadata };
}
