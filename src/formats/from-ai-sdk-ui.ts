/**
 * Vercel AI SDK `UIMessage`s (v5 and v6) (what `useChat` holds: `{ id, role, parts }`, no `content`) to
 * the `ModelMessage`s the SDK's own `convertToModelMessages` makes of them (called without
 * options), which the `ModelMessage` reader then reads. The test suite checks the output
 * against the real function, part type by part type.
 * @module
 */
import { ValidationError } from '../errors.js';
import { readArray, readRecord, readString } from './read.js';

/** Whether `message` is a UI message: `parts` and no `content`. */
export function isUIMessage(message: Record<string, unknown>): boolean {
  return message['content'] === undefined && Array.isArray(message['parts']);
}

type Part = Record<string, unknown>;
type Model = Record<string, unknown>;

/** What `convertToModelMessages` writes for an unavailable tool (a `dynamic-tool` part with `dynamic: false`). */
const UNAVAILABLE_TOOL = 'Tool output omitted because the tool is no longer available.';

const isTool = (p: Part): boolean => String(p['type']).startsWith('tool-') || p['type'] === 'dynamic-tool';
const toolName = (p: Part): unknown => (p['type'] === 'dynamic-tool' ? p['toolName'] : String(p['type']).slice(5));
/** `providerOptions` copied from a part's metadata field, when present. */
const options = (value: unknown): Model => (value != null ? { providerOptions: value } : {});

/**
 * One UI message as the `ModelMessage`s `convertToModelMessages` makes of it: a system
 * message's text parts joined; a user message's text and file parts; an assistant message per
 * step (`step-start` parts split them): text, file, reasoning and tool-call parts in order
 * (a tool still streaming its input is left out), then one tool message with the results of
 * that step's tools. `data-*` parts are dropped, as without a `convertDataPart` option.
 * @throws {ValidationError} naming the part, e.g. `messages[1].parts[2].toolCallId`.
 */
export function uiToModelMessages(message: Record<string, unknown>, field: string): Model[] {
  const role = message['role'];
  const parts = readArray(message['parts'], `${field}.parts`).map((part, i) => {
    const p = readRecord(part, `${field}.parts[${i}]`);
    readString(p['type'], `${field}.parts[${i}].type`);
    return checkPart(p, `${field}.parts[${i}]`);
  });
  if (role === 'system') {
    const texts = parts.filter((p) => p['type'] === 'text');
    const meta = texts.reduce<Model>(
      (acc, p) => (p['providerMetadata'] != null ? { ...acc, ...(p['providerMetadata'] as Model) } : acc),
      {},
    );
    return [
      {
        role: 'system',
        content: texts.map((p) => p['text']).join(''),
        ...(Object.keys(meta).length ? { providerOptions: meta } : {}),
      },
    ];
  }
  if (role === 'user') {
    const content = parts.flatMap((p): Model[] => {
      if (p['type'] === 'text') return [{ type: 'text', text: p['text'], ...options(p['providerMetadata']) }];
      if (p['type'] === 'file') return [fileContent(p, true)];
      return [];
    });
    return [{ role: 'user', content }];
  }
  if (role !== 'assistant')
    throw new ValidationError(`${field}.role`, '"system", "user" or "assistant" (a UI message)', role);

  const out: Model[] = [];
  let block: Part[] = [];
  const flush = (): void => {
    if (block.length) out.push(...stepMessages(block));
    block = [];
  };
  for (const p of parts) {
    const type = p['type'] as string;
    if (type === 'text' || type === 'reasoning' || type === 'file' || isTool(p) || type.startsWith('data-'))
      block.push(p);
    else if (type === 'step-start') flush();
  }
  flush();
  return out;
}

/** One step of an assistant message: its assistant message, then the results of its tools. */
function stepMessages(block: Part[]): Model[] {
  const content: Model[] = [];
  for (const p of block) {
    const type = p['type'] as string;
    if (type === 'text') content.push({ type: 'text', text: p['text'], ...options(p['providerMetadata']) });
    else if (type === 'file') content.push(fileContent(p, false));
    else if (type === 'reasoning')
      content.push({ type: 'reasoning', text: p['text'], providerOptions: p['providerMetadata'] });
    else if (isTool(p) && p['state'] !== 'input-streaming') {
      const dynamic = type === 'dynamic-tool';
      const input = !dynamic && p['state'] === 'output-error' ? (p['input'] ?? p['rawInput']) : p['input'];
      content.push({
        type: 'tool-call',
        toolCallId: p['toolCallId'],
        toolName: toolName(p),
        input,
        ...(dynamic ? {} : { providerExecuted: p['providerExecuted'] }),
        ...options(p['callProviderMetadata']),
      });
      if (!dynamic && p['providerExecuted'] === true && hasOutput(p)) {
        content.push({ ...result(p, 'json'), ...options(p['callProviderMetadata']) });
      }
    }
  }
  const out: Model[] = [{ role: 'assistant', content }];
  const tools = block.filter((p) => isTool(p) && (p['type'] === 'dynamic-tool' || p['providerExecuted'] !== true));
  if (tools.length) {
    const results = tools
      .filter(hasOutput)
      .map((p) => ({ ...result(p, 'text'), ...options(p['callProviderMetadata']) }));
    out.push({ role: 'tool', content: results });
  }
  return out;
}

const hasOutput = (p: Part): boolean => p['state'] === 'output-available' || p['state'] === 'output-error';

/** A tool part's result; a failed tool's error as `error-text` (or `error-json`, provider-executed). */
function result(p: Part, errorMode: 'text' | 'json'): Model {
  const base = { type: 'tool-result', toolCallId: p['toolCallId'], toolName: toolName(p) };
  if (p['state'] === 'output-error') {
    const error = p['errorText'];
    return errorMode === 'json'
      ? { ...base, output: { type: 'error-json', value: error === undefined ? null : error } }
      : { ...base, output: { type: 'error-text', value: errorMessage(error) } };
  }
  if (p['type'] === 'dynamic-tool' && p['dynamic'] === false) {
    return { ...base, output: { type: 'text', value: UNAVAILABLE_TOOL } };
  }
  const output = p['output'];
  return {
    ...base,
    output:
      typeof output === 'string'
        ? { type: 'text', value: output }
        : { type: 'json', value: output === undefined ? null : output },
  };
}

/** The SDK's `getErrorMessage`. */
function errorMessage(error: unknown): string {
  if (error == null) return 'unknown error';
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? 'unknown error');
}

function fileContent(p: Part, withOptions: boolean): Model {
  return {
    type: 'file',
    mediaType: p['mediaType'],
    filename: p['filename'],
    data: p['url'],
    ...(withOptions ? options(p['providerMetadata']) : {}),
  };
}

/** The fields a part's conversion reads, checked so a bad part is named by its UI path. */
function checkPart(p: Part, path: string): Part {
  const type = p['type'] as string;
  if (type === 'text' || type === 'reasoning') readString(p['text'], `${path}.text`);
  if (type === 'file') readString(p['mediaType'], `${path}.mediaType`);
  if (isTool(p)) {
    readString(p['toolCallId'], `${path}.toolCallId`);
    if (type === 'dynamic-tool') readString(p['toolName'], `${path}.toolName`);
  }
  return p;
}
