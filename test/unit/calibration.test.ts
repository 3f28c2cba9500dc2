import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import {
  applyCorrection,
  correctionFactor,
  createCalibration,
  recordUsage,
  type CalibrationState,
} from '../../src/tokens/calibration.js';

/**
 * Illustrative request pairs (o200k_base estimate, Claude `input_tokens`) in the 10–20% range
 * commonly seen for English chat; not a measurement of any particular model.
 */
const claudeSamples: [number, number][] = [
  [1200, 1362],
  [850, 981],
  [2300, 2622],
  [400, 471],
  [1800, 2034],
  [3100, 3565],
  [640, 745],
  [5200, 5928],
];

const record = (pairs: readonly [number, number][], state: CalibrationState = createCalibration()): CalibrationState =>
  pairs.reduce((s, [estimated, promptTokens]) => recordUsage(s, { estimated, promptTokens }), state);

describe('calibration', () => {
  it('tracks count, mean ratio, last and max drift', () => {
    const state = record(claudeSamples);
    const ratios = claudeSamples.map(([e, p]) => p / e);
    expect(state.count).toBe(8);
    expect(state.meanRatio).toBeCloseTo(ratios.reduce((a, b) => a + b) / ratios.length, 10);
    expect(state.lastDrift).toBeCloseTo(5928 / 5200 - 1, 10);
    expect(state.maxDrift).toBeCloseTo(471 / 400 - 1, 10);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('gives 1 until three samples, then a factor covering the high ratios', () => {
    expect(correctionFactor(record(claudeSamples.slice(0, 2)))).toBe(1);
    const factor = correctionFactor(record(claudeSamples));
    expect(factor).toBeGreaterThan(1.16);
    expect(factor).toBeLessThanOrEqual(471 / 400); // never more than the worst ratio seen
    expect(correctionFactor(record(claudeSamples), { quantile: 1 })).toBeCloseTo(471 / 400, 10);
  });

  it('keeps every recorded request within the provider budget at quantile 1', () => {
    const state = record(claudeSamples);
    const budget = applyCorrection(8000, correctionFactor(state, { quantile: 1 }));
    for (const [estimated, provider] of claudeSamples) {
      // A context RecallKit fills up to `budget` would cost the provider at most 8000.
      expect(Math.ceil(budget * (provider / estimated))).toBeLessThanOrEqual(8000);
    }
    expect(budget).toBe(Math.floor(8000 / (471 / 400)));
  });

  it('never goes below 1 (exact or over-counting tokenizer) nor above max', () => {
    const exact = record([
      [1000, 1000],
      [500, 497],
      [2000, 1990],
    ]);
    expect(correctionFactor(exact)).toBe(1);
    const wild = record([
      [100, 300],
      [100, 320],
      [100, 310],
    ]); // e.g. tool definitions left out of the estimate
    expect(correctionFactor(wild)).toBe(2);
    expect(correctionFactor(wild, { max: 4 })).toBeCloseTo(3.19, 10);
  });

  it('follows a model change through its window', () => {
    let state = record(
      Array.from({ length: 10 }, () => [1000, 1000] as [number, number]),
      createCalibration({ window: 5 }),
    );
    state = record(
      Array.from({ length: 5 }, () => [1000, 1200] as [number, number]),
      state,
    );
    expect(state.ratios).toHaveLength(5);
    expect(correctionFactor(state)).toBeCloseTo(1.2, 10);
    expect(state.count).toBe(15);
  });

  it('does not change the given state', () => {
    const before = record(claudeSamples.slice(0, 3));
    const copy = structuredClone(before);
    recordUsage(before, { estimated: 10, promptTokens: 30 });
    expect(before).toEqual(copy);
  });

  it('applyCorrection keeps corrected counts within budget (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.double({ min: 1, max: 2, noNaN: true }),
        (budget, factor) => {
          const corrected = applyCorrection(budget, factor);
          expect(corrected * factor).toBeLessThanOrEqual(budget);
          expect((corrected + 1) * factor).toBeGreaterThan(budget);
        },
      ),
    );
  });

  it('refuses bad input naming the field', () => {
    const state = createCalibration();
    expect(() => recordUsage(state, { estimated: 0, promptTokens: 10 })).toThrow(
      'usage.estimated: expected a positive number, received number 0',
    );
    expect(() => recordUsage(state, { estimated: 5, promptTokens: Number.NaN })).toThrow(ValidationError);
    expect(() => correctionFactor(state, { quantile: 1.5 })).toThrow(/^quantile:/);
    expect(() => applyCorrection(100, 0)).toThrow(/^factor:/);
    expect(() => createCalibration({ window: 0 })).toThrow(/^window:/);
  });
});
