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
  const times = messageTimes(input, format, messages.length);
  const drafts: EntryDraft[] = [];
  for (const [i, m] of messages.entries()) {
    const timestamp = times?.[i];
    const from = drafts.length;
    push(m, i);
    if (timestamp !== undefined) for (let d = from; d < drafts.length; d++) drafts[d]!.timestamp = timestamp;
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
      for (const d of messagesToDrafts(chunk, options, maxContentLength, names)) drafts.push(d);
    } catch (error) {
      throw error instanceof ValidationError ? placed(error, at) : error;
    }
    let size = 0;
    for (const d of drafts.slice(-PARSE_CHUNK)) size += d.content.length;
    if (slicer.spend(COST.item * chunk.length + size)) await slicer.pause();
  }
  return drafts;
}

/** A chunk's error, its `messages[i]` path moved to the message's place in the whole array. */
function placed(error: ValidationError, offset: number): ValidationError {
  const move = (text: string): string =>
    text.replace(/^messages\[(\d+)\]/, (_, i: string) => `messages[${Number(i) + offset}]`);
  (error as { field: string }).field = move(error.field);
  error.message = move(error.message);
  return error;
}

/**
 * The time of each parsed message, from its input message's time field (ISO string or Date),
 * or `undefined` when no input message has one. Input messages map to parsed ones in order
 * (an AI SDK message with tool results may give several); each is parsed alone to count them.
 */
function messageTimes(input: unknown, format: ContextFormat, total: number): (string | undefined)[] | undefined {
  // Where a format carries a message's time: OpenAI-shaped input `timestamp`, AI SDK `createdAt`.
  const key = formatCodec(format).timeField;
  if (!key || !Array.isArray(input) || !input.some((m) => isPlainObject(m) && m[key] !== undefined)) return undefined;
  const out: (string | undefined)[] = [];
  input.forEach((m: unknown, i) => {
    const raw = isPlainObject(m) ? m[key] : undefined;
    const time = raw === undefined ? undefined : checkTimestamp(raw, `messages[${i}].${key}`, () => new Date());
    for (let n = parseMessages([m], format).length; n > 0; n--) out.push(time);
  });
  return out.length === total ? out : undefined;
}
