/**
 * Reads the text of an OpenAI-style chat completion, saying exactly what is missing when a
 * server answers with something else.
 * @module
 */
import { SummarizerError } from '../errors.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A short identifier from a server (error code or type), or undefined if it is anything else. */
export function safeIdentifier(value: unknown): string | undefined {
  return typeof value === 'string' && /^[\w.:-]{1,64}$/u.test(value) ? value : undefined;
}

/**
 * `choices[0].message.content` of a parsed completion: a string, or an array of text parts
 * joined. Throws a SummarizerError (prefixed by `source`) naming what is missing.
 */
export function completionText(body: unknown, source: string): string {
  const fail = (what: string): never => {
    throw new SummarizerError(`${source}: ${what}`);
  };
  if (!isRecord(body))
    return fail(`response is ${Array.isArray(body) ? 'an array' : typeof body}; expected a chat completion object`);
  if (isRecord(body['error'])) {
    const code = safeIdentifier(body['error']['code']) ?? safeIdentifier(body['error']['type']);
    return fail(`response carries an error${code ? ` (${code})` : ''} instead of choices`);
  }
  const choices = body['choices'];
  if (!Array.isArray(choices)) return fail('response has no "choices" array');
  const first: unknown = choices[0];
  if (!isRecord(first)) return fail('response "choices" is empty; expected choices[0].message.content');
  const message = first['message'];
  if (!isRecord(message)) return fail('response has no choices[0].message');
  const content = message['content'];
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const parts = content
      .map((part: unknown) => (isRecord(part) && typeof part['text'] === 'string' ? part['text'] : ''))
      .filter((text) => text !== '');
    if (parts.length > 0) return parts.join('');
  }
  const refused = typeof message['refusal'] === 'string' ? ' (the model refused)' : '';
  return fail(`response has no text in choices[0].message.content${refused}; expected a string`);
}
