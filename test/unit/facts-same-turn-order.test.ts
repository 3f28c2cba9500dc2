/**
 * The records of one turn share its time; the fold orders them by their place in the turn
 * (`position`), never by their ids, which hash the turn's random entry id. So of two values
 * one turn states for a single-valued attribute, the later one in the turn is current, on
 * every device and whatever the entry id; records written before `position` existed are still
 * read; and a memory's facts survive an export and an import unchanged.
 */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { foldFacts } from '../../src/core/facts/fold-facts.js';
import { checkRecord, positionInTurn, statedRecord, withId } from '../../src/core/facts/fact-records.js';
import { registryVocabulary as vocab } from '../../src/facts/vocabulary.js';
import type { FactCandidate, FactRecord, FactTurn, StatedFactRecord } from '../../src/facts/types.js';
import type { Memory } from '../../src/memory.js';

const AT = '2026-03-01T10:00:00.000Z';
const city = (value: string, quote: string): FactCandidate => ({
  attribute: 'city',
  value,
  quote,
  kind: 'state',
  text: vocab.sentence('city', value),
});
const currentCity = (records: FactRecord[]): string[] =>
  foldFacts(records, vocab)
    .facts.filter((f) => f.status === 'current' && f.attribute === 'city')
    .map((f) => f.value!);

describe('facts: the records of one turn in the order of the turn', () => {
  it('the value said later in a turn is current, whatever the entry id and the order of arrival', () => {
    const text = 'I lived in Lyon for years. These days it is Berlin.';
    for (let i = 0; i < 40; i++) {
      const turn: FactTurn = {
        sessionId: 's',
        entryId: `e-${Math.random().toString(36).slice(2)}`,
        text,
        timestamp: AT,
      };
      // A model lists the later statement first: its place in the turn still decides.
      const berlin = statedRecord(turn, city('Berlin', 'These days it is Berlin.'), 'model', 0);
      const lyon = statedRecord(turn, city('Lyon', 'I lived in Lyon for years.'), 'model', 1);
      expect(currentCity([berlin, lyon]), turn.entryId).toEqual(['Berlin']);
      expect(currentCity([lyon, berlin]), turn.entryId).toEqual(['Berlin']);
    }
  });

  it('two statements of one quote keep the order the extractor read them in', () => {
    const text = 'we moved from Lyon to Berlin';
    for (let i = 0; i < 20; i++) {
      const turn: FactTurn = { sessionId: 's', entryId: `e-${i}-${Math.random()}`, text, timestamp: AT };
      const lyon = statedRecord(turn, city('Lyon', text), 'rules', 0);
      const berlin = statedRecord(turn, city('Berlin', text), 'rules', 1);
      expect(currentCity([berlin, lyon])).toEqual(['Berlin']);
    }
  });

  it('records of two turns said at one time are never interleaved, also when their ids hold U+0000', () => {
    // Session "a" entry "b\u0000c" and session "a\u0000b" entry "c": one key if the two ids were joined.
    const first: FactTurn = {
      sessionId: 'a',
      entryId: 'b\u0000c',
      text: 'x'.repeat(30) + ' Lyon, then Paris',
      timestamp: AT,
    };
    const second: FactTurn = { sessionId: 'a\u0000b', entryId: 'c', text: 'Berlin', timestamp: AT };
    const lyon = statedRecord(first, city('Lyon', 'Lyon'), 'rules', 0);
    const paris = statedRecord(first, city('Paris', 'Paris'), 'rules', 1);
    const berlin = statedRecord(second, city('Berlin', 'Berlin'), 'rules', 0);
    // Berlin's place in its turn (0) is before Lyon's and Paris's in theirs: ordered by place across
    // the two turns, Paris would be current; the turns stay whole, the second after the first.
    expect(currentCity([paris, berlin, lyon])).toEqual(['Berlin']);
    expect(currentCity([berlin, lyon, paris])).toEqual(['Berlin']);
  });

  it('a later turn still wins over an earlier one, and a turn said at the same time is ordered the same on every device', () => {
    const earlier: FactTurn = { sessionId: 's', entryId: 'e1', text: 'I live in Lyon', timestamp: AT };
    const later: FactTurn = {
      sessionId: 's',
      entryId: 'e2',
      text: 'I live in Oslo',
      timestamp: '2026-04-01T10:00:00.000Z',
    };
    const lyon = statedRecord(earlier, city('Lyon', 'I live in Lyon'), 'rules', 0);
    const oslo = statedRecord(later, city('Oslo', 'I live in Oslo'), 'rules', 5);
    expect(currentCity([oslo, lyon])).toEqual(['Oslo']);
    const other: FactTurn = { sessionId: 't', entryId: 'e9', text: 'I live in Rome', timestamp: AT };
    const rome = statedRecord(other, city('Rome', 'I live in Rome'), 'rules', 0);
    const orders = [
      [lyon, rome],
      [rome, lyon],
    ].map((records) => currentCity(records));
    expect(orders[0]).toEqual(orders[1]);
  });

  it('places a statement by the offset of its quote, then its rank; a quote not in the turn comes last', () => {
    expect(positionInTurn('abc. I live in Oslo.', 'I live in Oslo.', 0)).toBe(5 * 64);
    expect(positionInTurn('abc. I live in Oslo.', 'I live in Oslo.', 3)).toBe(5 * 64 + 3);
    expect(positionInTurn('abc. I live in Oslo.', 'I live in Oslo.', 500)).toBe(5 * 64 + 63);
    expect(positionInTurn('abc', 'elsewhere', 0)).toBe(3 * 64);
    expect(
      statedRecord({ sessionId: 's', entryId: 'e', text: 'x', timestamp: AT }, city('Oslo', 'x'), 'rules', 2),
    ).toMatchObject({
      position: 2,
    });
  });
});

