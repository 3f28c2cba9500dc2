/**
 * The fallback summary, made without a model from the entries themselves: message counts,
 * first and last request, tools used, errors.
 * @module
 */
import type { MemoryEntry, MemorySummary, Summarizer } from '../types.js';
import { extractNames, extractNumbers } from './fact-extract.js';

/** Options of {@link heuristicSummarizer}. */
export interface HeuristicSummarizerOptions {
  /** Longest quoted first/last message, in characters, before `...` (default 50). */
  quoteLength?: number;
  /**
   * Append a `Key terms: …` line with the names and numbers of the messages (default false:
   * the output is exactly the fallback format below). Its other lines are unchanged either way.
   */
  keyTerms?: boolean;
}

const MAX_KEY_TERMS = 12;

/** Collapses whitespace and cuts at a word boundary, adding `...` (`"Plan the trip to..."`). */
export function quote(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  // Cut at the last whole word, unless that would drop more than half.
  const space = flat[max] === ' ' ? max : cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?-]+$/u, '')}...`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The fallback text for `entries`:
 * ```text
 * [Previous conversation summary]
 * 5 user messages
 * First: "Help me debug this API..."
 * Last: "Thanks, that fixed it!"
 * Tools used: shell, read_file, write_file
 * 2 errors encountered
 * ```
 * `Last` is left out with a single user message; the tools and errors lines when there are none.
 * Earlier summaries in this format being `folded` in are merged: their counts add up, the
 * oldest `First` stays, tools are united. (A model-written summary cannot be merged: left out.)
 */
export function heuristicSummary(
  entries: readonly MemoryEntry[],
  options: HeuristicSummarizerOptions = {},
  folded: readonly Pick<MemorySummary, 'content'>[] = [],
): string {
  const max = options.quoteLength ?? 50;
  const userMessages = entries.filter((e) => e.type === 'message' && e.role === 'user');
  const earlier = folded.map((s) => parseHeuristicSummary(s.content)).filter((p) => p !== undefined);
  const tools = [
    ...new Set([
      ...earlier.flatMap((p) => p.tools),
      ...entries
        .filter((e) => e.type === 'tool_call' || e.type === 'tool_result')
        .map((e) => e.tool?.name)
        .filter((n) => n !== undefined),
    ]),
  ];
  let errors = entries.filter((e) => e.type === 'tool_result' && e.tool?.isError === true).length;
  let users = userMessages.length;
  for (const p of earlier) {
    errors += p.errors;
    users += p.users;
  }

  const lines = ['[Previous conversation summary]', plural(users, 'user message', 'user messages')];
  // Folded summaries came first: the oldest one's First, the newest message's Last.
  const first =
    earlier.find((p) => p.first !== undefined)?.first ?? (userMessages[0] && quote(userMessages[0].content, max));
  const newest = userMessages.at(-1);
  const last = newest ? quote(newest.content, max) : earlier.findLast((p) => p.last !== undefined)?.last;
  if (first !== undefined) lines.push(`First: "${first}"`);
  if (last !== undefined && users > 1) lines.push(`Last: "${last}"`);
  if (tools.length > 0) lines.push(`Tools used: ${tools.join(', ')}`);
  if (errors > 0) lines.push(plural(errors, 'error encountered', 'errors encountered'));

  if (options.keyTerms) {
    const text = entries
      .filter((e) => e.type === 'message')
      .map((e) => e.content)
      .join('\n');
    const terms = [...extractNames(text), ...extractNumbers(text)].slice(0, MAX_KEY_TERMS);
    if (terms.length > 0) lines.push(`Key terms: ${terms.join(', ')}`);
  }
  return lines.join('\n');
}

/** What a summary in the fallback format says, or `undefined` for other text. */
export function parseHeuristicSummary(
  content: string,
): { users: number; first?: string; last?: string; tools: string[]; errors: number } | undefined {
  const lines = content.split('\n');
  if (lines[0] !== '[Previous conversation summary]') return undefined;
  const out: { users: number; first?: string; last?: string; tools: string[]; errors: number } = {
    users: 0,
    tools: [],
    errors: 0,
  };
  for (const line of lines.slice(1)) {
    let m: RegExpExecArray | null;
    if ((m = /^(\d+) user messages?$/.exec(line))) out.users = Number(m[1]);
    else if ((m = /^First: "(.*)"$/.exec(line))) out.first = m[1]!;
    else if ((m = /^Last: "(.*)"$/.exec(line))) out.last = m[1]!;
    else if ((m = /^Tools used: (.*)$/.exec(line))) out.tools = m[1]!.split(', ');
    else if ((m = /^(\d+) errors? encountered$/.exec(line))) out.errors = Number(m[1]);
  }
  return out;
}

/**
 * A summarizer that needs no model: it ignores the prompt and returns the fallback format
 * (see {@link heuristicSummary}) built from `info.entries`. The default when no summarizer is given.
 * Every pass returns the same text, so Chain of Density adds nothing with it.
 * @example
 * const memory = await createMemory({ summarizer: heuristicSummarizer() });
 */
export function heuristicSummarizer(options: HeuristicSummarizerOptions = {}): Summarizer {
  const summarizer: Summarizer = {
    name: 'heuristic',
    summarize: (_prompt, info) => Promise.resolve(heuristicSummary(info.entries, options, info.folded)),
  };
  IN_THREAD.add(summarizer);
  return summarizer;
}

/** Summarizers made by {@link heuristicSummarizer}: they compute in this thread and wait on nothing. */
const IN_THREAD = new WeakSet<Summarizer>();

/**
 * Whether `summarizer` is one {@link heuristicSummarizer} made: it answers from the entries
 * alone, in this thread, without waiting on a model or the network. The engine then makes its
 * compressions in the session's turn (plan, summary and commit as one step, so every call made
 * after an add sees the compression it triggered), instead of releasing the session while a
 * model writes the summary.
 */
export function summarizesInThread(summarizer: Summarizer): boolean {
  return IN_THREAD.has(summarizer);
}
