/**
 * The records of the facts log: made from an extractor's candidates, a `setFact` or a
 * `forgetFact`, each known by a hash of its content; and read back (from the store, a sync
 * pull or an import) with every field checked, so a malformed record never reaches the fold.
 * @module
 */
import type {
  FactCandidate,
  FactRecord,
  FactTurn,
  ForgetFactRecord,
  SetFactRecord,
  StatedFactRecord,
} from '../../facts/types.js';
import { ValidationError } from '../../errors.js';
import { isPlainObject } from '../checks/validate.js';
import { checkIsoTimestamp } from '../checks/iso-timestamp.js';
import { factHash } from './fact-hash.js';

/** Longest text of a fact or a quote, in characters. */
export const MAX_FACT_TEXT = 2000;
/** Longest attribute name. */
export const MAX_ATTRIBUTE = 64;
/** Longest value. */
export const MAX_FACT_VALUE = 500;
/** Most keys or record ids one forget record lists. */
export const MAX_FORGET_ITEMS = 5000;

/** The prefix of a record id. */
const RECORD_PREFIX = 'fr-';

/** A record without its id (what the id hashes). */
export type RecordBody = Omit<StatedFactRecord, 'id'> | Omit<SetFactRecord, 'id'> | Omit<ForgetFactRecord, 'id'>;