describe('facts: records written before `position`', () => {
  /** A record as the engine wrote it before: no `position`, its id the hash of the rest. */
  const before = (entryId: string, value: string, at = AT): StatedFactRecord =>
    withId<StatedFactRecord>({
      type: 'stated',
      at,
      origin: 'rules',
      kind: 'state',
      attribute: 'city',
      value,
      text: vocab.sentence('city', value),
      quote: `I live in ${value}`,
      source: { sessionId: 's', entryId },
    });

  it('are read back as they are, and ordered by time, then by id as before', () => {
    const a = before('e1', 'Lyon');
    const b = before('e1', 'Berlin');
    expect(checkRecord(JSON.parse(JSON.stringify(a)), 'record')).toEqual(a);
    expect('position' in checkRecord(a, 'record')).toBe(false);
    const later = a.id < b.id ? 'Berlin' : 'Lyon';
    expect(currentCity([a, b])).toEqual([later]);
    expect(currentCity([b, a])).toEqual([later]);
    // A newer record of a later turn still supersedes them.
    const turn: FactTurn = {
      sessionId: 's',
      entryId: 'e2',
      text: 'I live in Oslo',
      timestamp: '2026-05-01T10:00:00.000Z',
    };
    expect(currentCity([a, b, statedRecord(turn, city('Oslo', 'I live in Oslo'), 'rules', 0)])).toEqual(['Oslo']);
  });

  it('a record with the same turn and time comes after them, so the newer reading of the turn holds', () => {
    const old = before('e1', 'Lyon');
    const turn: FactTurn = { sessionId: 's', entryId: 'e1', text: 'I live in Berlin', timestamp: AT };
    const now = statedRecord(turn, city('Berlin', 'I live in Berlin'), 'model', 0);
    expect(currentCity([now, old])).toEqual(['Berlin']);
  });

  it('a position that is not a non-negative integer is refused, naming the field', () => {
    const turn: FactTurn = { sessionId: 's', entryId: 'e1', text: 'I live in Oslo', timestamp: AT };
    const good = statedRecord(turn, city('Oslo', 'I live in Oslo'), 'rules', 0);
    for (const position of [-1, 1.5, '3', null]) {
      const { id: _, ...body } = { ...good, position };
      const bad = withId(body as never);
      expect(() => checkRecord(bad, 'record')).toThrow(/record\.position.*non-negative integer/su);
    }
  });
});

describe('facts: same-turn order through a memory, an export and an import', () => {
  /**
   * A model that reads "<City> was home … now it's <City>" and lists the later city first, each
   * with its own quote (`[n] (date) text` per turn in the prompt).
   */
  const model = async (prompt: string): Promise<string> => {
    const facts = [...prompt.matchAll(/^\[(\d+)\] \([^)]*\) (.*)$/gmu)].flatMap((m) => {
      const said = /^(\p{Lu}\p{L}+) was home for years, now it's (\p{Lu}\p{L}+)\.$/u.exec(m[2]!);
      if (!said) return [];
      const turn = Number(m[1]);
      return [
        { turn, attribute: 'city', value: said[2], kind: 'state', quote: `now it's ${said[2]}` },
        { turn, attribute: 'city', value: said[1], kind: 'state', quote: `${said[1]} was home for years` },
      ];
    });
    return JSON.stringify({ facts });
  };
  const open = () =>
    createMemory({
      store: 'memory',
      tokenizer: { count: (t) => Math.ceil(t.length / 4) },
      facts: { extract: 'model' },
      summarizer: model,
      config: { autoCompress: false },
    });

  it('holds the later value of the turn in every memory, and an export imports to the same facts', async () => {
    const opened: Memory[] = [];
    try {
      for (let i = 0; i < 6; i++) {
        const m = await open();
        opened.push(m);
        await m.addUserMessage('s', "Quito was home for years, now it's Lima.");
        await m.idle();
        const current = (await m.listFacts({ attribute: 'city' })).map((f) => f.value);
        expect(current).toEqual(['Lima']);
        const exported = await m.exportFacts();
        const model = exported.records.filter((r) => r.type === 'stated' && r.origin === 'model');
        expect(model.length).toBeGreaterThanOrEqual(2);
        expect(model.every((r) => r.type === 'stated' && typeof r.position === 'number')).toBe(true);
        const copy = await createMemory({ store: 'memory', facts: {} });
        opened.push(copy);
        await copy.importFacts(JSON.parse(JSON.stringify(exported)));
        expect(await copy.listFacts({ history: true })).toEqual(await m.listFacts({ history: true }));
      }
    } finally {
      await Promise.all(opened.map((m) => m.close()));
    }
  });
});
