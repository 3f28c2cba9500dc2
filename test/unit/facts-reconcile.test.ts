/**
 * Reconciliation (`core/facts/fold-facts.ts`): tables of what a sequence of statements makes,
 * and properties over random logs: any order of arrival gives the same facts, a forget leaves
 * no trace of the value, repeats never duplicate. Pure: records in, facts out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chainOf, foldFacts, publicFact } from '../../src/core/facts/fold-facts.js';
import { forgetRecord, setRecord, statedRecord } from '../../src/core/facts/fact-records.js';
import { forgottenKey } from '../../src/core/facts/fact-keys.js';
import { registryVocabulary as vocab } from '../../src/facts/vocabulary.js';
import type { FactCandidate, FactRecord } from '../../src/facts/types.js';

let turnNo = 0;
/** A record of one statement in a turn said on `day` (2026-MM-DD). */
function said(day: string, c: Partial<FactCandidate> & Pick<FactCandidate, 'attribute' | 'value'>, session = 's1') {
  turnNo += 1;
  const candidate: FactCandidate = {
    kind: 'state',
    text: vocab.sentence(c.attribute, c.value),
    quote: c.value,
    ...c,
  };
  return statedRecord(
    { sessionId: session, entryId: `e${turnNo}`, text: candidate.quote, timestamp: `2026-${day}T10:00:00.000Z` },
    candidate,
    'rules',
    0,
  );
}
const current = (records: FactRecord[], attribute?: string) =>
  foldFacts(records, vocab)
    .facts.filter((f) => f.status === 'current' && (attribute === undefined || f.attribute === attribute))
    .map((f) => f.value ?? f.text);

describe('reconciliation: single-valued attributes', () => {
  it('a newer value supersedes the older, which keeps its text, span and source and points to its successor', () => {
    const lyon = said('05-01', { attribute: 'city', value: 'Lyon', quote: 'I live in Lyon' });
    const berlin = said('09-10', { attribute: 'city', value: 'Berlin', quote: 'we moved to Berlin' });
    const { facts } = foldFacts([berlin, lyon], vocab);
    expect(facts).toHaveLength(2);
    const [old, now] = facts;
    expect(old).toMatchObject({
      value: 'Lyon',
      text: 'The user lives in Lyon.',
      status: 'superseded',
      since: '2026-05-01T10:00:00.000Z',
      until: '2026-09-10T10:00:00.000Z',
      supersededBy: now!.id,
      sources: [{ sessionId: 's1', entryId: lyon.source.entryId, quote: 'I live in Lyon' }],
    });
    expect(old!.reason).toBe('Replaced on 2026-09-10 by Berlin: the user said "we moved to Berlin".');
    expect(now).toMatchObject({ value: 'Berlin', status: 'current', since: '2026-09-10T10:00:00.000Z' });
    expect(now!.until).toBeUndefined();
  });

  it('a repeat reinforces (one fact, two sources), in any case or spacing', () => {
    const a = said('05-01', { attribute: 'city', value: 'Lyon' });
    const b = said('06-01', { attribute: 'city', value: 'lyon' }, 's2');
    const { facts } = foldFacts([a, b], vocab);
    expect(facts).toHaveLength(1);
    expect(facts[0]!.sources.map((s) => s.sessionId)).toEqual(['s1', 's2']);
  });

  it('an older statement arriving later (an import, a sync) never becomes current', () => {
    const berlin = said('09-10', { attribute: 'city', value: 'Berlin' });
    const paris = said('01-02', { attribute: 'city', value: 'Paris' });
    expect(current([berlin, paris])).toEqual(['Berlin']);
    const history = foldFacts([berlin, paris], vocab).facts;
    expect(history.map((f) => [f.value, f.status])).toEqual([
      ['Paris', 'superseded'],
      ['Berlin', 'current'],
    ]);
  });

  it('"from X to Y" with nothing known records X as the earlier value', () => {
    const moved = said('09-10', {
      attribute: 'city',
      value: 'Berlin',
      replaces: 'Lyon',
      quote: 'moved from Lyon to Berlin',
    });
    const { facts } = foldFacts([moved], vocab);
    expect(facts.map((f) => [f.value, f.status])).toEqual([
      ['Lyon', 'superseded'],
      ['Berlin', 'current'],
    ]);
    expect(facts[0]!.supersededBy).toBe(facts[1]!.id);
    expect(facts[0]!.reason).toContain('earlier value');
  });

  it('a retirement supersedes the value it names, with no successor; one naming another value changes nothing', () => {
    const veg = said('03-01', { attribute: 'diet', value: 'vegetarian' });
    const other = said('04-01', { attribute: 'diet', value: 'vegan', kind: 'retire' });
    const no = said('05-01', {
      attribute: 'diet',
      value: 'vegetarian',
      kind: 'retire',
      quote: "I'm not vegetarian anymore",
    });
    expect(current([veg, other])).toEqual(['vegetarian']);
    const { facts } = foldFacts([veg, other, no], vocab);
    expect(facts).toHaveLength(1);
    expect(facts[0]).toMatchObject({ status: 'superseded', until: '2026-05-01T10:00:00.000Z' });
    expect(facts[0]!.supersededBy).toBeUndefined();
    expect(facts[0]!.reason).toBe(`No longer true since 2026-05-01: the user said "I'm not vegetarian anymore".`);
  });
});

