/**
 * The knowledge-update suite's newest rounds (14 and 15, test/support/facts/) through the public
 * API a chat app uses: every scenario the rule extractor passes with the suite's small
 * reconciliation also passes through `createMemory({ facts })` and `listFacts()`; and, for one
 * change per attribute, a question in a new chat gets a context whose "Known about the user"
 * block holds the new value and shows the old one only as what it replaced.
 */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { factValueMentions } from '../../src/facts/index.js';
import type { Memory } from '../../src/memory.js';
import { extractFactsRules } from '../../src/facts/index.js';
import { buildScenarios } from '../support/facts/build-scenarios.js';
import type { UpdateScenario } from '../support/facts/scenario-types.js';
import { runScenario, scenarioFailures, scenarioTurns } from '../support/facts/score.js';

const scenarios = buildScenarios().filter((s) => s.split === 'round14' || s.split === 'round15');
const passing = scenarios.filter((s) => runScenario(s, extractFactsRules).failures.length === 0);

/** A memory holding the scenario's turns, each in a chat of its own at its time, read. */
async function told(scenario: UpdateScenario): Promise<Memory> {
  const memory = await createMemory({ store: 'memory', facts: {} });
  for (const turn of scenarioTurns(scenario))
    await memory.addUserMessage(turn.sessionId, turn.text, undefined, { timestamp: turn.timestamp });
  await memory.idle();
  return memory;
}

async function current(memory: Memory): Promise<{ attribute: string; value: string; text: string }[]> {
  return (await memory.listFacts())
    .filter((f) => f.attribute !== undefined)
    .map((f) => ({ attribute: f.attribute!, value: f.value ?? f.text, text: f.text }));
}

describe('facts: the suite through createMemory', () => {
  it('has scenarios of every attribute in rounds 14 and 15, most of them passing', () => {
    expect(new Set(scenarios.map((s) => s.attribute)).size).toBe(15);
    expect(passing.length).toBeGreaterThan(scenarios.length * 0.85);
  });

  it('passes every change and distractor scenario through listFacts() that the rules pass', async () => {
    const failed: string[] = [];
    for (const scenario of passing) {
      const memory = await told(scenario);
      try {
        const wanted = scenario.kind === 'distractor' ? { ...scenario, current: [] } : scenario;
        const failures = scenarioFailures(wanted, await current(memory));
        if (failures.length > 0) failed.push(`${scenario.id}: ${failures.join('; ')}`);
      } finally {
        await memory.close();
      }
    }
    expect(failed).toEqual([]);
  });

  it('puts the new value in a new chat’s context and the old one only as what it replaced', async () => {
    const firsts = new Map<string, UpdateScenario>();
    for (const s of passing)
      if (s.kind === 'change' && s.split === 'round14' && s.current.length > 0 && !firsts.has(s.attribute))
        firsts.set(s.attribute, s);
    expect(firsts.size).toBe(15);
    for (const scenario of firsts.values()) {
      const memory = await told(scenario);
      try {
        await memory.addUserMessage('new-chat', 'Can you remind me what you know about me?');
        const ctx = await memory.getContextForLLM('new-chat');
        const block = ctx.messages.find((m) => typeof m.content === 'string' && m.content.includes('Known about'));
        expect(block, scenario.id).toBeDefined();
        const lines = String(block!.content).split('\n');
        const mine = (await memory.listFacts({ attribute: scenario.attribute })).filter((f) => f.status === 'current');
        for (const value of scenario.current) {
          const fact = mine.find((f) => factValueMentions(scenario.attribute, f.value ?? f.text, value));
          expect(fact, `${scenario.id}: ${value} current`).toBeDefined();
          expect(
            lines.some((l) => l.includes(fact!.text.replace(/\.$/u, ''))),
            `${scenario.id}: ${value} in the block`,
          ).toBe(true);
        }
        // The old value appears, if at all, only as the value a current fact replaced.
        for (const old of scenario.notCurrent) {
          const word = new RegExp(
            String.raw`(?<![\p{L}\p{N}])${old.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}(?![\p{L}\p{N}])`,
            'iu',
          );
          for (const line of lines.filter((l) => word.test(l))) {
            const before = line.indexOf('before that');
            expect(before, `${scenario.id}: ${line}`).toBeGreaterThan(0);
            expect(line.slice(before), `${scenario.id}: ${line}`).toMatch(word);
            expect(line.slice(0, before), `${scenario.id}: ${line}`).not.toMatch(word);
          }
        }
        expect(ctx.facts!.included.length).toBeGreaterThan(0);
      } finally {
        await memory.close();
      }
    }
  });
});
