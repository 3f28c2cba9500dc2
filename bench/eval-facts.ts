/**
 * Facts about the user, evaluated (`npm run eval:facts`); writes its tables into docs/facts.md.
 * Sections, each a function returning Markdown (run one with `--only NAME`):
 * - `facts-updates`: the knowledge-update suite (test/support/facts/): changes in many
 *   phrasings, dev and held-out, and distractors. Through `createMemory({ facts })` when the
 *   engine has `listFacts`, else through the rule extractor and the suite's reconciliation.
 * - `facts-locomo`: the rule extractor on LoCoMo's per-session observations.
 * - `facts-cost`: the extractor's cost per turn beside an add's, in the same run.
 * LoCoMo questions answered with and without facts in the context are `npm run
 * eval:facts-context`'s (bench/eval-facts-context.ts), written into the same guide.
 * Data: ../shared/data/locomo beside the repository, or LOCOMO_DIR. Asserts nothing.
 * @module
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeDocTable } from './lib/doc-table.js';
import { costTable } from './lib/facts-cost.js';
import { locomoObservationTables } from './lib/facts-locomo.js';
import { knowledgeUpdateTables, memoryRunner, rulesRunner } from './lib/facts-updates.js';
import { readConversations } from './lib/locomo-data.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The guide the tables are written into. */
export const FACTS_DOC = join(ROOT, 'docs/facts.md');
const DATA_DIR =
  process.env.LOCOMO_DIR ??
  [resolve(ROOT, '../shared/data/locomo'), resolve(ROOT, '../../shared/data/locomo')].find((d) => existsSync(d)) ??
  resolve(ROOT, '../shared/data/locomo');

/** One section of the evaluation: its doc region name and how to make its Markdown. */
export interface FactsSection {
  name: string;
  run(): Promise<string>;
}

const hasLocomo = (): boolean => existsSync(DATA_DIR) && readdirSync(DATA_DIR).some((f) => /^conv-.*\.json$/u.test(f));

/** Every section, in the order the guide shows them. */
export const SECTIONS: FactsSection[] = [
  {
    name: 'facts-updates',
    run: async () => {
      const runner = (await memoryRunner()) ?? rulesRunner;
      const { markdown, failures } = await knowledgeUpdateTables(runner);
      if (failures.length > 0) console.log(`Failed scenarios (${failures.length}):\n  ${failures.join('\n  ')}\n`);
      return markdown;
    },
  },
  {
    name: 'facts-locomo',
    run: async () => {
      if (!hasLocomo()) return `No LoCoMo data in ${DATA_DIR}: skipped.`;
      const { markdown, sample } = locomoObservationTables(DATA_DIR);
      console.log(`A sample of extracted facts, to judge by eye:\n  ${sample.join('\n  ')}\n`);
      return markdown;
    },
  },
  {
    name: 'facts-cost',
    run: async () => {
      if (!hasLocomo()) return `No LoCoMo data in ${DATA_DIR}: skipped.`;
      const texts = readConversations(DATA_DIR).flatMap((c) => c.sessions.flatMap((s) => s.turns.map((t) => t.text)));
      return costTable(texts);
    },
  },
];

async function main(argv: readonly string[]): Promise<void> {
  const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
  for (const section of SECTIONS.filter((s) => !only || s.name === only)) {
    console.log(`## ${section.name}\n`);
    const markdown = await section.run();
    console.log(`${markdown}\n`);
    writeDocTable(FACTS_DOC, section.name, markdown, { command: 'npm run eval:facts' });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