describe('reconciliation: lists', () => {
  it('items accumulate; an item is retired only when a statement names it', () => {
    const rex = said('01-01', { attribute: 'pet', value: 'dog named Rex' });
    const tom = said('02-01', { attribute: 'pet', value: 'cat named Tom' });
    const rexAgain = said('03-01', { attribute: 'pet', value: 'dog named Rex' });
    expect(current([rex, tom, rexAgain]).sort()).toEqual(['cat named Tom', 'dog named Rex']);
    const gone = said('04-01', { attribute: 'pet', value: 'dog', kind: 'retire' });
    expect(current([rex, tom, rexAgain, gone])).toEqual(['cat named Tom']);
  });
});

describe('reconciliation: facts the user set', () => {
  const set = (day: string, text: string, attribute?: string, value?: string) =>
    setRecord(`2026-${day}T12:00:00.000Z`, text, attribute, value);

  it('extraction never overrides a fact the user set: a later contradiction is kept, superseded on arrival', () => {
    const mine = set('06-01', 'I live in Berlin', 'city', 'Berlin');
    const later = said('07-01', { attribute: 'city', value: 'Munich', quote: 'I moved to Munich' });
    const laterAgain = said('08-01', { attribute: 'city', value: 'Munich' });
    const retire = said('09-01', { attribute: 'city', value: 'Berlin', kind: 'retire' });
    const { facts } = foldFacts([mine, later, laterAgain, retire], vocab);
    expect(current([mine, later, laterAgain, retire])).toEqual(['Berlin']);
    const held = facts.find((f) => f.value === 'Munich')!;
    expect(held).toMatchObject({ status: 'superseded', supersededBy: facts.find((f) => f.value === 'Berlin')!.id });
    expect(held.sources).toHaveLength(2);
    expect(held.reason).toMatch(/^Not applied: the user set "Berlin"/);
  });

  it("an older extraction is superseded by the user; a newer setFact replaces the user's own fact", () => {
    const old = said('01-01', { attribute: 'city', value: 'Paris' });
    const mine = set('06-01', 'I live in Berlin', 'city', 'Berlin');
    const mine2 = set('07-01', 'I live in Rome', 'city', 'Rome');
    expect(current([mine, old])).toEqual(['Berlin']);
    expect(current([mine2, mine, old])).toEqual(['Rome']);
  });

  it('a user fact with text alone accumulates; the same text twice is one fact', () => {
    const a = set('01-01', 'Prefers short answers');
    const b = set('02-01', 'prefers short answers');
    const c = set('03-01', 'Allergic to penicillin');
    expect(current([a, b, c])).toEqual(['prefers short answers', 'Allergic to penicillin']);
  });
});

describe('reconciliation: forgetting', () => {
  it('a forget leaves out the chain and its older statements, not what is said after it', () => {
    const lyon = said('05-01', { attribute: 'city', value: 'Lyon' });
    const berlin = said('09-10', { attribute: 'city', value: 'Berlin' });
    const before = foldFacts([lyon, berlin], vocab);
    const chain = chainOf(
      before,
      before.facts.find((f) => f.value === 'Berlin')!,
    );
    const forget = forgetRecord(
      '2026-10-01T00:00:00.000Z',
      chain.map((f) => forgottenKey(vocab, f.attribute ?? '', f.value ?? f.text)),
      chain.flatMap((f) => f.records),
    );
    const imported = said('04-01', { attribute: 'city', value: 'Lyon' }, 'imported');
    const after = foldFacts([lyon, berlin, forget, imported], vocab);
    expect(after.facts).toEqual([]);
    expect(after.suppressed.sort()).toEqual([lyon.id, berlin.id, imported.id].sort());
    expect(JSON.stringify(forget)).not.toMatch(/lyon|berlin/i);
    const restated = said('11-01', { attribute: 'city', value: 'Berlin' });
    expect(current([lyon, berlin, forget, restated])).toEqual(['Berlin']);
  });

  it('a record that still counts is rewritten without the forgotten value it mentions', () => {
    const moved = said('09-10', {
      attribute: 'city',
      value: 'Berlin',
      replaces: 'Lyon',
      quote: 'we moved from Lyon to Berlin',
    });
    const before = foldFacts([moved], vocab);
    const lyon = before.facts.find((f) => f.value === 'Lyon')!;
    const forget = forgetRecord('2026-10-01T00:00:00.000Z', [forgottenKey(vocab, 'city', 'Lyon')], lyon.records);
    const mid = foldFacts([moved, forget], vocab);
    expect(mid.facts.map((f) => f.value)).toEqual(['Berlin']);
    expect(mid.rewrites).toHaveLength(1);
    const rewrite = mid.rewrites[0]!.to;
    expect(JSON.stringify(rewrite)).not.toMatch(/lyon/i);
    const after = foldFacts([moved, forget, rewrite], vocab);
    expect(after.suppressed).toEqual([moved.id]);
    expect(after.rewrites).toEqual([]);
    expect(after.facts.map((f) => publicFact(f))).toMatchObject([{ value: 'Berlin', status: 'current' }]);
    expect(JSON.stringify(after.facts.map(publicFact))).not.toMatch(/lyon/i);
  });
});

