/**
 * Checked reads of untrusted message data: each throws a {@link ValidationError} naming the
 * field path (`messages[3].content[1].text`) and what was expected.
 * @module
 */
import { ValidationError } from '../errors.js';

/** True for a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` as an object, or a ValidationError at `field`. */
export function readRecord(value: unknown, field: string): Record<string, unknown> {
  if (!isRecord(value)) throw new ValidationError(field, 'an object', value);
  return value;
}

/** `value` as an array, or a ValidationError at `field`. */
export function readArray(value: unknown, field: string): readonly unknown[] {
  if (!Array.isArray(value)) throw new ValidationError(field, 'an array', value);
  return value;
}

/** `value` as a string, or a ValidationError at `field`. */
export function readString(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new ValidationError(field, 'a string', value);
  return value;
}

/** `value` as a string; `undefined` when absent (`undefined` or `null`). */
export function readOptionalString(value: unknown, field: string): string | undefined {
  return value === undefined || value === null ? undefined : readString(value, field);
}

/** Separator between text parts of one message, and between messages a format merges. */
export const PART_SEPARATOR = '\n\n';

/** Part types that carry no conversation text (reasoning, tool parts read elsewhere). */
const SILENT_PARTS = new Set([
  'reasoning',
  'thinking',
  'redacted_thinking',
  'tool_use',
  'tool_call',
  'tool-call',
  'tool_result',
  'tool-result',
  'function_call',
  'tool_call_chunk',
  'invalid_tool_call',
  'server_tool_call',
  'server_tool_call_chunk',
]);

const IMAGE_PARTS = new Set(['image', 'image_url', 'input_image']);
const FILE_PARTS = new Set(['file', 'document', 'input_file']);
const AUDIO_PARTS = new Set(['audio', 'input_audio']);

/**
 * The text of message content: a string as is; an array of parts joined with
 * {@link PART_SEPARATOR}, images as `[image]`, files `[file]`, audio `[audio]`, reasoning and tool
 * parts skipped, and any other part type as `[<type>]`. `null`/`undefined` read as `''`.
 */
export function readContentText(content: unknown, field: string): string {
  if (content === undefined || content === null) return '';
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) throw new ValidationError(field, 'a string or an array of content parts', content);
  const parts: readonly unknown[] = content;
  const texts: string[] = [];
  parts.forEach((value, i) => {
    const text = partText(value, `${field}[${i}]`);
    if (text) texts.push(text);
  });
  return texts.join(PART_SEPARATOR);
}

function partText(value: unknown, field: string): string {
  if (typeof value === 'string') return value;
  const part = readRecord(value, field);
  const type = readString(part['type'], `${field}.type`);
  if (type === 'text' || type === 'input_text' || type === 'output_text') {
    return readString(part['text'], `${field}.text`);
  }
  if (type === 'refusal') return readString(part['refusal'], `${field}.refusal`);
  if (SILENT_PARTS.has(type)) return '';
  if (IMAGE_PARTS.has(type)) return '[image]';
  if (FILE_PARTS.has(type)) return isImageMedia(part) ? '[image]' : '[file]';
  if (AUDIO_PARTS.has(type)) return '[audio]';
  return `[${type}]`;
}

function isImageMedia(part: Record<string, unknown>): boolean {
  const media = part['mediaType'] ?? part['mimeType'] ?? part['mime_type'];
  return typeof media === 'string' && media.startsWith('image/');
}
