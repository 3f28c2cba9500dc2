import { describe, expect, it } from 'vitest';
import { createRecallIndex, loadRecallIndex } from '../../src/recall/recall-index.js';
import type { RecallDoc, RecallIndex } from '../../src/recall/recall-index.js';
import { decodeTimes, encodeTimes } from '../../src/recall/lexical/segment-times.js';

const DOCS: RecallDoc[] = [
  { id: 'a1', text: 'I painted a sunrise over the lake', speaker: 'Melanie', timestamp: '2023-05-08T13:56:00Z' },
  {
    id: 'a2',
    text: 'Lovely! Where did you learn watercolor painting?',
    speaker: 'Caroline',
    timestamp: '2023-05-08T13:57:30Z',
  },
  {
    id: 'a3',
    text: 'A class at the community centre, last spring',
    speaker: 'Melanie',
    timestamp: '2023-05-08T13:58:00Z',
  },
  { id: 'a4', text: 'We went camping with the kids in July', speaker: 'Melanie' },
  {
    id: 'a5',
    text: 'The kids loved roasting marshmallows by the fire',
    speaker: 'Melanie',
    timestamp: '2023-07-20T09:00:00Z',
  },
];

/** What the previous release (segment format 2) wrote for DOCS with `segmentSize: 2`, then `a3` removed. */
const FORMAT_2: Record<string, unknown> = JSON.parse(
  '{"recall:manifest":{"format":2,"analyzer":4,"segmentSize":2,"segments":3},"recall:seg:0":{"format":2,"first":0,"termStart":0,"terms":["paint","sunri","lake","melan","may","2023","2023-05","05-08","2023-05-08","love","learn","water","carol"],"ids":["a1","a2"],"times":[1683554160000,1683554250000],"packed":"ADBFJABDBDBEBEBDBDBDBDBAEBFKABOBDBDBDBDBBBDBDBEB"},"recall:seg:1":{"format":2,"first":2,"termStart":13,"terms":["class","commu","centr","last","sprin","go","camp","kid","july"],"ids":[null,"a4"],"times":[null,null],"packed":"AEBAFKBsBBDBDBDB"},"recall:seg:2":{"format":2,"first":4,"termStart":22,"terms":["roast","marsh","fire","2023-07","07-20","2023-07-20"],"ids":["a5"],"times":[1689843600000],"packed":"AFBFLKBHBKBhBBFBBBDBDBFBDBDB"}}',
);

const QUESTIONS = ['Where did Melanie learn painting?', 'camping with the kids', 'What happened in July 2023?', 'fire'];

function built(): RecallIndex {
  const index = createRecallIndex({ segmentSize: 2 });
  for (const doc of DOCS) index.add(doc);
  index.remove('a3');
  return index;
}

const results = (index: RecallIndex) => QUESTIONS.map((q) => index.search(q, { topK: 5 }));

describe('recall index formats', () => {
  it('reads an index the previous format wrote, with the results and times of one built now', async () => {
    const loaded = (await loadRecallIndex(async (key) => structuredClone(FORMAT_2[key])))!;
    expect(loaded).toBeDefined();
    const fresh = built();
    expect(loaded.analyzed()).toEqual(fresh.analyzed());
    expect(results(loaded)).toEqual(results(fresh));
    expect(results(loaded)[0]!.length).toBeGreaterThan(0);
  });

  it('goes on from a previous-format index: new segments in the new format, both read back', async () => {
    const stored = new Map(Object.entries(structuredClone(FORMAT_2)));
    const loaded = (await loadRecallIndex(async (key) => structuredClone(stored.get(key)), { segmentSize: 2 }))!;
    const more: RecallDoc[] = [
      {
        id: 'b1',
        text: 'Back to the lake for another painting',
        speaker: 'Melanie',
        timestamp: '2023-06-01T10:00:00Z',
      },
      { id: 'b2', text: 'Fireworks over the lake in July', speaker: 'Caroline', timestamp: '2023-07-04T21:00:00Z' },
    ];
    for (const doc of more) loaded.add(doc);
    for (const [key, value] of Object.entries(loaded.flush())) stored.set(key, structuredClone(value));
    const formats = [...stored.values()].map((v) => (v as { format: number }).format);
    expect(formats).toContain(2);
    expect(formats).toContain(3);
    const reloaded = (await loadRecallIndex(async (key) => structuredClone(stored.get(key))))!;
    const fresh = built();
    for (const doc of more) fresh.add(doc);
    expect(reloaded.analyzed()).toEqual(fresh.analyzed());
    expect(results(reloaded)).toEqual(results(fresh));
  });

  it('writes times as digits and reads them back exactly', async () => {
    const aux = built().toAux();
    expect(aux['recall:manifest']).toMatchObject({ format: 3 });
    expect(typeof (aux['recall:seg:0'] as { times: unknown }).times).toBe('string');
    const times = [1683554160000, null, 1683554100000, -86_400_000, 0, null, 2 ** 46, -(2 ** 46)];
    const encoded = encodeTimes(times);
    expect(typeof encoded).toBe('string');
    const out = new Float64Array(times.length + 1);
    expect(decodeTimes(encoded, times.length, out, 1)).toBe(true);
    expect([...out.subarray(1)]).toEqual(times.map((t) => t ?? NaN));
    // Not whole milliseconds, or too far apart for the digits: kept as numbers.
    expect(encodeTimes([1.5, null])).toEqual([1.5, null]);
    expect(encodeTimes([-8.64e15, 8.64e15])).toEqual([-8.64e15, 8.64e15]);
    expect(decodeTimes([1.5, null], 2, out, 0)).toBe(true);
    expect([out[0], out[1]]).toEqual([1.5, NaN]);
  });

  it('refuses times of another count or garbled, so the index is rebuilt', async () => {
    const encoded = encodeTimes([1, 2, 3]) as string;
    const out = new Float64Array(4);
    expect(decodeTimes(encoded, 2, out, 0)).toBe(false);
    expect(decodeTimes(encoded, 4, out, 0)).toBe(false);
    expect(decodeTimes(`${encoded}!`, 3, out, 0)).toBe(false);
    expect(decodeTimes({}, 3, out, 0)).toBe(false);
    const aux = built().toAux();
    const garbled: Record<string, unknown> = {
      ...aux,
      'recall:seg:0': { ...(aux['recall:seg:0'] as object), times: 'A' },
    };
    expect(await loadRecallIndex(async (key) => structuredClone(garbled[key]))).toBeUndefined();
  });
});
