/**
 * The knowledge-update suite (test/support/facts/) through the rule extractor and a small
 * reconciliation: after a change said months later in many phrasings, the new value is current
 * and the old one is not; distractor turns (other people, questions, wishes) change nothing.
 * `npm run eval:facts` prints the same figures per attribute and split.
 */
import { describe, expect, it } from 'vitest';
import { extractFactsRules } from '../../src/facts/index.js';
import { buildScenarios, distractorTurns } from '../support/facts/build-scenarios.js';
import { read } from '../support/facts/expect-facts.js';
import { runScenario } from '../support/facts/score.js';

const scenarios = buildScenarios();

describe('facts: knowledge updates with the rule extractor', () => {
  it('covers every attribute the issue names, in both splits, with distractor-only scenarios', () => {
    const attributes = new Set(scenarios.map((s) => s.attribute));
    for (const a of ['city', 'diet', 'job', 'employer', 'phone', 'partner', 'pet', 'school', 'language', 'allergy'])
      expect(attributes, a).toContain(a);
    expect(scenarios.filter((s) => s.kind === 'change' && s.split === 'holdout').length).toBeGreaterThanOrEqual(90);
    expect(scenarios.filter((s) => s.kind === 'distractor').length).toBeGreaterThan(40);
  });

  // The rules were tuned on `dev`; `holdout` was written after an earlier tuning and scored
  // untouched; `fresh` (round 8) was scored untouched, then the rules were generalised with it in
  // view; `unseen` (round 9) and `round10` were scored untouched, then the rules were generalised
  // with both in view; `round11` was written before that and scored once after it, never tuned on;
  // `round12` was written and scored before the frame reader, then tuned on (#34); `round13` was
  // written and scored before any rule change for it; `round14` was written before the rules were
  // read for it and scored once untouched; then the misses of rounds 12 to 14 were fixed by cause;
  // `round15` was written after that and scored once, never tuned on; `round16` was written before
  // the rules were read for it, scored once untouched (80 of 134), then its misses fixed by cause (120);
  // `round17` was written before the rules were read for it, scored once untouched (90 of 128), then
  // its misses fixed by cause (126); `round18` was written with it, held out, and scored untouched
  // before (63 of 78) and after (61 of 78, a tie in one turn's two values; 63 once that was fixed)
  // (docs/facts.md); `round19` was written before the rules were read for it and scored once
  // untouched (60 of 114); `round20` was written with it, held out and never tuned on, and scored
  // untouched (58 of 88); `round21` was written from the issue and the scenario format alone, before
  // the rules were read for it, and scored untouched (70 of 88); `round22` was written with it, held
  // out and never tuned on, and scored untouched (51 of 86). Then mechanisms read from the misses of
  // rounds 19 and 20 (ends said of the thing, newcomers, two contacts, dropped subjects) took round 18
  // to 65 of 78, 19 to 93 of 114, 20 to 74 of 88, and the untuned 21 to 72 of 88 and 22 to 53 of 86.
  // `round23` was written from the issue and the scenario format alone, each phrasing under 0.6 word
  // overlap with every earlier set, and scored once untouched (57 of 86); `round24` was written with
  // it, checked the same way, held out and never tuned on, and scored once untouched (54 of 86).
  // Then mechanisms read from the misses of rounds 21 and 22 (one from-to frame reader, newcomers
  // without an arrival verb, names asked for, changed plans) took 21 to 77 of 88 and 22 to 68 of 86,
  // 18 to 67 of 78, and the untuned 23 and 24 nowhere (57 and 54 of 86).
  // `round25` was written from the issue and the scenario format alone, each phrasing under 0.6 word
  // overlap with every earlier set, and scored once untouched (62 of 88); `round26` was written with
  // it, checked the same way, held out and never tuned on, and scored once untouched (46 of 86).
  // `round27` was written from the issue and the scenario format alone, without reading the
  // extractor, each phrasing under 0.6 word overlap with every earlier set, and scored once
  // untouched (68 of 92); `round28` was written with it, checked the same way, held out and never
  // tuned on, and scored once untouched (68 of 92).
  // Each bound is what the rules reach, so a change that loses ground fails.
  it.each([
    ['dev', 0.97],
    ['holdout', 0.93],
    ['fresh', 0.98],
    ['unseen', 0.95],
    ['round10', 0.96],
    ['round11', 0.95],
    ['round12', 0.89],
    ['round13', 0.87],
    ['round14', 0.94],
    ['round15', 0.88],
    ['round16', 0.89],
    ['round17', 0.98],
    ['round18', 0.85],
    ['round19', 0.81],
    ['round20', 0.84],
    ['round21', 0.87],
    ['round22', 0.79],
    ['round23', 0.66],
    ['round24', 0.62],
    ['round25', 0.7],
    ['round26', 0.53],
    ['round27', 0.73],
    ['round28', 0.73],
  ] as const)('holds the new value, and not the old, in %s changes at least at the share %s', (split, least) => {
    const changes = scenarios.filter((s) => s.kind === 'change' && s.split === split);
    const failed = changes
      .map((s) => ({ s, failures: runScenario(s, extractFactsRules).failures }))
      .filter((r) => r.failures.length > 0);
    const share = 1 - failed.length / changes.length;
    expect(share, failed.map((f) => `${f.s.id}: ${f.failures.join('; ')}`).join('\n')).toBeGreaterThanOrEqual(least);
  });

  it('never makes a distractor value current', () => {
    for (const s of scenarios.filter((x) => x.kind === 'distractor')) {
      const { failures } = runScenario({ ...s, current: [] }, extractFactsRules);
      expect(failures, s.id).toEqual([]);
    }
  });

  it('reads at most 5% of distractor turns as a fact about the user', () => {
    const turns = distractorTurns();
    const stated = turns.filter((t) => read(t.text).some((c) => c.kind === 'state'));
    expect(stated.length / turns.length, stated.map((t) => t.text).join('\n')).toBeLessThanOrEqual(0.05);
  });
});
