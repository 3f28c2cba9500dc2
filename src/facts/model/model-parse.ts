/**
 * Reading the model's reply: the JSON found in it (code fences and prose around it tolerated),
 * each fact checked (a turn number, a value, a quote that occurs in that turn, a value that is
 * in the turn for names, places and numbers), attributes mapped onto the registry, and every
 * fact that fails said why. A reply with no JSON of the asked shape is a `ReplyShapeError`,
 * which the pass retries.
 * @module
 */
import { factSentence } from '../attributes.js';
import type { FactCandidate, FactTurn } from '../types.js';
import { registryAttribute } from './attribute-aliases.js';
import { locateQuote } from './quote-span.js';

/** The reply is not the JSON the prompt asked for. */
export class ReplyShapeError extends Error {
  override name = 'ReplyShapeError';
}

/** A fact the model proposed and the parser dropped. */
export interface DroppedFact {
  /** The turn it named (0-based in the batch), when it named one. */
  turn?: number;
  reason: string;
}

/** The candidates of a reply, per turn of the batch, and what was dropped. */
export interface ParsedReply {
  byTurn: FactCandidate[][];
  dropped: DroppedFact[];
}

/** Longest reply read, facts read per reply, and longest value, text or quote kept. */
const MAX_REPLY_CHARS = 200_000;
const MAX_FACTS = 200;
const MAX_FIELD_CHARS = 300;

/** Attributes whose value must be in the turn (a name, place or number the model cannot infer). */
const LITERAL = new Set([
  'name',
  'nickname',
  'city',
  'hometown',
  'employer',
  'school',
  'partner',
  'child',
  'sibling',
  'pet',
  'phone',
  'email',
  'address',
  'language',
  'birthday',
  'age',
  'vehicle',
]);

const RETIRE_KINDS = new Set([
  'retire',
  'retired',
  'remove',
  'removed',
  'delete',
  'deleted',
  'no_longer',
  'ended',
  'past',
]);

/** The JSON value in `reply`: the whole reply, or its first `{…}` / `[…]` (fences and prose around it ignored). */
function jsonIn(reply: string): unknown {
  const text = reply.slice(0, MAX_REPLY_CHARS).replace(/```(?:json)?/giu, '');
  try {
    return JSON.parse(text);
  } catch {
    // Prose around the JSON: take the outermost object or array.
  }
  const open = text.search(/[[{]/u);
  if (open < 0) throw new ReplyShapeError('the reply holds no JSON');
  const close = text.lastIndexOf(text[open] === '{' ? '}' : ']');
  if (close <= open) throw new ReplyShapeError('the reply holds no complete JSON value');
  try {
    return JSON.parse(text.slice(open, close + 1));
  } catch (error) {
    throw new ReplyShapeError(`the reply's JSON does not parse (${error instanceof Error ? error.message : 'error'})`);
  }
}

function field(item: Record<string, unknown>, name: string): string | undefined {
  const value = Object.hasOwn(item, name) ? item[name] : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed.length > MAX_FIELD_CHARS ? undefined : trimmed;
}

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD[…]` as the ISO instant it starts, when real and not after `said`. */
function isoDate(value: string | undefined, said: number): string | undefined {
  const m = value ? /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/u.exec(value) : null;
  if (!m) return undefined;
  const date = new Date(Date.UTC(Number(m[1]), m[2] ? Number(m[2]) - 1 : 0, m[3] ? Number(m[3]) : 1));
  if (Number.isNaN(date.getTime()) || (m[2] && date.getUTCMonth() !== Number(m[2]) - 1)) return undefined;
  return Number.isFinite(said) && date.getTime() > said + 86_400_000 ? undefined : date.toISOString();
}

/** Whether the value is said in the turn: a phone's digits, or one of the value's words. */
function valueInTurn(attribute: string, value: string, text: string): boolean {
  if (!LITERAL.has(attribute)) return true;
  if (attribute === 'phone') return text.replace(/\D+/gu, '').includes(value.replace(/\D+/gu, ''));
  const haystack = text.toLowerCase();
  const words = value.toLowerCase().match(/[\p{L}\p{N}@.'-]{2,}/gu) ?? [];
  return words.some((w) => !/^(?:the|and|of|named|called|a|an)$/u.test(w) && haystack.includes(w));
}

function readFact(raw: unknown, turns: readonly FactTurn[]): { turn: number; candidate: FactCandidate } | DroppedFact {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { reason: 'not an object' };
  const item = raw as Record<string, unknown>;
  const index = Number(field(item, 'turn') ?? NaN) - 1;
  const turn = Number.isInteger(index) ? turns[index] : undefined;
  if (!turn) return { reason: 'no turn of this batch' };
  const value = field(item, 'value');
  if (!value) return { turn: index, reason: 'no value' };
  const attribute = registryAttribute(item['attribute']);
  const quote = locateQuote(turn.text, field(item, 'quote') ?? '');
  if (!quote) return { turn: index, reason: 'its quote is not in the turn' };
  if (!valueInTurn(attribute, value, turn.text)) return { turn: index, reason: `its ${attribute} is not in the turn` };
  const kindWord = (field(item, 'kind') ?? 'state').toLowerCase().replace(/[\s-]+/gu, '_');
  const kind = RETIRE_KINDS.has(kindWord) ? 'retire' : 'state';
  const candidate: FactCandidate = {
    attribute,
    value,
    text: field(item, 'text') ?? factSentence(attribute, value, kind),
    quote,
    kind,
  };
  const replaces = field(item, 'replaces');
  if (replaces && replaces.toLowerCase() !== value.toLowerCase()) candidate.replaces = replaces;
  const validFrom = isoDate(field(item, 'validFrom') ?? field(item, 'valid_from'), Date.parse(turn.timestamp));
  if (validFrom) candidate.validFrom = validFrom;
  return { turn: index, candidate };
}

/**
 * The facts of a model reply for a batch of `turns`: candidates per turn (quotes verified) and
 * the dropped ones with their reason. Throws `ReplyShapeError` when the reply is not
 * `{"facts": [...]}` (or a bare array of facts).
 */
export function parseFactsReply(reply: string, turns: readonly FactTurn[]): ParsedReply {
  const json = jsonIn(reply);
  const list = Array.isArray(json)
    ? json
    : json !== null && typeof json === 'object' && Object.hasOwn(json, 'facts')
      ? (json as { facts: unknown }).facts
      : undefined;
  if (list === null) return { byTurn: turns.map(() => []), dropped: [] };
  if (!Array.isArray(list)) throw new ReplyShapeError('the reply is not {"facts": [...]}');
  const byTurn: FactCandidate[][] = turns.map(() => []);
  const dropped: DroppedFact[] = [];
  for (const raw of list.slice(0, MAX_FACTS)) {
    const read = readFact(raw, turns);
    if ('candidate' in read) byTurn[read.turn]!.push(read.candidate);
    else dropped.push(read);
  }
  if (list.length > MAX_FACTS) dropped.push({ reason: `more than ${MAX_FACTS} facts in one reply` });
  return { byTurn, dropped };
}
