/**
 * The knowledge-update suite of test/support/facts/ scored for `npm run eval:facts`: per
 * attribute and split, the share of change scenarios where the new value is current and the old
 * one is not, the distractor-only scenarios where nothing changed, and the share of distractor
 * turns read as a fact about the user. Scenarios run through a `FactsRunner`: the rule
 * extractor with the suite's small reconciliation, or a memory with `facts` on when the engine
 * has them (`listFacts`).
 * @module
 */
import { createMemory } from 'recallkit';
import { extractFactsRules } from '../../src/facts/index.js';
import { buildScenarios, distractorTurns } from '../../test/support/facts/build-scenarios.js';
import { reconcile, type HeldFact } from '../../test/support/facts/mini-reconcile.js';
import type { Split, UpdateScenario } from '../../test/support/facts/scenario-types.js';
import { scenarioFailures, scenarioTurns } from '../../test/support/facts/score.js';
import { statementTables } from './facts-statements.js';
import { markdownTable, share as pct } from './table.js';

/** Runs one scenario's turns and returns what is current at the end. */
export interface FactsRunner {
  name: string;
  run(scenario: UpdateScenario): Promise<HeldFact[]>;
  close?(): Promise<void>;
}

/** The rule extractor, candidates applied in order by the suite's small reconciliation. */
export const rulesRunner: FactsRunner = {
  name: 'rule extractor + the suite’s reconciliation',
  run: async (scenario) => reconcile(scenarioTurns(scenario).flatMap((t) => extractFactsRules(t))),
};

/** The slice of a memory with facts this runner uses (the fourth release's `listFacts`). */
interface MemoryWithFacts {
  addUserMessage(s: string, content: string, metadata?: undefined, options?: { timestamp?: string }): Promise<unknown>;
  idle(): Promise<void>;
  listFacts(options?: {
    attribute?: string;
  }): Promise<{ attribute?: string; value?: string; text: string; status: string }[]>;
  close(): Promise<void>;
}

/**
 * A memory with `facts` on, when this engine has them: each scenario in a fresh memory, its
 * turns added to chats of their own with their times, then `listFacts()` once `idle()`. Undefined
 * while the engine has no `listFacts`.
 */
export async function memoryRunner(): Promise<FactsRunner | undefined> {
  const open = () =>
    createMemory({ store: 'memory', facts: {} } as Parameters<
      typeof createMemory
    >[0]) as unknown as Promise<MemoryWithFacts>;
  let probe: MemoryWithFacts;
  try {
    probe = await open();
  } catch {
    return undefined; // an engine without `facts` refuses the option
  }
  const has = typeof probe.listFacts === 'function';
  await probe.close();
  if (!has) return undefined;
  return {
    name: 'createMemory({ facts }) (its own extraction and reconciliation)',
    run: async (scenario) => {
      const memory = await open();
      try {
        for (const turn of scenarioTurns(scenario))
          await memory.addUserMessage(turn.sessionId, turn.text, undefined, { timestamp: turn.timestamp });
        await memory.idle();
        return (await memory.listFacts())
          .filter((f) => f.status === 'current' && f.attribute !== undefined)
          .map((f) => ({ attribute: f.attribute!, value: f.value ?? f.text, text: f.text }));
      } finally {
        await memory.close();
      }
    },
  };
}

const SPLITS = [
  'dev',
  'holdout',
  'fresh',
  'unseen',
  'round10',
  'round11',
  'round12',
  'round13',
  'round14',
  'round15',
  'round16',
  'round17',
  'round18',
  'round19',
  'round20',
  'round21',
  'round22',
  'round23',
  'round24',
  'round25',
  'round26',
  'round27',
  'round28',
] as const;
/** Every split, a compile error when {@link SPLITS} leaves one out. */
const EVERY_SPLIT: [Exclude<Split, (typeof SPLITS)[number]>] extends [never] ? true : never = true;
void EVERY_SPLIT;
/** The first sets' names in the tables; from round 10 on, `roundN` is "round N". */
const FIRST_NAMES: Partial<Record<Split, string>> = { holdout: 'held out', fresh: 'round 8', unseen: 'round 9' };
const splitName = (split: Split): string => FIRST_NAMES[split] ?? split.replace(/^round(\d+)$/u, 'round $1');
const none = (): Record<Split, [number, number]> =>
  Object.fromEntries(SPLITS.map((split) => [split, [0, 0]])) as Record<Split, [number, number]>;

