/**
 * Checks of what the facts methods take: `listFacts` options, a `setFact` input, a
 * `forgetFact` id and an `importFacts` state. Each refuses bad input with a `ValidationError`
 * naming the field and what was expected, before anything is written.
 * @module
 */
import type { FactRecord, FactsExport, ListFactsOptions, SetFactInput } from '../../facts/types.js';
import { ValidationError } from '../../errors.js';
import { isPlainObject } from '../checks/validate.js';
import { checkRecord, MAX_ATTRIBUTE, MAX_FACT_TEXT, MAX_FACT_VALUE } from './fact-records.js';

/** Most records one `importFacts` takes. */
export const MAX_IMPORT_RECORDS = 100_000;
/** Records checked between two pauses of an import (its checks never hold the thread long). */
const CHECK_SLICE = 500;

const ATTRIBUTE = /^[\p{L}\p{N}_][\p{L}\p{N}_ -]*$/u;

function onlyKeys(value: Record<string, unknown>, keys: readonly string[], field: string): void {
  for (const k of Object.keys(value))
    if (!keys.includes(k))
      throw new ValidationError(`${field}.${k}`, `one of the known fields (${keys.join(', ')})`, k);
}

function checkAttribute(v: unknown, field: string): string {
  if (typeof v !== 'string' || v.length === 0 || v.length > MAX_ATTRIBUTE || !ATTRIBUTE.test(v))
    throw new ValidationError(
      field,
      `an attribute name (letters, digits, '_', at most ${MAX_ATTRIBUTE} characters), e.g. 'city'`,
      v,
    );
  return v;
}

/** `listFacts` options. */
export function checkListOptions(value: unknown): { history: boolean; attribute?: string } {
  if (value === undefined) return { history: false };
  if (!isPlainObject(value)) throw new ValidationError('options', 'an object { history?, attribute? }', value);
  onlyKeys(value, ['history', 'attribute'], 'options');
  const o = value as ListFactsOptions;
  if (o.history !== undefined && typeof o.history !== 'boolean')
    throw new ValidationError('options.history', 'a boolean', o.history);
  const out: { history: boolean; attribute?: string } = { history: o.history ?? false };
  if (o.attribute !== undefined) out.attribute = checkAttribute(o.attribute, 'options.attribute');
  return out;
}

/** A `setFact` input. */
export function checkSetFact(value: unknown): SetFactInput {
  if (!isPlainObject(value)) throw new ValidationError('fact', 'an object { text, attribute?, value? }', value);
  onlyKeys(value, ['text', 'attribute', 'value'], 'fact');
  const { text, attribute, value: v } = value as Record<string, unknown>;
  if (typeof text !== 'string' || !text.trim() || text.length > MAX_FACT_TEXT)
    throw new ValidationError('fact.text', `a non-empty string of at most ${MAX_FACT_TEXT} characters`, text);
  const out: SetFactInput = { text: text.trim() };
  if (attribute !== undefined) out.attribute = checkAttribute(attribute, 'fact.attribute');
  if (v !== undefined) {
    if (out.attribute === undefined)
      throw new ValidationError(
        'fact.attribute',
        'an attribute name when a value is given (the value is of it)',
        attribute,
      );
    if (typeof v !== 'string' || !v.trim() || v.length > MAX_FACT_VALUE)
      throw new ValidationError('fact.value', `a non-empty string of at most ${MAX_FACT_VALUE} characters`, v);
    out.value = v.trim();
  }
  return out;
}

/** A `forgetFact` id. */
export function checkFactId(value: unknown): string {
  if (typeof value !== 'string' || !value || value.length > 64)
    throw new ValidationError('id', 'the id of a fact (a string, as listFacts returns it)', value);
  return value;
}

const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** An `importFacts` state: every record checked (in slices) before anything is written. */
export async function checkFactsExport(value: unknown): Promise<FactRecord[]> {
  if (!isPlainObject(value)) throw new ValidationError('state', 'an object { schemaVersion: 1, records }', value);
  onlyKeys(value, ['schemaVersion', 'records'], 'state');
  const { schemaVersion, records } = value as Partial<FactsExport> & Record<string, unknown>;
  if (schemaVersion !== 1)
    throw new ValidationError('state.schemaVersion', '1 (the facts export version)', schemaVersion);
  if (!Array.isArray(records) || records.length > MAX_IMPORT_RECORDS)
    throw new ValidationError('state.records', `an array of at most ${MAX_IMPORT_RECORDS} fact records`, records);
  const out: FactRecord[] = [];
  for (let i = 0; i < records.length; i++) {
    if (i > 0 && i % CHECK_SLICE === 0) await pause();
    out.push(checkRecord(records[i], `state.records[${i}]`));
  }
  return out;
}
