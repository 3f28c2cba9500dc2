/**
 * A stand-in prompt and parser for the model pass (`extract: 'model'`): strict JSON out, every
 * fact quoting a span of its turn (a fact whose quote is not in its turn is dropped). Enough to
 * run the pass's scheduling; the full prompt replaces it through `default-facts.ts`.
 * @module
 */
import type { FactModelExtractor, FactTurn, ModelFactCandidate } from './types.js';
import { placeholderVocabulary } from './placeholder-extract.js';

function promptFor(turns: readonly FactTurn[]): string {
  const lines = turns.map((t, i) => `[${i + 1}] ${JSON.stringify(t.text)}`);
  return [
    'Read these messages a user wrote. List durable facts about the user (where they live, work,',
    'diet, family, pets, preferences, plans, contact details). Skip questions, hypotheticals,',
    "other people's facts and anything not about the user.",
    'Answer with JSON only: {"facts":[{"turn":1,"attribute":"city","value":"Berlin","kind":"state",',
    '"quote":"exact words from the message","replaces":"Lyon"}]} ("kind" is "state" or "retire";',
    '"replaces" only when the message names the earlier value). {"facts":[]} when there are none.',
    '',
    ...lines,
  ].join('\n');
}

function parse(answer: string, turns: readonly FactTurn[]): ModelFactCandidate[] {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error('the model answered no JSON object');
  const json = JSON.parse(answer.slice(start, end + 1)) as { facts?: unknown };
  if (!Array.isArray(json.facts)) throw new Error('the model answer has no "facts" array');
  const out: ModelFactCandidate[] = [];
  for (const raw of json.facts as Record<string, unknown>[]) {
    if (typeof raw !== 'object' || raw === null) continue;
    const turn = typeof raw.turn === 'number' ? turns[raw.turn - 1] : undefined;
    const { attribute, value, quote } = raw;
    const kind = raw.kind === 'retire' ? 'retire' : 'state';
    if (!turn || typeof attribute !== 'string' || !/^[a-z][a-z0-9_]{0,63}$/u.test(attribute)) continue;
    if (typeof value !== 'string' || !value.trim() || value.length > 500) continue;
    if (typeof quote !== 'string' || !quote.trim() || !turn.text.includes(quote)) continue;
    const c: ModelFactCandidate = {
      entryId: turn.entryId,
      attribute,
      value: value.trim(),
      kind,
      quote,
      text: placeholderVocabulary.sentence(attribute, value.trim()),
    };
    if (typeof raw.replaces === 'string' && raw.replaces.trim()) c.replaces = raw.replaces.trim();
    out.push(c);
  }
  return out;
}

/** The stand-in model pass. */
export const placeholderModelExtractor: FactModelExtractor = { prompt: promptFor, parse };