/** The suite's tables (Markdown) through `runner`, and the failures for the console. */
export async function knowledgeUpdateTables(runner: FactsRunner): Promise<{ markdown: string; failures: string[] }> {
  const scenarios = buildScenarios();
  const tally = new Map<string, Record<Split, [number, number]>>();
  const failures: string[] = [];
  const rows: string[][] = [];
  const distractors: Record<Split, [number, number]> = none();
  for (const scenario of scenarios) {
    const held = await runner.run(scenario);
    const failed = scenarioFailures(scenario.kind === 'distractor' ? { ...scenario, current: [] } : scenario, held);
    if (scenario.kind === 'distractor') {
      distractors[scenario.split][1]++;
      if (failed.length === 0) distractors[scenario.split][0]++;
      else failures.push(`${scenario.id}: ${failed.join('; ')}`);
      continue;
    }
    const t = tally.get(scenario.attribute) ?? none();
    t[scenario.split][1]++;
    if (failed.length === 0) t[scenario.split][0]++;
    else
      failures.push(
        `${scenario.id} (${scenario.split}): ${failed.join('; ')} ← ${JSON.stringify(scenario.turns.at(-1)!.text)}`,
      );
    tally.set(scenario.attribute, t);
  }
  const total: Record<Split, [number, number]> = none();
  for (const [attribute, t] of tally) {
    rows.push([attribute, ...SPLITS.flatMap((split) => [pct(...t[split]), String(t[split][1])])]);
    for (const split of SPLITS) {
      total[split][0] += t[split][0];
      total[split][1] += t[split][1];
    }
  }
  rows.push(['**all**', ...SPLITS.flatMap((split) => [pct(...total[split]), String(total[split][1])])]);
  const turns = distractorTurns();
  for (const t of turns.filter((t) => rulesStates(t.text)))
    failures.push(`distractor turn read (${t.split}): ${JSON.stringify(t.text)}`);
  const statements = await statementTables();
  failures.push(...statements.failures);
  const markdown = [
    `Through: ${runner.name}. A change scenario passes when every new value is current and every old one is not.`,
    '',
    markdownTable(
      [
        { header: 'attribute' },
        ...SPLITS.flatMap((split) => [
          { header: `${splitName(split)}: passed`, align: 'right' as const },
          { header: `${splitName(split)}: scenarios`, align: 'right' as const },
        ]),
      ],
      rows,
    ),
    '',
    markdownTable(
      [
        { header: 'distractors' },
        { header: 'set' },
        { header: 'result', align: 'right' },
        { header: 'of', align: 'right' },
      ],
      SPLITS.flatMap((split) => {
        const mine = turns.filter((t) => t.split === split);
        const stated = mine.filter((t) => rulesStates(t.text)).length;
        return [
          [
            'distractor-only scenarios where no distractor value became current',
            splitName(split),
            pct(...distractors[split]),
            String(distractors[split][1]),
          ],
          [
            'distractor turns read as a fact about the user (rule extractor)',
            splitName(split),
            pct(stated, mine.length),
            String(mine.length),
          ],
        ];
      }),
    ),
    '',
    statements.markdown,
  ].join('\n');
  return { markdown, failures };
}

function rulesStates(text: string): boolean {
  return extractFactsRules({ sessionId: 's', entryId: 'e', text, timestamp: '2024-06-01T00:00:00Z' }).some(
    (c) => c.kind === 'state',
  );
}