describe('reconciliation: properties', () => {
  const cities = ['Lyon', 'Berlin', 'Paris', 'Rome'];
  const arbRecord = fc.oneof(
    fc
      .record({
        day: fc.integer({ min: 1, max: 28 }),
        city: fc.constantFrom(...cities),
        kind: fc.constantFrom<'state' | 'retire'>('state', 'state', 'retire'),
        session: fc.constantFrom('a', 'b'),
      })
      .map(({ day, city, kind, session }) =>
        said(`03-${String(day).padStart(2, '0')}`, { attribute: 'city', value: city, kind }, session),
      ),
    fc
      .record({ day: fc.integer({ min: 1, max: 28 }), pet: fc.constantFrom('dog named Rex', 'cat named Tom', 'dog') })
      .map(({ day, pet }) => said(`03-${String(day).padStart(2, '0')}`, { attribute: 'pet', value: pet })),
    fc
      .record({ day: fc.integer({ min: 1, max: 28 }), city: fc.constantFrom(...cities) })
      .map(({ day, city }) =>
        setRecord(`2026-03-${String(day).padStart(2, '0')}T11:00:00.000Z`, `I live in ${city}`, 'city', city),
      ),
  );

  it('any order of arrival gives the same facts (and duplicates change nothing)', () => {
    fc.assert(
      fc.property(fc.array(arbRecord, { minLength: 1, maxLength: 14 }), fc.integer(), (records, seed) => {
        const shuffled = [...records, ...records.slice(0, 3)];
        let x = seed >>> 0;
        for (let i = shuffled.length - 1; i > 0; i--) {
          x = (Math.imul(x, 1103515245) + 12345) >>> 0;
          const j = x % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        const a = foldFacts(records, vocab).facts.map(publicFact);
        const b = foldFacts(shuffled, vocab).facts.map(publicFact);
        expect(b).toEqual(a);
        // At most one current city; no two current items of a list with the same key.
        expect(a.filter((f) => f.attribute === 'city' && f.status === 'current').length).toBeLessThanOrEqual(1);
        const pets = a.filter((f) => f.attribute === 'pet' && f.status === 'current').map((f) => f.value);
        expect(new Set(pets).size).toBe(pets.length);
      }),
      { numRuns: 300, seed: 34 },
    );
  });

  it("forgetting any fact leaves no trace of its chain's values, in facts or in the records that count", () => {
    fc.assert(
      fc.property(fc.array(arbRecord, { minLength: 1, maxLength: 14 }), fc.nat(), (records, pick) => {
        const before = foldFacts(records, vocab);
        fc.pre(before.facts.length > 0);
        const target = before.facts[pick % before.facts.length]!;
        const chain = chainOf(before, target);
        const forget = forgetRecord(
          '2026-12-31T00:00:00.000Z',
          chain.map((f) => forgottenKey(vocab, f.attribute ?? '', f.value ?? f.text)),
          chain.flatMap((f) => f.records),
        );
        let log: FactRecord[] = [...records, forget];
        // Apply rewrites until none is owed (what every device's cleanup does).
        for (let round = 0; round < 3; round++) {
          const r = foldFacts(log, vocab);
          const gone = new Set(r.suppressed);
          log = [...log.filter((x) => !gone.has(x.id)), ...r.rewrites.map((w) => w.to)];
        }
        const after = foldFacts(log, vocab);
        expect(after.rewrites).toEqual([]);
        const values = new Set(chain.map((f) => vocab.valueKey(f.attribute ?? '', f.value ?? f.text)));
        for (const f of after.facts)
          expect(values.has(vocab.valueKey(f.attribute ?? '', f.value ?? f.text))).toBe(false);
        const kept = log.filter((x) => !after.suppressed.includes(x.id) && x.type !== 'forget');
        for (const v of chain.map((f) => f.value ?? f.text))
          expect(JSON.stringify(kept).toLowerCase()).not.toContain(`"${v.toLowerCase()}"`);
        // A city is one word no other value holds: it appears nowhere in what counts.
        for (const f of chain.filter((x) => x.attribute === 'city'))
          expect(JSON.stringify(kept).toLowerCase()).not.toContain(f.value!.toLowerCase());
      }),
      { numRuns: 300, seed: 35 },
    );
  });
});
