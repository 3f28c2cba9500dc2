import type { ChatMessage, LLMContext, MemoryEntry } from '../../types.js';
import type { AddMessagesOptions, ContextFormat } from '../../memory.js';
import { parseMessages, checkFormat } from '../../formats/parse-messages.js';
import { toFormat } from '../../formats/to-format.js';
import { formatCodec } from '../../formats/format-registry.js';
import { mediaOf } from '../../formats/media-parts.js';
import { checkMetadata, checkTimestamp, isPlainObject } from '../checks/validate.js';
import { ValidationError } from '../../errors.js';
import type { EntryDraft } from '../make-entry.js';
import { checkContentLength, DEFAULT_MAX_CONTENT_LENGTH } from '../checks/field-checks.js';
import { checkCallerId } from '../checks/caller-ids.js';
import { COST, type Slicer } from '../../slices/slicer.js';

/** The context with `messages` in another library's shape (Anthropic adds `system`). */
export function formatContext(
  ctx: LLMContext,
  format: ContextFormat,
  active: readonly MemoryEntry[],
): LLMContext<unknown> {
  const toolErrors = new Set<string>();
  for (const e of active) if (e.type === 'tool_result' && e.tool?.isError) toolErrors.add(e.tool.callId);
  const formatted = toFormat(ctx.messages, checkFormat(format, 'options.format'), { toolErrors });
  const out: LLMContext<unknown> = { ...ctx, messages: formatted.messages };
  if ('system' in formatted) out.system = formatted.system;
  return out;
}

/**
 * Turn a conversation in any supported format into entry drafts: assistant text and its tool
 * calls, tool results paired by call id (with the tool's name and error flag), system messages.
 */
export function messagesToDrafts(
  input: unknown,
  options: AddMessagesOptions,
  maxContentLength = DEFAULT_MAX_CONTENT_LENGTH,
  names = new Map<string, string>(),
): EntryDraft[] {
  if (!isPlainObject(options)) throw new ValidationError('options', 'an object { format?, system? }', options);
  const format = checkFormat(options.format ?? 'openai', 'options.format');
  const codec = formatCodec(format);
  const meta = { toolErrors: new Set<string>() };
  // Anthropic keeps the system prompt apart: given as options.system, or inside { system, messages }.
  const source =
    codec.withSystem && Array.isArray(input) && options.system !== undefined
      ? codec.withSystem(input, options.system)
      : input;
  const messages: ChatMessage[] = parseMessages(source, format, meta);
  const spans = inputSpans(input, format, messages.length);
  const drafts: EntryDraft[] = [];
  // Drafts made so far from each input message: its first draft takes its id, the next `id#1`, `id#2`…
  const made = new Map<number, number>();
  for (const [i, m] of messages.entries()) {
    const from = drafts.length;
    push(m, i);
    const span = spans?.[i];
    if (!span) continue;
    for (let d = from; d < drafts.length; d++) {
      const draft = drafts[d]!;
      if (span.timestamp !== undefined) draft.timestamp = span.timestamp;
      if (span.id === undefined) continue;
      const n = made.get(span.index) ?? 0;
      made.set(span.index, n + 1);
      draft.id = n === 0 ? span.id : `${span.id}#${n}`;
      if (span.idField !== undefined) draft.idField = span.idField;
    }
  }
  return drafts;

  function push(m: ChatMessage, i: number): void {
    if (m.content) checkContentLength(m.content, `messages[${i}].content`, maxContentLength);
    for (const [k, call] of (m.tool_calls ?? []).entries()) {
      checkContentLength(
        call.function.arguments,
        `messages[${i}].tool_calls[${k}].function.arguments`,
        maxContentLength,
      );
    }
    if (m.role === 'tool') {
      const callId = m.tool_call_id ?? '';
      const name = names.get(callId) ?? m.name ?? 'tool';
      drafts.push({
        type: 'tool_result',
        role: 'system',
        content: m.content ?? '',
        tool: { name, callId, isError: meta.toolErrors.has(callId) },
      });
      return;
    }
    if (m.role === 'assistant') {
      if (m.content) drafts.push({ type: 'message', role: 'assistant', content: m.content });
      for (const call of m.tool_calls ?? []) {
        names.set(call.id, call.function.name);
        drafts.push({
          type: 'tool_call',
          role: 'assistant',
          content: call.function.arguments,
          tool: { name: call.function.name, callId: call.id },
        });
      }
      return;
    }
    const draft: EntryDraft = { type: 'message', role: m.role, content: m.content ?? '' };
    // Images and files stay as the source wrote them: exportSession gives them back.
    const parts = mediaOf(m);
    // Within the metadata bounds of an add: images and files count in its size.
    if (parts) {
      draft.metadata = { parts, partsFormat: format };
      checkMetadata(draft.metadata, `messages[${i}].content`, maxContentLength);
    }
    drafts.push(draft);
  }
}

