import type { InteractionInput } from '../types.js';
import type { EntryDraft } from './make-entry.js';
import { checkInteractionInput, checkMetadata, checkName, checkTimestamp, toJsonText } from './checks/validate.js';
import { checkId, MAX_SOURCE_LENGTH } from './checks/record-bounds.js';
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
export function checkSource(source: unknown): string {
  const name = checkName(source, 'source');
  if (name.length > MAX_SOURCE_LENGTH)
    throw new ValidationError(
      'source',
      `a name of at most ${MAX_SOURCE_LENGTH} characters (a file, a path or a URL)`,
      name,
    );
  return name;
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
