/**
 * How a large import's state is cut for the trip to the worker and put back there (#31): parts
 * of bounded entries and content, in order, the state put back exactly, a missing part refused.
 */
import { describe, expect, it } from 'vitest';
import { importAssembly, PART_CHARS, PART_ENTRIES, splitImport } from '../../src/worker/import-parts.js';

const entry = (i: number, content = `entry ${i}`) => ({ id: `e${i}`, role: 'user', content, seq: i });

describe('splitImport', () => {
  it('leaves a state of one part, or one that is no state, whole', () => {
    expect(splitImport({ sessionId: 's', entries: Array.from({ length: PART_ENTRIES }, (_, i) => entry(i)) })).toBe(
      undefined,
    );
    for (const odd of [undefined, null, 'state', [entry(0)], { sessionId: 's' }, { entries: 'many' }])
      expect(splitImport(odd)).toBeUndefined();
  });

  it('cuts entries into parts of at most PART_ENTRIES, in order, and puts them back exactly', () => {
    const entries = Array.from({ length: PART_ENTRIES * 3 + 1 }, (_, i) => entry(i));
    const state = { schemaVersion: 1, sessionId: 's', entries, summaries: [], totalTokens: 5 };
    const split = splitImport(state)!;
    expect(split.parts.map((p) => p.length)).toEqual([PART_ENTRIES, PART_ENTRIES, PART_ENTRIES, 1]);
    expect(split.head).toEqual({ ...state, entries: [] });
    expect(state.entries).toBe(entries); // the caller's state is not changed
    const assembly = importAssembly();
    for (const part of split.parts) assembly.add(7, structuredClone(part));
    expect(assembly.take(7, split.parts.length, structuredClone(split.head))).toEqual(state);
  });

  it('ends a part early when its content is long, and keeps an entry longer than a part whole', () => {
    const long = 'x'.repeat(PART_CHARS + 10);
    const entries = Array.from({ length: PART_ENTRIES + 10 }, (_, i) =>
      entry(i, i === 3 ? long : i < 100 ? 'y'.repeat(PART_CHARS / 50) : 'z'),
    );
    const split = splitImport({ sessionId: 's', entries })!;
    expect(split.parts.flat()).toEqual(entries);
    const chars = (part: unknown[]) =>
      part.reduce<number>((n, e) => n + 200 + (e as { content: string }).content.length, 0);
    for (const part of split.parts)
      if (part.length > 1) expect(chars(part)).toBeLessThanOrEqual(PART_CHARS);
      else expect(part.length).toBe(1);
    expect(split.parts.some((part) => part.length === 1 && (part[0] as { content: string }).content === long)).toBe(
      true,
    );
    expect(Math.max(...split.parts.map((p) => p.length))).toBeLessThanOrEqual(PART_ENTRIES);
  });

  it('refuses an import whose parts did not all arrive, and keeps nothing of it', () => {
    const assembly = importAssembly();
    assembly.add(1, [entry(0)]);
    expect(() => assembly.take(1, 2, { sessionId: 's', entries: [] })).toThrow(/1 of the 2 parts/);
    // Taken once: the parts are gone, whatever happened.
    expect(() => assembly.take(1, 1, { sessionId: 's', entries: [] })).toThrow(/0 of the 1 parts/);
    assembly.add(2, [entry(0)]);
    assembly.add(3, [entry(1)]);
    expect(assembly.take(3, 1, { entries: [] })).toEqual({ entries: [entry(1)] });
    expect(assembly.take(2, 1, { entries: [] })).toEqual({ entries: [entry(0)] });
  });
});
