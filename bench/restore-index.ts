/**
 * CPU time of restoring a stored recall index (#35), this source against another copy of it
 * (`RESTORE_BASE`, a directory holding a `src/`, e.g. `git archive main src | tar -x -C scratch/base`),
 * interleaved round by round in one process: a 1,000-turn chat's index (its aux values) is loaded
 * by `loadRecallIndex` and searched once, the first search of the loaded index. Prints the medians
 * of CPU time per side and the median of the per-round ratios; asserts nothing.
 *
 * Run: `npx tsx bench/restore-index.ts` (RESTORE_ROUNDS, default 400; RESTORE_TURNS, default 1000).
 * @module
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as recall from 'recallkit/recall';
import { loadConversations } from './eval-locomo.js';
import { median } from './lib/stats.js';

const ROUNDS = Number(process.env['RESTORE_ROUNDS'] ?? 400);
const TURNS = Number(process.env['RESTORE_TURNS'] ?? 1000);
const BASE = process.env['RESTORE_BASE'];
type Module = Pick<typeof recall, 'createRecallIndex' | 'loadRecallIndex'>;
const sides: [string, Module][] = [['this', recall]];
if (BASE) {
  // The same entry (`recallkit/recall`) in the other copy.
  const url = pathToFileURL(resolve(BASE, 'src', 'recall', 'index.ts')).href;
  sides.push(['base', (await import(url)) as Module]);
}
const convs = loadConversations();
const docs = convs.flatMap((c) => c.docs).slice(0, TURNS);
const questions = convs.flatMap((c) => c.questions).map((q) => q.question);
const built = sides[0]![1].createRecallIndex();
for (const d of docs)
  built.add({
    id: crypto.randomUUID(),
    text: d.text,
    ...(d.speaker === undefined ? {} : { speaker: d.speaker }),
    ...(d.timestamp === undefined ? {} : { timestamp: d.timestamp }),
  });
// As a store returns them: parsed from their text.
const texts = new Map(Object.entries(built.toAux()).map(([k, v]) => [k, JSON.stringify(v)]));
const chars = [...texts.values()].reduce((n, t) => n + t.length, 0);

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const load = sides.map(() => [] as number[]);
const search = sides.map(() => [] as number[]);
for (let r = 0; r < ROUNDS; r++) {
  const q = questions[r % questions.length]!;
  const order = r % 2 === 0 ? sides.map((_, i) => i) : sides.map((_, i) => i).reverse();
  for (const i of order) {
    const values = new Map([...texts].map(([k, v]) => [k, JSON.parse(v) as unknown]));
    let t = cpu();
    const index = await sides[i]![1].loadRecallIndex(async (k) => values.get(k));
    load[i]!.push(cpu() - t);
    t = cpu();
    index!.search(q, { topK: 10 });
    search[i]!.push(cpu() - t);
  }
}
const warm = Math.floor(ROUNDS / 4); // the first rounds compile the code
const f = (xs: number[]) => `${median(xs.slice(warm)).toFixed(3)} ms`;
console.log(`${TURNS} turns, index ${chars} chars; CPU medians after ${warm} rounds:`);
for (const [i, [name]] of sides.entries())
  console.log(`  ${name}: loadRecallIndex ${f(load[i]!)}, first search ${f(search[i]!)}`);
if (sides.length === 2) {
  const ratio = load[0]!.slice(warm).map((x, r) => x / load[1]![r + warm]!);
  console.log(`  this / base, loadRecallIndex: median of per-round ratios ${median(ratio).toFixed(3)}`);
}
