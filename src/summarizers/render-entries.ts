/**
 * Renders entries and folded summaries as quoted data for a summarization prompt: one line
 * per entry, labelled by kind, inside a delimited block the text cannot close early.
 * @module
 */
import type { MemoryEntry, MemorySummary } from '../types.js';
import { COST, type Slicer } from '../slices/slicer.js';

/** The tag names of the data blocks used in prompts; their occurrences in data are neutralized. */
export const DATA_TAGS = ['conversation', 'previous_summary'] as const;

/** A data-block tag name. */
export type DataTag = (typeof DATA_TAGS)[number];

const TAG_PATTERN = new RegExp(`<(\\s*/?\\s*(?:${DATA_TAGS.join('|')})\\b)`, 'giu');

/**
 * Makes text safe to place inside a data block: any `<conversation>`-like tag (opening or
 * closing, any case or spacing) loses its `<`, so quoted text can never end the block, and
 * continuation lines are indented, so a line in the text can never pose as a new entry.
 */
export function neutralizeData(text: string): string {
  // Every character a reader (or model) may take as a line break starts an indented line, so
  // data can never begin a line that looks like an entry label.
  return text.replace(TAG_PATTERN, '&lt;$1').replace(/\r\n|[\r\n\v\f\u0085\u2028\u2029]/g, '\n  ');
}

function contextSource(entry: MemoryEntry): string | undefined {
  const source = entry.metadata?.['source'];
  return typeof source === 'string' && source.trim() !== '' ? source.trim() : undefined;
}

/** The label of an entry's line: `User`, `Tool call shell`, `Context src/main.ts`, … */
export function entryLabel(entry: MemoryEntry): string {
  const tool = entry.tool?.name ?? 'unknown';
  switch (entry.type) {
    case 'tool_call':
      return `Tool call ${tool}`;
    case 'tool_result':
      return `${entry.tool?.isError ? 'Tool error' : 'Tool result'} ${tool}`;
    case 'context': {
      const source = contextSource(entry);
      return source === undefined ? 'Context' : `Context ${source}`;
    }
    case 'summary':
      return 'Earlier summary';
    default:
      return entry.role === 'user' ? 'User' : entry.role === 'assistant' ? 'Assistant' : 'System';
  }
}

/** One entry as a data line, e.g. `[User] Hello` or `[Tool call shell] {"command":"ls"}`. */
export function renderEntry(entry: MemoryEntry): string {
  // Labels carry user-chosen names (tool, context source): neutralize them like content.
  const label = neutralizeData(entryLabel(entry)).replace(/[\n\]]/g, ' ');
  return `[${label}] ${neutralizeData(entry.content)}`;
}

/**
 * The lines of a conversation: folded summaries first (`[Earlier summary] …`, oldest first),
 * then the entries in order.
 */
export function renderLines(entries: readonly MemoryEntry[], foldSummaries: readonly MemorySummary[] = []): string[] {
  return [
    ...foldSummaries.map((summary) => `[Earlier summary] ${neutralizeData(summary.content)}`),
    ...entries.map(renderEntry),
  ];
}

/** Wraps already-neutralized text in a data block: `<tag>\n…\n</tag>`. */
export function dataBlock(tag: DataTag, body: string): string {
  return `<${tag}>\n${body}\n</${tag}>`;
}

/** The conversation block of a prompt. */
export function renderConversation(
  entries: readonly MemoryEntry[],
  foldSummaries: readonly MemorySummary[] = [],
): string {
  return dataBlock('conversation', renderLines(entries, foldSummaries).join('\n'));
}

/** What rendering one character of an entry costs, in slice units (two scans for tags and line breaks). */
const RENDER_COST = 4;

/**
 * {@link renderConversation} in slices of work: the lines of 100,000 entries are rendered a
 * slice at a time, the thread given back between slices. The same text.
 */
export async function renderConversationInSlices(
  entries: readonly MemoryEntry[],
  foldSummaries: readonly MemorySummary[],
  slicer: Slicer,
): Promise<string> {
  // Each slice joins its own lines: joining 100,000 lines in one step (flattening each) held
  // the thread about 70 ms; the final join copies a few flat strings.
  const parts: string[] = [];
  let lines: string[] = [];
  const full = (units: number): boolean => {
    if (!slicer.spend(units)) return false;
    parts.push(lines.join('\n'));
    lines = [];
    return true;
  };
  for (const summary of foldSummaries) {
    lines.push(`[Earlier summary] ${neutralizeData(summary.content)}`);
    if (full(COST.item + summary.content.length * RENDER_COST)) await slicer.pause();
  }
  for (const entry of entries) {
    lines.push(renderEntry(entry));
    if (full(COST.item + entry.content.length * RENDER_COST)) await slicer.pause();
  }
  if (lines.length || !parts.length) parts.push(lines.join('\n'));
  return dataBlock('conversation', parts.join('\n'));
}
