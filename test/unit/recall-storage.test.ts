import { describe, expect, it } from 'vitest';
import { createRecallIndex, loadRecallIndex } from '../../src/recall/recall-index.js';
import type { RecallDoc, RecallIndex } from '../../src/recall/recall-index.js';
import type { RankingOptions } from '../../src/recall/lexical/ranking.js';
import { createHead, encodeRecord, readHead, readTerms } from '../../src/recall/lexical/term-record.js';

const WORDS = ['apple', 'river', 'paint', 'music', 'garden', 'lisbon', 'guitar', 'pottery', 'marathon', 'tomato'];
/** No neighbours or episodes: scores depend on the live documents only, not on their ordinals. */
const ALONE: Partial<RankingOptions> = { previousWeight: 0, nextWeight: 0, episodeWeight: 0 };
const QUERIES = ['apple river', 'paint paint', 'item10 music', 'guitar pottery marathon', 'tomato'];

/** Documents with frequencies from 1 to 40, so some postings need a second word. */
function docAt(i: number): RecallDoc {
  const word = WORDS[i % WORDS.length] as string;
  const repeat = 1 + ((i * 13) % 40);
  return {
    id: `d${i}`,
    text: `${Array.from({ length: repeat }, () => word).join(' ')} ${WORDS[(i * 7) % WORDS.length]} item${i}`,
    speaker: i % 2 ? 'Ben' : 'Ana',
    timestamp: Date.UTC(2024, 2, 1 + (i % 28), 12),
  };
}

const results = (index: RecallIndex) => QUERIES.map((q) => index.search(q, { topK: 8, ranking: ALONE }));

describe('recall index storage', () => {
  it('encodes a record and reads it back', () => {
    const pairs = [3, 1, 40, 15, 1_000_000, 70_000];
    const record = encodeRecord(true, [12, 0, 3], pairs, 3);
    expect(record).toMatch(/^[A-Za-z0-9_-]+$/);
    const cursor = { text: record, pos: 0 };
    const head = createHead();
    expect(readHead(cursor, head)).toBe(true);
    expect(head).toEqual({ standalone: true, lengths: [12, 0, 3], count: 3 });
    const read: number[] = [];
    expect(readTerms(cursor, head.count, 2_000_000, read)).toBe(true);
    expect(read).toEqual(pairs);
    expect(cursor.pos).toBe(record.length);
    expect(readTerms({ text: record, pos: 0 }, 3, 100)).toBe(false);
  });

  it('scores high frequencies and compacted postings exactly like a fresh index', () => {
    const index = createRecallIndex();
    for (let i = 0; i < 1500; i++) index.add(docAt(i));
    for (let i = 0; i < 1500; i++) if (i % 4 !== 0) index.remove(`d${i}`);
    const fresh = createRecallIndex();
    for (let i = 0; i < 1500; i += 4) fresh.add(docAt(i));
    expect(results(index)).toEqual(results(fresh));
    expect(results(index)[1]!.length).toBeGreaterThan(0);
  });

  it('reloads high frequencies through JSON, and rebuilds an index of the old format', async () => {
    const index = createRecallIndex({ segmentSize: 16 });
    for (let i = 0; i < 100; i++) index.add(docAt(i));
    index.remove('d7');
    const aux = JSON.parse(JSON.stringify(index.toAux())) as Record<string, Record<string, unknown>>;
    const reloaded = await loadRecallIndex(async (k) => aux[k]);
    expect(reloaded?.size).toBe(99);
    expect(results(reloaded!)).toEqual(results(index));
    const old: Record<string, unknown> = { ...aux, 'recall:manifest': { ...aux['recall:manifest'], format: 1 } };
    expect(await loadRecallIndex(async (k) => old[k])).toBeUndefined();
    const truncated: Record<string, unknown> = {
      ...aux,
      'recall:seg:0': { ...aux['recall:seg:0'], packed: String(aux['recall:seg:0']!.packed).slice(0, -1) },
    };
    expect(await loadRecallIndex(async (k) => truncated[k])).toBeUndefined();
  });
});
