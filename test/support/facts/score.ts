/**
 * Running a knowledge-update scenario through an extractor and a reconciliation, and whether
 * what holds at the end is what the scenario expects.
 * @module
 */
import { factValueMentions, type FactCandidate, type FactTurn } from '../../../src/facts/index.js';
import { reconcile, type HeldFact } from './mini-reconcile.js';
import type { UpdateScenario } from './scenario-types.js';

/** When a scenario starts; turn `monthsLater` is that many 30-day months after. */
export const SCENARIO_START = Date.parse('2024-03-05T10:00:00Z');

/** The scenario's turns as an extractor receives them. */
export function scenarioTurns(scenario: UpdateScenario): FactTurn[] {
  return scenario.turns.map((t, i) => ({
    sessionId: `${scenario.id}-chat-${i}`,
    entryId: `${scenario.id}-turn-${i}`,
    text: t.text,
    timestamp: new Date(SCENARIO_START + t.monthsLater * 30 * 86_400_000 + i * 60_000).toISOString(),
  }));
}

/** What failed, or an empty list when the scenario holds. */
export function scenarioFailures(scenario: UpdateScenario, held: readonly HeldFact[]): string[] {
  const mine = held.filter((h) => h.attribute === scenario.attribute);
  const out: string[] = [];
  for (const v of scenario.current)
    if (!mine.some((h) => factValueMentions(h.attribute, h.value, v))) out.push(`"${v}" is not current`);
  for (const v of scenario.notCurrent)
    if (mine.some((h) => factValueMentions(h.attribute, h.value, v))) out.push(`"${v}" is still current`);
  return out;
}

/** Runs a scenario through `extract` and the small reconciliation. */
export function runScenario(
  scenario: UpdateScenario,
  extract: (turn: FactTurn) => FactCandidate[],
): { failures: string[]; held: HeldFact[]; candidates: FactCandidate[] } {
  const candidates = scenarioTurns(scenario).flatMap((t) => extract(t));
  const held = reconcile(candidates);
  return { failures: scenarioFailures(scenario, held), held, candidates };
}
