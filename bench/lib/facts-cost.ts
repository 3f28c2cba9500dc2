/**
 * What the rule extractor costs per turn, beside what an add costs in the same run: the same
 * LoCoMo turns, each added with `createMemory().addUserMessage` (memory store, default
 * tokenizer) and read by `extractFactsRules`, interleaved so both see the same machine. Each is
 * timed `REPEATS` times per turn and the least kept: on a shared machine one timing of a
 * 0.1 ms call measures the machine's other work more than the call. Also the cost of the
 * largest turns: one at the read limit, and one of 1,000,000 characters.
 * @module
 */
import { createMemory } from 'recallkit';
import { extractFactsRules, MAX_TURN_CHARS, type FactTurn } from '../../src/facts/index.js';
import { latencyOf } from './stats.js';
import { fmt, markdownTable } from './table.js';

/** Timings per turn; the least is kept. */
const REPEATS = 3;

const turn = (text: string, i: number): FactTurn => ({
  sessionId: 'cost',
  entryId: `t${i}`,
  text,
  timestamp: '2024-06-01T12:00:00Z',
});

function timeExtract(text: string, i: number): number {
  const start = performance.now();
  extractFactsRules(turn(text, i));
  return performance.now() - start;
}

/** The cost table (Markdown) over `texts` (user turns), `rounds` times each. */
export async function costTable(texts: readonly string[], rounds = 2): Promise<string> {
  const memory = await createMemory({ store: 'memory' });
  const add: number[] = [];
  const extract: number[] = [];
  try {
    // Warm-up: the tokenizer, the regular expressions, the JIT.
    for (let i = 0; i < Math.min(200, texts.length); i++) {
      await memory.addUserMessage('warmup', texts[i]!);
      timeExtract(texts[i]!, i);
    }
    let n = 0;
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < texts.length; i++) {
        // A chat of its own every 50 adds: no compression is triggered, the add is measured alone.
        const session = `cost-${Math.floor(n++ / 50)}`;
        let addBest = Infinity;
        let extractBest = Infinity;
        for (let k = 0; k < REPEATS; k++) {
          const start = performance.now();
          await memory.addUserMessage(`${session}-${k}`, texts[i]!);
          addBest = Math.min(addBest, performance.now() - start);
          extractBest = Math.min(extractBest, timeExtract(texts[i]!, i));
        }
        add.push(addBest);
        extract.push(extractBest);
      }
    }
  } finally {
    await memory.close();
  }
  const a = latencyOf(add);
  const x = latencyOf(extract);
  const atLimit = texts.join(' ').slice(0, MAX_TURN_CHARS);
  const huge = texts
    .join(' ')
    .repeat(Math.ceil(1_000_000 / Math.max(1, texts.join(' ').length)))
    .slice(0, 1_000_000);
  const limitRuns = Array.from({ length: 5 }, () => timeExtract(atLimit, 0));
  const hugeRun = timeExtract(huge, 0);
  const ms = (v: number) => fmt(v, 3);
  return [
    `${fmt(texts.length)} LoCoMo turns × ${rounds} rounds; ms per turn, the least of ${REPEATS} timings; the two interleaved.`,
    '',
    markdownTable(
      [{ header: 'per turn' }, { header: 'p50 ms', align: 'right' }, { header: 'p95 ms', align: 'right' }],
      [
        ['`addUserMessage` (memory store)', ms(a.median), ms(a.p95)],
        ['`extractFactsRules`', ms(x.median), ms(x.p95)],
        ['extraction ÷ add', fmt(x.median / a.median, 2), fmt(x.p95 / a.p95, 2)],
      ],
    ),
    '',
    markdownTable(
      [{ header: 'one large turn' }, { header: 'ms', align: 'right' }],
      [
        [`${fmt(MAX_TURN_CHARS)} characters (the read limit), median of 5`, ms(latencyOf(limitRuns).median)],
        ['1,000,000 characters (read up to the limit)', ms(hugeRun)],
      ],
    ),
  ].join('\n');
}
