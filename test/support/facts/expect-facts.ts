/**
 * Table helpers for the rule extractor's tests: what a phrasing must yield (attribute, value,
 * kind, and `replaces` / `validFrom` when given), and that a distractor yields no fact about
 * the user.
 * @module
 */
import { expect } from 'vitest';
import { extractFactsRules, type FactCandidate } from '../../../src/facts/index.js';

/** The time every table turn is said at, unless a case gives one. */
export const SAID_AT = '2024-09-10T12:00:00Z';

/** What one candidate must be: `[attribute, value]`, retired with `'retire'`, and its change fields. */
export type Expected =
  | [attribute: string, value: string]
  | [attribute: string, value: string, kind: 'state' | 'retire']
  | [attribute: string, value: string, kind: 'state' | 'retire', extra: { replaces?: string; validFrom?: string }];

/** The candidates of one turn said at `timestamp`. */
export function read(text: string, timestamp = SAID_AT): FactCandidate[] {
  return extractFactsRules({ sessionId: 'chat', entryId: 'turn', text, timestamp });
}

function describeAll(found: FactCandidate[]): string {
  return found
    .map((c) => `${c.kind} ${c.attribute}=${c.value}${c.replaces ? ` (replaces ${c.replaces})` : ''}`)
    .join('; ');
}

/** Every expected candidate is among what `text` yields (values compared without case). */
export function expectFacts(text: string, expected: Expected[]): void {
  const found = read(text);
  for (const [attribute, value, kind = 'state', extra = {}] of expected) {
    const match = found.find(
      (c) => c.attribute === attribute && c.kind === kind && c.value.toLowerCase() === value.toLowerCase(),
    );
    expect(
      match,
      `${JSON.stringify(text)} should yield ${kind} ${attribute}=${value}; got: ${describeAll(found)}`,
    ).toBeDefined();
    if (extra.replaces !== undefined) expect(match?.replaces?.toLowerCase()).toBe(extra.replaces.toLowerCase());
    if (extra.validFrom !== undefined) expect(match?.validFrom).toBe(extra.validFrom);
    expect(text).toContain(match!.quote);
  }
}

/** `text` states nothing about the user: no candidate that holds now. */
export function expectNoUserFacts(text: string): void {
  const states = read(text).filter((c) => c.kind === 'state');
  expect(states, `${JSON.stringify(text)} should state nothing; got: ${describeAll(states)}`).toEqual([]);
}