/** Messages parsed at once by {@link messagesToDraftsInSlices}. */
export const PARSE_CHUNK = 1000;

/**
 * {@link messagesToDrafts} in slices of work: a long array of OpenAI-shaped messages (each read
 * on its own) is read {@link PARSE_CHUNK} messages at a time, the thread given back between
 * chunks, tool names carried from chunk to chunk; an error names the message's place in the
 * whole array. Other formats (which pair messages as they read them) are read whole.
 */
export async function messagesToDraftsInSlices(
  input: unknown,
  options: AddMessagesOptions,
  maxContentLength: number,
  slicer: Slicer,
): Promise<EntryDraft[]> {
  const whole = (): EntryDraft[] => messagesToDrafts(input, options, maxContentLength);
  if (!isPlainObject(options) || !Array.isArray(input) || input.length <= PARSE_CHUNK) return whole();
  if (checkFormat(options.format ?? 'openai', 'options.format') !== 'openai') return whole();
  const names = new Map<string, string>();
  const drafts: EntryDraft[] = [];
  for (let at = 0; at < input.length; at += PARSE_CHUNK) {
    const chunk = input.slice(at, at + PARSE_CHUNK);
    try {
      for (const d of messagesToDrafts(chunk, options, maxContentLength, names)) {
        // A caller id refused later (another turn under a stored id) is named by its place in the whole array.
        if (d.idField !== undefined) d.idField = moved(d.idField, at);
        drafts.push(d);
      }
    } catch (error) {
      throw error instanceof ValidationError ? placed(error, at) : error;
    }
    let size = 0;
    for (const d of drafts.slice(-PARSE_CHUNK)) size += d.content.length;
    if (slicer.spend(COST.item * chunk.length + size)) await slicer.pause();
  }
  return drafts;
}

/** `text` with a leading `messages[i]` path of a chunk moved to the message's place in the whole array. */
const moved = (text: string, offset: number): string =>
  text.replace(/^messages\[(\d+)\]/, (_, i: string) => `messages[${Number(i) + offset}]`);

/** A chunk's error, its `messages[i]` path moved to the message's place in the whole array. */
function placed(error: ValidationError, offset: number): ValidationError {
  (error as { field: string }).field = moved(error.field, offset);
  error.message = moved(error.message, offset);
  return error;
}

/** Where a parsed message came from: its input message's index, time and caller id. */
interface Span {
  index: number;
  timestamp?: string | undefined;
  id?: string | undefined;
  idField?: string;
}

/**
 * For each parsed message, its input message's index, time (the format's time field: an ISO
 * string or Date) and id (the format's message id: AI SDK UI messages' `id`, LangChain's message
 * `id`, RecallKit's `id` on OpenAI-shaped input); `undefined` when no input message has either.
 * Input messages map to parsed ones in order (an AI SDK message with tool results may give
 * several); each is parsed alone to count them.
 */
function inputSpans(input: unknown, format: ContextFormat, total: number): Span[] | undefined {
  const codec = formatCodec(format);
  const key = codec.timeField;
  if (!Array.isArray(input)) return undefined;
  const idOf = (m: unknown, i: number) => codec.messageId?.(m, `messages[${i}]`);
  const hasTime = key !== undefined && input.some((m) => isPlainObject(m) && m[key] !== undefined);
  const ids = codec.messageId ? input.map(idOf) : [];
  if (!hasTime && !ids.some((x) => x !== undefined)) return undefined;
  const out: Span[] = [];
  input.forEach((m: unknown, i) => {
    const raw = hasTime && isPlainObject(m) ? m[key!] : undefined;
    const span: Span = { index: i };
    if (raw !== undefined) span.timestamp = checkTimestamp(raw, `messages[${i}].${key}`, () => new Date());
    const id = ids[i];
    if (id) {
      span.id = checkCallerId(id.id, id.field);
      span.idField = id.field;
    }
    for (let n = parseMessages([m], format).length; n > 0; n--) out.push(span);
  });
  return out.length === total ? out : undefined;
}
