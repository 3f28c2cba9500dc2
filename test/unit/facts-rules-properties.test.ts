/**
 * What holds for every turn the rule extractor reads, whatever its text: every candidate quotes
 * a span of the turn, names a known attribute and a value; extraction never throws, also on
 * `Object.prototype` names, odd Unicode and malformed turns; and a turn of any size is read
 * only up to `MAX_TURN_CHARS`, so a 1M-character turn costs what its prefix costs.
 * Fixed numbers of runs, no time limits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  extractFactsRules,
  factAttribute,
  MAX_TURN_CHARS,
  type FactCandidate,
  type FactTurn,
} from '../../src/facts/index.js';

const turn = (text: string, timestamp = '2024-09-10T12:00:00Z'): FactTurn => ({
  sessionId: 's',
  entryId: 'e',
  text,
  timestamp,
});

const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype);

/** Phrases that state facts, so generated turns yield candidates to check. */
const PHRASES = [
  'I live in Berlin',
  'we moved to Lyon last month',
  "I'm vegetarian",
  'I eat fish again',
  'I work at Acme as a nurse',
  'my number is 555-0100',
  'my email is a@b.io',
  'I have a dog named Rex',
  "I'm allergic to peanuts and shellfish",
  'I speak French and German',
  "I'm not vegan anymore",
  'I used to live in Paris but now I live in Rome',
  'my wife Anna',
  "We're flying to Tokyo next week",
  'I love sushi',
  'my name is Ada',
  ...PROTO_NAMES.map((n) => `I live in ${n}`),
  ...PROTO_NAMES.map((n) => `my favorite ${n} is ${n}`),
  ...PROTO_NAMES.map((n) => `I have a cat named ${n}`),
];
const NOISE = [
  'lol',
  '🎉',
  '😂',
  'Where do I live?',
  'if I lived in Rome',
  'my friend lives in Oslo',
  '"quoted"',
  '—',
  '...',
];
const SEPARATORS = [' ', '. ', ', ', '! ', '\n', ' and ', ' but ', '; ', ' 🙂 ', '? '];

const factTurns = fc
  .array(fc.tuple(fc.constantFrom(...PHRASES, ...NOISE), fc.constantFrom(...SEPARATORS), fc.boolean()), {
    minLength: 1,
    maxLength: 8,
  })
  .map((parts) => parts.map(([p, sep, upper]) => (upper ? p.toUpperCase() : p) + sep).join(''));

function checkCandidate(c: FactCandidate, text: string): void {
  expect(text).toContain(c.quote);
  expect(c.quote.trim()).not.toBe('');
  expect(factAttribute(c.attribute), c.attribute).toBeDefined();
  expect(typeof c.value).toBe('string');
  expect(c.value.trim()).not.toBe('');
  expect(c.text.trim()).not.toBe('');
  expect(['state', 'retire']).toContain(c.kind);
  if (c.validFrom !== undefined) expect(new Date(c.validFrom).toISOString()).toBe(c.validFrom);
  if (c.replaces !== undefined) expect(c.replaces.trim()).not.toBe('');
}

describe('facts rules: properties', () => {
  it('quotes a verbatim span of the turn in every candidate, with a known attribute and a value', () => {
    let seen = 0;
    fc.assert(
      fc.property(factTurns, (text) => {
        const found = extractFactsRules(turn(text));
        seen += found.length;
        for (const c of found) checkCandidate(c, text);
      }),
      { numRuns: 400, seed: 34 },
    );
    expect(seen).toBeGreaterThan(400);
  });

  it('never throws on any string, and what it returns is always well formed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })), (text) => {
        for (const c of extractFactsRules(turn(text))) checkCandidate(c, text);
      }),
      { numRuns: 1000, seed: 34 },
    );
  });

  it('reads Object.prototype names as plain words', () => {
    for (const name of PROTO_NAMES) {
      expect(extractFactsRules(turn(`I live in ${name}.`)).map((c) => [c.attribute, c.value.toLowerCase()])).toEqual([
        ['city', name.toLowerCase()],
      ]);
      expect(() => extractFactsRules(turn(`My favorite ${name} is ${name}. ${name} and I broke up.`))).not.toThrow();
    }
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('returns nothing for a turn that is not one, and no date for a timestamp that is not one', () => {
    for (const bad of [null, undefined, 42, {}, [], { text: 7 }, { text: null }]) {
      expect(extractFactsRules(bad as unknown as FactTurn)).toEqual([]);
    }
    const [fact] = extractFactsRules(turn('We moved to Berlin last month.', 'not a time'));
    expect(fact).toMatchObject({ attribute: 'city', value: 'Berlin' });
    expect(fact?.validFrom).toBeUndefined();
  });

  it('reads a turn of any size up to MAX_TURN_CHARS: a 1M-character turn yields what its prefix yields', () => {
    const head = 'I live in Berlin. I have a dog named Rex. ';
    const filler = 'and then we talked about the weather for a while ';
    const huge = head + filler.repeat(Math.ceil(1_000_000 / filler.length)) + ' I work at Acme.';
    expect(huge.length).toBeGreaterThan(1_000_000);
    const found = extractFactsRules(turn(huge));
    expect(found).toEqual(extractFactsRules(turn(huge.slice(0, MAX_TURN_CHARS))));
    expect(found.map((c) => c.attribute)).toEqual(['city', 'pet']);
  });

  it('gets through pathological turns: one endless clause, endless subjects, commas, emoji, digits', () => {
    const cases = [
      'I '.repeat(200_000),
      'I live in '.repeat(50_000),
      'a, '.repeat(200_000),
      '🎉'.repeat(200_000),
      '5'.repeat(500_000),
      'from '.repeat(100_000) + 'to Berlin',
      "I'm not ".repeat(50_000) + 'vegan',
      'my my my '.repeat(50_000),
      '('.repeat(300_000),
    ];
    for (const text of cases) for (const c of extractFactsRules(turn(text))) checkCandidate(c, text);
  });
});