/** A record's JSON with keys sorted and no id: what its id hashes. */
export function canonicalRecord(record: RecordBody | FactRecord): string {
  const body: Record<string, unknown> = { ...record };
  delete body.id;
  return JSON.stringify(body, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/** The record with its id: `fr-` and the hash of its canonical content. */
export function withId<R extends FactRecord>(record: Omit<R, 'id'> | RecordBody): R {
  return { ...record, id: RECORD_PREFIX + factHash(canonicalRecord(record as RecordBody)) } as R;
}

/** Ranks kept per quote in a record's `position` (a rank past it counts as the last). */
export const POSITION_RANKS = 64;

/**
 * Where a statement is in its turn (`StatedFactRecord.position`): the character offset of its
 * quote (the turn's length when the quote is not found in it) × `POSITION_RANKS`, plus `rank`,
 * its place among the statements read from the turn.
 */
export function positionInTurn(text: string, quote: string | undefined, rank: number): number {
  const at = quote ? text.indexOf(quote) : -1;
  return (at < 0 ? text.length : at) * POSITION_RANKS + Math.min(Math.max(0, Math.trunc(rank)), POSITION_RANKS - 1);
}

/**
 * The record a candidate of `turn` becomes; `rank` is its place among the candidates read from
 * the turn (see `positionInTurn`).
 */
export function statedRecord(
  turn: FactTurn,
  c: FactCandidate,
  origin: 'rules' | 'model',
  rank: number,
): StatedFactRecord {
  const r: Omit<StatedFactRecord, 'id'> = {
    type: 'stated',
    at: turn.timestamp,
    origin,
    kind: c.kind,
    attribute: c.attribute,
    value: c.value,
    text: c.text,
    source: { sessionId: turn.sessionId, entryId: turn.entryId },
    position: positionInTurn(turn.text, c.quote, rank),
  };
  if (c.quote) r.quote = c.quote;
  if (c.replaces) r.replaces = c.replaces;
  if (c.validFrom) r.validFrom = c.validFrom;
  return withId<StatedFactRecord>(r);
}

/** A random nonce (ids of user actions must not collide). */
export function nonce(): string {
  return Math.random().toString(36).slice(2, 12) + Date.now().toString(36);
}

/** The record of a `setFact`. */
export function setRecord(at: string, text: string, attribute?: string, value?: string): SetFactRecord {
  const r: Omit<SetFactRecord, 'id'> = { type: 'set', at, text, nonce: nonce() };
  if (attribute !== undefined) r.attribute = attribute;
  if (value !== undefined) r.value = value;
  return withId<SetFactRecord>(r);
}

/** The record of a `forgetFact`. */
export function forgetRecord(at: string, keys: ForgetFactRecord['keys'], records: string[]): ForgetFactRecord {
  return withId<ForgetFactRecord>({ type: 'forget', at, keys, records, nonce: nonce() });
}

function str(v: unknown, field: string, max: number, allowEmpty = false): string {
  if (typeof v !== 'string' || (!allowEmpty && v.trim() === '') || v.length > max)
    throw new ValidationError(field, `a${allowEmpty ? '' : ' non-empty'} string of at most ${max} characters`, v);
  return v;
}

function time(v: unknown, field: string): string {
  if (typeof v !== 'string') throw new ValidationError(field, 'an ISO 8601 date string', v);
  checkIsoTimestamp(v, field);
  return v;
}

function position(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)
    throw new ValidationError(field, 'a non-negative integer (where the statement is in its turn)', v);
  return v;
}

function only(raw: Record<string, unknown>, keys: readonly string[], field: string): void {
  for (const k of Object.keys(raw))
    if (!keys.includes(k))
      throw new ValidationError(`${field}.${k}`, `one of the record's fields (${keys.join(', ')})`, k);
}

const STATED_KEYS = [
  'type',
  'id',
  'at',
  'origin',
  'kind',
  'attribute',
  'value',
  'text',
  'quote',
  'replaces',
  'validFrom',
  'source',
  'position',
  'redacts',
];
const SET_KEYS = ['type', 'id', 'at', 'text', 'attribute', 'value', 'nonce'];
const FORGET_KEYS = ['type', 'id', 'at', 'keys', 'records', 'nonce'];

/**
 * Check a record read from outside this engine (an import, a synced entry, the store): every
 * field, and that its id is the hash of its content (a changed record is not the record).
 * Throws a `ValidationError` naming the field.
 */
export function checkRecord(raw: unknown, field: string): FactRecord {
  if (!isPlainObject(raw))
    throw new ValidationError(field, "a fact record { type: 'stated' | 'set' | 'forget', … }", raw);
  const record = checkShape(raw, field);
  const id = str(raw.id, `${field}.id`, 64);
  const expected = withId(record).id;
  if (id !== expected) throw new ValidationError(`${field}.id`, `the hash of the record's content (${expected})`, id);
  return { ...record, id } as FactRecord;
}

function checkShape(raw: Record<string, unknown>, f: string): RecordBody {
  switch (raw.type) {
    case 'stated': {
      only(raw, STATED_KEYS, f);
      const source = raw.source;
      if (!isPlainObject(source)) throw new ValidationError(`${f}.source`, 'an object { sessionId, entryId }', source);
      only(source, ['sessionId', 'entryId'], `${f}.source`);
      if (raw.origin !== 'rules' && raw.origin !== 'model')
        throw new ValidationError(`${f}.origin`, "'rules' or 'model'", raw.origin);
      if (raw.kind !== 'state' && raw.kind !== 'retire')
        throw new ValidationError(`${f}.kind`, "'state' or 'retire'", raw.kind);
      const r: Omit<StatedFactRecord, 'id'> = {
        type: 'stated',
        at: time(raw.at, `${f}.at`),
        origin: raw.origin,
        kind: raw.kind,
        attribute: str(raw.attribute, `${f}.attribute`, MAX_ATTRIBUTE),
        value: str(raw.value, `${f}.value`, MAX_FACT_VALUE, true),
        text: str(raw.text, `${f}.text`, MAX_FACT_TEXT),
        source: {
          sessionId: str(source.sessionId, `${f}.source.sessionId`, 512),
          entryId: str(source.entryId, `${f}.source.entryId`, 512),
        },
      };
      if (raw.quote !== undefined) r.quote = str(raw.quote, `${f}.quote`, MAX_FACT_TEXT);
      if (raw.replaces !== undefined) r.replaces = str(raw.replaces, `${f}.replaces`, MAX_FACT_VALUE);
      if (raw.validFrom !== undefined) r.validFrom = time(raw.validFrom, `${f}.validFrom`);
      if (raw.position !== undefined) r.position = position(raw.position, `${f}.position`);
      if (raw.redacts !== undefined) r.redacts = str(raw.redacts, `${f}.redacts`, 64);
      return r;
    }
    case 'set': {
      only(raw, SET_KEYS, f);
      const r: Omit<SetFactRecord, 'id'> = {
        type: 'set',
        at: time(raw.at, `${f}.at`),
        text: str(raw.text, `${f}.text`, MAX_FACT_TEXT),
        nonce: str(raw.nonce, `${f}.nonce`, 64),
      };
      if (raw.attribute !== undefined) r.attribute = str(raw.attribute, `${f}.attribute`, MAX_ATTRIBUTE);
      if (raw.value !== undefined) {
        if (r.attribute === undefined)
          throw new ValidationError(`${f}.value`, 'absent when there is no attribute', raw.value);
        r.value = str(raw.value, `${f}.value`, MAX_FACT_VALUE);
      }
      return r;
    }
    case 'forget': {
      only(raw, FORGET_KEYS, f);
      const keys = raw.keys;
      const records = raw.records;
      if (!Array.isArray(keys) || keys.length > MAX_FORGET_ITEMS)
        throw new ValidationError(`${f}.keys`, `an array of at most ${MAX_FORGET_ITEMS} keys`, keys);
      if (!Array.isArray(records) || records.length > MAX_FORGET_ITEMS)
        throw new ValidationError(`${f}.records`, `an array of at most ${MAX_FORGET_ITEMS} record ids`, records);
      return {
        type: 'forget',
        at: time(raw.at, `${f}.at`),
        keys: keys.map((k: unknown, i) => {
          const kf = `${f}.keys[${i}]`;
          if (!isPlainObject(k)) throw new ValidationError(kf, 'an object { attribute, hash, words }', k);
          only(k, ['attribute', 'hash', 'words'], kf);
          const words = k.words;
          if (typeof words !== 'number' || !Number.isInteger(words) || words < 1 || words > 64)
            throw new ValidationError(`${kf}.words`, 'an integer from 1 to 64', words);
          return {
            attribute: str(k.attribute, `${kf}.attribute`, MAX_ATTRIBUTE, true),
            hash: str(k.hash, `${kf}.hash`, 64),
            words,
          };
        }),
        records: records.map((id: unknown, i) => str(id, `${f}.records[${i}]`, 64)),
        nonce: str(raw.nonce, `${f}.nonce`, 64),
      };
    }
    default:
      throw new ValidationError(`${f}.type`, "'stated', 'set' or 'forget'", raw.type);
  }
}

/** A record read back, or undefined when it is malformed (a record from a newer version, a damaged one). */
export function readRecord(raw: unknown): FactRecord | undefined {
  try {
    return checkRecord(raw, 'record');
  } catch {
    return undefined;
  }
}
