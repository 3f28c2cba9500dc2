/**
 * The memory-manager seed's fallback summary, made without a model from the entries
 * themselves: message counts, first and last request, tools used, errors.
 * @module
 */
import type { MemoryEntry, Summarizer } from '../types.js';
import { extractNames, extractNumbers } from './fact-extract.js';

/** Options of {@link heuristicSummarizer}. */
export interface HeuristicSummarizerOptions {
  /** Longest quoted first/last message, in characters, before `...` (default 50). */
  quoteLength?: number;
  /**
   * Append a `Key terms: …` line with the names and numbers of the messages (default false:
   * the output is exactly the seed's format). The seed's lines are unchanged either way.
   */
  keyTerms?: boolean;
}

const MAX_KEY_TERMS = 12;

/** Collapses whitespace and cuts at a word boundary, adding `...` like the seed's example. */
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
 * The seed's fallback text for `entries`:
 * ```text
 * [Previous conversation summary]
 * 5 user messages
 * First: "Help me debug this API..."
 * Last: "Thanks, that fixed it!"
 * Tools used: shell, read_file, write_file
 * 2 errors encountered
 * ```
 * `Last` is left out with a single user message; the tools and errors lines when there are none.
 */
export function heuristicSummary(entries: readonly MemoryEntry[], options: HeuristicSummarizerOptions = {}): string {
  const max = options.quoteLength ?? 50;
  const userMessages = entries.filter((e) => e.type === 'message' && e.role === 'user');
  const tools = [...new Set(entries.filter((e) => e.type === 'tool_call' || e.type === 'tool_result').map((e) => e.tool?.name).filter((n) => n !== undefined))];
  const errors = entries.filter((e) => e.type === 'tool_result' && e.tool?.isError === true).length;

  const lines = ['[Previous conversation summary]', plural(userMessages.length, 'user message', 'user messages')];
  const first = userMessages[0];
  const last = userMessages.at(-1);
  if (first) lines.push(`First: "${quote(first.content, max)}"`);
  if (last && userMessages.length > 1) lines.push(`Last: "${quote(last.content, max)}"`);
  if (tools.length > 0) lines.push(`Tools used: ${tools.join(', ')}`);
  if (errors > 0) lines.push(plural(errors, 'error encountered', 'errors encountered'));

  if (options.keyTerms) {
    const text = entries.filter((e) => e.type === 'message').map((e) => e.content).join('\n');
    const terms = [...extractNames(text), ...extractNumbers(text)].slice(0, MAX_KEY_TERMS);
    if (terms.length > 0) lines.push(`Key terms: ${terms.join(', ')}`);
  }
  return lines.join('\n');
}

/**
 * A summarizer that needs no model: it ignores the prompt and returns the memory-manager
 * seed's fallback format built from `info.entries`. The default when no summarizer is given.
 * Every pass returns the same text, so Chain of Density adds nothing with it.
 * @example
 * const memory = await createMemory({ summarizer: heuristicSummarizer() });
 */
export function heuristicSummarizer(options: HeuristicSummarizerOptions = {}): Summarizer {
  return {
    name: 'heuristic',
    summarize: (_prompt, info) => Promise.resolve(heuristicSummary(info.entries, options)),
  };
}
