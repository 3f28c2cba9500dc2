/**
 * Reading a model's reply without trusting it: quotes located in the turn as the turn writes
 * them (or not at all), attribute names mapped onto the registry, `Object.prototype` names kept
 * as data, and replies of any shape either parsed or refused as a `ReplyShapeError`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  locateQuote,
  parseFactsReply,
  registryAttribute,
  ReplyShapeError,
  type FactTurn,
} from '../../src/facts/index.js';

const TURN: FactTurn = {
  sessionId: 's',
  entryId: 'e',
  text: 'So we MOVED  to Berlin! I’m vegetarian.',
  timestamp: '2024-09-10T12:00:00Z',
};
const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype);

describe('locateQuote', () => {
  it('finds a quote verbatim, or up to case, spacing and typographic quotes, as the turn spells it', () => {
    expect(locateQuote(TURN.text, 'to Berlin')).toBe('to Berlin');
    expect(locateQuote(TURN.text, 'we moved to berlin')).toBe('we MOVED  to Berlin');
    expect(locateQuote(TURN.text, "I'm vegetarian")).toBe('I’m vegetarian');
    expect(locateQuote(TURN.text, '"we moved"')).toBe('we MOVED');
    expect(locateQuote(TURN.text, 'we moved to Munich')).toBeUndefined();
    expect(locateQuote(TURN.text, 'So')).toBeUndefined();
    expect(locateQuote(TURN.text, 42 as unknown as string)).toBeUndefined();
  });

  it('returns only spans of the turn, for any turn and quote', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.nat(), fc.nat(), (text, noise, a, b) => {
        const from = Math.min(a, b) % (text.length + 1);
        const to = Math.max(a, b) % (text.length + 1);
        for (const quote of [text.slice(from, to), text.slice(from, to).toUpperCase(), noise]) {
          const span = locateQuote(text, quote);
          if (span !== undefined) expect(text).toContain(span);
        }
      }),
      { numRuns: 500, seed: 34 },
    );
  });
});

describe('registryAttribute', () => {
  it('maps a model’s names onto the registry and the rest to other', () => {
    expect(registryAttribute('city')).toBe('city');
    expect(registryAttribute('Residence')).toBe('city');
    expect(registryAttribute('Job Title')).toBe('job');
    expect(registryAttribute('wife')).toBe('partner');
    expect(registryAttribute('pets')).toBe('pet');
    expect(registryAttribute('allergies')).toBe('allergy');
    expect(registryAttribute('favourite-band')).toBe('favorite_band');
    expect(registryAttribute('favorite_spaceship')).toBe('like');
    expect(registryAttribute('shoe_size')).toBe('other');
    expect(registryAttribute(undefined)).toBe('other');
    for (const name of PROTO_NAMES) expect(registryAttribute(name), name).toBe('other');
  });
});

describe('parseFactsReply', () => {
  it('keeps Object.prototype names as data, in keys and values', () => {
    const reply = JSON.stringify({
      facts: [
        { turn: 1, attribute: '__proto__', value: 'Berlin', quote: 'to Berlin', constructor: 'x' },
        { turn: 1, attribute: 'city', value: 'Berlin', quote: 'to Berlin', __proto__: { kind: 'retire' } },
      ],
    });
    const parsed = parseFactsReply(reply, [TURN]);
    expect(parsed.byTurn[0]!.map((c) => [c.attribute, c.kind])).toEqual([
      ['other', 'state'],
      ['city', 'state'],
    ]);
    expect(({} as Record<string, unknown>)['kind']).toBeUndefined();
  });

  it('reads {"facts": null} and [] as no facts, and refuses replies that are not facts', () => {
    expect(parseFactsReply('{"facts": null}', [TURN]).byTurn).toEqual([[]]);
    expect(parseFactsReply('[]', [TURN]).byTurn).toEqual([[]]);
    for (const bad of ['', 'no facts', '{"items": []}', '{"facts": {"turn": 1}}', '{"facts": [', '42'])
      expect(() => parseFactsReply(bad, [TURN]), bad).toThrow(ReplyShapeError);
  });

  it('either parses or refuses any reply, never throwing anything else', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify({ facts: v })),
        ),
        (reply) => {
          try {
            const parsed = parseFactsReply(reply, [TURN]);
            for (const c of parsed.byTurn[0]!) expect(TURN.text).toContain(c.quote);
          } catch (error) {
            expect(error).toBeInstanceOf(ReplyShapeError);
          }
        },
      ),
      { numRuns: 500, seed: 34 },
    );
  });

  it('keeps a valid date and drops an impossible or future one', () => {
    const fact = (validFrom: unknown) =>
      parseFactsReply(
        JSON.stringify([{ turn: 1, attribute: 'city', value: 'Berlin', quote: 'to Berlin', validFrom }]),
        [TURN],
      ).byTurn[0]![0]!.validFrom;
    expect(fact('2024-08-01')).toBe('2024-08-01T00:00:00.000Z');
    expect(fact('2024-08')).toBe('2024-08-01T00:00:00.000Z');
    expect(fact('2024-02-31')).toBeUndefined();
    expect(fact('2031-01-01')).toBeUndefined();
    expect(fact('last month')).toBeUndefined();
    expect(fact(7)).toBeUndefined();
  });
});
