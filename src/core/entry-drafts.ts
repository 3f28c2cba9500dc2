import type { InteractionInput } from '../types.js';
import type { EntryDraft } from './make-entry.js';
import type { ToolCallOptions, ToolResultOptions } from '../memory.js';
import {
  checkContent,
  checkInteractionInput,
  checkMetadata,
  checkName,
  checkTimestamp,
  isPlainObject,
  toJsonText,
} from './checks/validate.js';
import { checkId, MAX_SOURCE_LENGTH } from './checks/record-bounds.js';
import { optionalCallerId } from './checks/caller-ids.js';
import { withAddOptions } from './add-options.js';
import { ValidationError } from '../errors.js';
import { newId } from './ids.js';

/**
 * Set a draft's metadata from a caller's value, checked within the bounds of `maxContentLength`
 * (`field` names it in the error).
 */
export function withMeta(d: EntryDraft, metadata: unknown, field: string, maxContentLength: number): void {
  const m = checkMetadata(metadata, field, maxContentLength);
  if (m) d.metadata = m;
}

/** `addContext`'s `source`: a non-empty name of at most {@link MAX_SOURCE_LENGTH} characters. */
export function checkSource(source: unknown, field = 'source'): string {
  const name = checkName(source, field);
  if (name.length > MAX_SOURCE_LENGTH)
    throw new ValidationError(
      field,
      `a name of at most ${MAX_SOURCE_LENGTH} characters (a file, a path or a URL)`,
      name,
    );
  return name;
}

/** Set a draft's id from a caller's `options.id` (checked; `undefined`: the engine makes one). */
export function withCallerId(d: EntryDraft, id: unknown, field = 'options.id'): void {
  const checked = optionalCallerId(id, field);
  if (checked !== undefined) {
    d.id = checked;
    if (field !== 'options.id') d.idField = field;
  }
}

/** What an add's draft is checked against: the content cap (`capped` names the field) and `maxContentLength`. */
export interface DraftLimits {
  capped: (text: string, field: string) => string;
  maxContentLength: number;
}

/** `addUserMessage` / `addAssistantMessage`'s draft, with the metadata and options (`timestamp`, `id`). */
export function messageDraft(
  role: 'user' | 'assistant',
  content: unknown,
  metadata: unknown,
  options: unknown,
  limits: DraftLimits,
): EntryDraft {
  const d: EntryDraft = { type: 'message', role, content: limits.capped(checkContent(content), 'content') };
  withMeta(d, metadata, 'metadata', limits.maxContentLength);
  withAddOptions(d, options);
  return d;
}

/** `addToolCall`'s draft; a call id the engine makes is marked (a retry makes another). */
export function toolCallDraft(
  toolName: unknown,
  args: unknown,
  options: ToolCallOptions,
  limits: DraftLimits,
): EntryDraft {
  const name = checkName(toolName, 'toolName');
  const content = limits.capped(toJsonText(args, 'args'), 'args');
  const given = options.callId === undefined ? undefined : checkName(options.callId, 'options.callId');
  const d: EntryDraft = { type: 'tool_call', role: 'assistant', content, tool: { name, callId: given ?? newCallId() } };
  if (given === undefined) d.callIdGenerated = true;
  withMeta(d, options.metadata, 'options.metadata', limits.maxContentLength);
  withCallerId(d, options.id);
  return d;
}

/**
 * `addToolResult`'s draft. Without `options.callId` its call id is left to pair (`callAnswered`)
 * and marked `callIdGenerated` until then.
 */
export function toolResultDraft(
  toolName: unknown,
  result: unknown,
  options: ToolResultOptions,
  limits: DraftLimits,
): EntryDraft {
  const name = checkName(toolName, 'toolName');
  const content = limits.capped(toJsonText(result, 'result'), 'result');
  if (options.isError !== undefined && typeof options.isError !== 'boolean')
    throw new ValidationError('options.isError', 'a boolean', options.isError);
  const given = options.callId === undefined ? undefined : checkName(options.callId, 'options.callId');
  const tool = { name, callId: given ?? '', isError: options.isError ?? false };
  const d: EntryDraft = { type: 'tool_result', role: 'system', content, tool };
  if (given === undefined) d.callIdGenerated = true;
  withMeta(d, options.metadata, 'options.metadata', limits.maxContentLength);
  withCallerId(d, options.id);
  return d;
}

/** `addContext`'s draft: its third argument is a source name (as before), or `{ source?, id? }`. */
export function contextDraft(content: unknown, options: unknown, limits: DraftLimits): EntryDraft {
  const d: EntryDraft = { type: 'context', role: 'system', content: limits.capped(checkContent(content), 'content') };
  const { source, id } = contextOptions(options);
  if (source !== undefined) d.metadata = { source };
  if (id !== undefined) d.id = id;
  return d;
}

/** `addContext`'s third argument: a source name (as before), or `{ source?, id? }`. */
export function contextOptions(options: unknown): { source?: string; id?: string } {
  if (options === undefined) return {};
  if (typeof options === 'string') return { source: checkSource(options) };
  if (!isPlainObject(options))
    throw new ValidationError('source', 'a non-empty string (the source name), or an object { source?, id? }', options);
  for (const k of Object.keys(options)) {
    if (k !== 'source' && k !== 'id')
      throw new ValidationError(`options.${k}`, 'one of the known options (source, id)', k);
  }
  const out: { source?: string; id?: string } = {};
  if (options.source !== undefined) out.source = checkSource(options.source, 'options.source');
  const id = optionalCallerId(options.id, 'options.id');
  if (id !== undefined) out.id = id;
  return out;
}

/** A draft's tool name and call id within the bounds the server keeps (refused before anything is stored). */
export function checkDraftIds(drafts: readonly EntryDraft[]): void {
  for (const d of drafts) {
    if (!d.tool) continue;
    checkId(d.tool.name, 'toolName');
    checkId(d.tool.callId, 'callId');
  }
}

/** A fresh tool call id, for a call added without one. */
export function newCallId(): string {
  return `call_${newId().replace(/-/g, '').slice(0, 24)}`;
}

/** The two drafts of `addInteraction` (user request, then AI response), with the checked input. */
export function interactionDrafts(
  input: unknown,
  now: () => Date,
  capped: (text: string, field: string) => string,
): { drafts: [EntryDraft, EntryDraft]; input: InteractionInput; timestamp: string } {
  const checked = checkInteractionInput(input);
  const { userRequest, aiResponse } = checked;
  const timestamp = checkTimestamp(checked.ts, 'interaction.ts', now);
  return {
    drafts: [
      {
        type: 'message',
        role: 'user',
        content: capped(toJsonText(userRequest, 'interaction.userRequest'), 'interaction.userRequest'),
        timestamp,
        metadata: { userRequest },
      },
      {
        type: 'message',
        role: 'assistant',
        content: capped(toJsonText(aiResponse, 'interaction.aiResponse'), 'interaction.aiResponse'),
        timestamp,
        metadata: { aiResponse },
      },
    ],
    input: checked,
    timestamp,
  };
}
