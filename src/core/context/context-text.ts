import type { LLMContext, MemoryEntry, MemorySummary } from '../../types.js';
import { COST, type Slicer } from '../../slices/slicer.js';

/** Lines laid out in one step of {@link contextTextSteps}. */
const CHUNK = 1000;

/**
 * The context as one text:
 * `=== Previous Conversation Summaries ===`, each summary under its `[start - end]` dates,
 * then `=== Recent Conversation ===` with `User: …` / `Assistant: …` lines.
 */
export function contextText(
  summaries: readonly MemorySummary[],
  entries: readonly MemoryEntry[],
  recalled: readonly string[] = [],
): string {
  const steps = contextTextSteps(summaries, entries, recalled);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/** The work of {@link contextText}, yielding the units each chunk of lines cost. */
function* contextTextSteps(
  summaries: readonly MemorySummary[],
  entries: readonly MemoryEntry[],
  recalled: readonly string[],
): Generator<number, string, void> {
  const parts: string[] = [];
  if (summaries.length) {
    const blocks = summaries.map((s) => `[${day(s.timeRange.start)} - ${day(s.timeRange.end)}]\n${s.content}`);
    parts.push(`=== Previous Conversation Summaries ===\n${blocks.join('\n\n')}`);
  }
  if (recalled.length) parts.push(`=== Recalled From Memory ===\n${recalled.join('\n\n')}`);
  if (entries.length) {
    const lines: string[] = [];
    for (let at = 0; at < entries.length; at += CHUNK) {
      const end = Math.min(entries.length, at + CHUNK);
      let chars = 0;
      for (let i = at; i < end; i++) {
        const text = line(entries[i]!);
        lines.push(text);
        chars += text.length;
      }
      yield (end - at) * COST.item + chars * COST.copy;
    }
    parts.push(`=== Recent Conversation ===\n${lines.join('\n')}`);
    // The join copies every line once more.
    yield lines.length * COST.item;
  }
  return parts.join('\n\n');
}

/** How each lazy context makes its text in slices (`settleText`), by context. */
const textSteps = new WeakMap<object, () => Generator<number, string, void> | undefined>();

/**
 * The context with `text` made when first read (a server that sends `messages` never pays for
 * the text layout): an enumerable property in its place, so a copy, a structured clone (the
 * worker) or `JSON.stringify` sees plain data; assigning it replaces it. {@link settleText}
 * makes it in slices instead.
 */
export function withLazyText(
  ctx: Omit<LLMContext, 'text'>,
  summaries: readonly MemorySummary[],
  entries: readonly MemoryEntry[],
  recalled: readonly string[],
): LLMContext {
  let text: string | undefined;
  const lazy: LLMContext = {
    messages: ctx.messages,
    get text(): string {
      return (text ??= contextText(summaries, entries, recalled));
    },
    set text(value: string) {
      text = value;
    },
    tokenCount: ctx.tokenCount,
    summaries: ctx.summaries,
  };
  // Nothing to make once the text was read or assigned.
  textSteps.set(lazy, () => (text === undefined ? contextTextSteps(summaries, entries, recalled) : undefined));
  return lazy;
}

/**
 * Make a context's lazy `text` now, in slices of `slicer` (the worker does this before its
 * result is cloned: the clone reads `text`, and laying out 100,000 lines then held the worker
 * in the same task as the clone). Anything else is left as it is.
 */
export async function settleText(value: unknown, slicer: Slicer): Promise<void> {
  const steps = typeof value === 'object' && value !== null ? textSteps.get(value)?.() : undefined;
  if (!steps) return;
  let step = steps.next();
  while (!step.done) {
    if (slicer.spend(step.value)) await slicer.pause();
    step = steps.next();
  }
  (value as LLMContext).text = step.value;
}

function line(e: MemoryEntry): string {
  switch (e.type) {
    case 'tool_call':
      return `Tool call (${e.tool?.name ?? 'tool'}): ${e.content}`;
    case 'tool_result':
      return `${e.tool?.isError ? 'Tool error' : 'Tool result'} (${e.tool?.name ?? 'tool'}): ${e.content}`;
    case 'context': {
      const source = typeof e.metadata?.source === 'string' ? ` (${e.metadata.source})` : '';
      return `Context${source}: ${e.content}`;
    }
    default:
      return `${e.role === 'user' ? 'User' : e.role === 'assistant' ? 'Assistant' : 'System'}: ${e.content}`;
  }
}

function day(iso: string): string {
  return iso.slice(0, 10);
}
