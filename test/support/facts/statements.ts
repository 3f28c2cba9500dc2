/**
 * Scoring single-turn statements (`suites-round-12.ts`, `suites-round-13.ts`): whether a turn yields every fact it
 * states about the user, and whether a turn that states nothing yields no fact that holds now.
 * @module
 */
import { extractFactsRules, factValueMentions, type FactCandidate } from '../../../src/facts/index.js';
import type { StatedFact, Statement } from './suites-round-12.js';

/** When every statement is said. */
const SAID_AT = '2024-09-10T12:00:00Z';

const read = (text: string): FactCandidate[] =>
  extractFactsRules({ sessionId: 'chat', entryId: 'turn', text, timestamp: SAID_AT });

/** Whether `found` holds a fact that holds now matching `want` (its attribute, and its value mentioned). */
export function yieldsFact(found: readonly FactCandidate[], want: StatedFact): boolean {
  const attributes: readonly string[] = typeof want.attribute === 'string' ? [want.attribute] : want.attribute;
  return found.some(
    (c) =>
      c.kind === 'state' &&
      attributes.includes(c.attribute) &&
      (want.value === '*' || factValueMentions(c.attribute, c.value, want.value)),
  );
}

/** The facts of `statement` its turn does not yield (empty when it passes). */
export function missedFacts(statement: Statement): StatedFact[] {
  const found = read(statement.text);
  return statement.facts.filter((want) => !yieldsFact(found, want));
}

/** Whether a turn that should state nothing yields a fact that holds now. */
export function statesSomething(text: string): boolean {
  return read(text).some((c) => c.kind === 'state');
}
