import type { InteractionInput } from '../types.js';
import type { EntryDraft } from './make-entry.js';
import {
  checkInteractionInput,
  checkMetadata,
  checkName,
  checkTimestamp,
  isPlainObject,
  toJsonText,
} from './checks/validate.js';
import { checkId } from './checks/record-bounds.js';
import { optionalCallerId } from './checks/caller-ids.js';
import { newId } from './ids.js';
import { ValidationError } from '../errors.js';

/** Set a draft's metadata from a caller's value, checked (`field` names it in the error). */
export function withMeta(d: EntryDraft, metadata: unknown, field = 'metadata'): void {
  const m = checkMetadata(metadata, field);
  if (m) d.metadata = m;
}

/** Set a draft's id from a caller's `options.id` (checked; `undefined`: the engine makes one). */
export function withCallerId(d: EntryDraft, id: unknown, field = 'options.id'): void {
  const checked = optionalCallerId(id, field);
  if (checked !== undefined) {
    d.id = checked;
    if (field !== 'options.id') d.idField = field;
  }
}

/** `addContext`'s third argument: a source name (as before), or `{ source?, id? }`. */
export function contextOptions(options: unknown): { source?: string; id?: string } {
  if (options === undefined) return {};
  if (typeof options === 'string') return { source: checkName(options, 'source') };
  if (!isPlainObject(options))
    throw new ValidationError('source', 'a non-empty string (the source name), or an object { source?, id? }', options);
  for (const k of Object.keys(options)) {
    if (k !== 'source' && k !== 'id')
      throw new ValidationError(`options.${k}`, 'one of the known options (source, id)', k);
  }
  const out: { source?: string; id?: string } = {};
  if (options.source !== undefined) out.source = checkName(options.source, 'options.source');
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
