/**
 * What the model sees (`npm run eval:context`): on the LoCoMo conversations, how often the
 * context `getContextForLLM` returns holds the gold answer (every content word of it, see
 * bench/lib/coverage.ts) and the evidence turns (verbatim), at 1k, 2k, 4k and 8k tokens, for
 * every profile with and without recall, in one chat and across chats; beside the full history
 * and a naive splice of `recall()` hits made by hand. Prints tables; asserts nothing.
 *
 * How a question is asked:
 * - One chat: the whole conversation is one session; the question is passed as the per-call
 *   `query` and NOT added to the session. Adding it would (a) put the question's own words in
 *   the context, crediting answers that merely repeat the question, and (b) leave every earlier
 *   question in the session (or force a re-ingest per question). The newest user message of the
 *   session (the conversation's last user turn) must be in the context: column "newest user in".
 * - Across chats: each LoCoMo session is its own chat (`session-N`); the question is the first
 *   message of a new chat (`question-i`, dated a day after the last session), recall uses
 *   `scope: 'all'` and the default query (the newest user message); the chat is cleared after each
 *   question. The question's own message is left out of the text scored.
 * Budgets: a profile with a token budget (`max_tokens`, `summary_buffer`) gets the budget in its
 * profile; the others get the per-call `maxTokens` cap. With recall, half the budget is recall's.
 *
 * Flags: `--quick` (conv-26 and conv-30, 2k only), `--json out.json`, `--convs 26,43`,
 * `--profiles truncation,rolling` (names containing these), `--budgets 2000,4000`,
 * `--mode one|across`, `--embedder use-lite` (the run again with USE-lite through
 * `createMemory({ embedder })`, vectors cached under bench/.cache: lexical beside hybrid). Data: ../shared/data/locomo or LOCOMO_DIR.
 * Parameters are tuned on conversations 26, 30, 41, 42; 43, 44, 47, 48 are held out (marked *).
 * @module
 */
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTiktoken } from 'recallkit/tokens';
import { detectFeatures, useEmbedder } from './lib/eval-engine.js';
import { useLiteEmbedder } from './lib/use-lite.js';
import { evidencePct, total, type Scoreboard } from './lib/eval-scores.js';
import { markdownTable } from './lib/table.js';
import { PROFILES } from './lib/eval-profiles.js';
import { categoryTable, compactTable, fullTable, splitTable, toJson } from './lib/eval-report.js';
import { runEvaluation, type EvalMode } from './lib/eval-run.js';
import { readConversations } from './lib/locomo-data.js';
import { machineHeader } from './lib/machine.js';
import { capturePrinted, PERFORMANCE_DOC, writeDocTable } from './lib/doc-table.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** LOCOMO_DIR, else ../shared/data/locomo beside the repository (or beside its worktree folder). */
const DATA_DIR =
  process.env.LOCOMO_DIR ??
  [resolve(ROOT, '../shared/data/locomo'), resolve(ROOT, '../../shared/data/locomo')].find((d) => existsSync(d)) ??
  resolve(ROOT, '../shared/data/locomo');
/** Conversations the engine may be tuned on; the others are held out. */
const TRAIN = ['conv-26', 'conv-30', 'conv-41', 'conv-42'];
const QUICK = ['conv-26', 'conv-30'];

interface Args {
  quick: boolean;
  json?: string;
  convs?: string[];
  profiles?: string[];
  budgets: number[];
  budgetsGiven?: boolean;
  modes: EvalMode[];
  embedder?: 'use-lite';
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { quick: false, budgets: [1000, 2000, 4000, 8000], modes: ['one chat', 'across chats'] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a}: expected a value after it`);
      return v;
    };
    if (a === '--quick') args.quick = true;
    else if (a === '--json') args.json = value();
    else if (a === '--convs')
      args.convs = value()
        .split(',')
        .map((c) => (c.startsWith('conv-') ? c : `conv-${c}`));
    else if (a === '--profiles') args.profiles = value().toLowerCase().split(',');
    else if (a === '--budgets') {
      args.budgets = value().split(',').map(Number);
      args.budgetsGiven = true;
    } else if (a === '--mode') args.modes = value() === 'one' ? ['one chat'] : ['across chats'];
    else if (a === '--embedder') {
      const name = value();
      if (name !== 'use-lite') throw new Error(`--embedder: expected use-lite, got ${name}`);
      args.embedder = name;
    } else
      throw new Error(
        `unknown flag ${a}: expected --quick, --json FILE, --convs 26,30, --profiles truncation,rolling, --budgets 2000,4000, --mode one|across`,
      );
  }
  if (args.quick) {
    args.convs ??= QUICK;
    if (!args.budgetsGiven) args.budgets = [2000];
  }
  if (args.budgets.some((b) => !Number.isInteger(b) || b < 100))
    throw new Error(`--budgets: expected integers ≥ 100, got ${args.budgets.join(',')}`);
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(DATA_DIR)) {
    console.log(`LoCoMo data not found at ${DATA_DIR} (set LOCOMO_DIR): evaluation skipped.`);
    return;
  }
  const convs = readConversations(DATA_DIR).filter((c) => !args.convs || args.convs.includes(c.name));
  const features = await detectFeatures();
  const counter = await loadTiktoken('o200k_base');
  const started = performance.now();
  const board = await runEvaluation({
    convs,
    budgets: args.budgets,
    profiles: PROFILES.filter((p) => !args.profiles || args.profiles.some((w) => p.name.toLowerCase().includes(w))),
    modes: args.modes,
    features,
    counter,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  let hybrid: Scoreboard | undefined;
  if (args.embedder) {
    const embedder = useLiteEmbedder();
    useEmbedder(embedder);
    hybrid = await runEvaluation({
      convs,
      budgets: args.budgets,
      profiles: PROFILES.filter((p) => !args.profiles || args.profiles.some((w) => p.name.toLowerCase().includes(w))),
      modes: args.modes,
      features,
      counter,
      log: (line) => process.stderr.write(`hybrid ${line}\n`),
    });
    useEmbedder(undefined);
    embedder.save();
  }
  counter.free();
  const seconds = (performance.now() - started) / 1000;
  const questions = convs.reduce((s, c) => s + c.questions.length, 0);
  const missing = Object.entries(features)
    .filter(([, v]) => !v)
    .map(([k]) => k);

  console.log(
    `# Context quality: what the model sees (LoCoMo, ${convs.length} conversations, ${questions} questions of categories 1–4)\n`,
  );
  console.log(machineHeader());
  console.log(
    `Engine features: ${Object.entries(features)
      .map(([k, v]) => `${k} ${v ? 'yes' : 'NOT SUPPORTED'}`)
      .join(', ')}.`,
  );
  if (missing.length)
    console.log(
      `Fallbacks: ${[
        !features.timestamp ? 'dates go in metadata.session_date (no { timestamp })' : '',
        !features.maxTokens
          ? 'no per-call maxTokens: profiles without a budget return what they keep (over-budget rows flagged)'
          : '',
        !features.contextRecall ? 'no recall in the context: "with recall" rows are not measured' : '',
        !features.scopeAll ? 'no scope "all": across chats, recall finds nothing' : '',
      ]
        .filter(Boolean)
        .join('; ')}.`,
    );
  console.log(
    `Answer: every content word of the gold answer is in the context text. Evidence: mean share of a question's evidence turns found verbatim. Run time ${seconds.toFixed(0)} s.\n`,
  );
  for (const mode of args.modes) {
    console.log(`## ${mode}\n\n${fullTable(board, mode)}\n`);
  }
  for (const mode of args.modes) {
    console.log(
      `## README table, ${mode}: answer coverage (evidence coverage)\n\n${compactTable(board, mode, args.budgets)}\n`,
    );
  }
  const focus = args.budgets.includes(2000) ? 2000 : args.budgets[0]!;
  console.log(
    `## Answer coverage per category at ${focus / 1000}k\n\n${categoryTable(board, focus, ['yes', 'splice', 'no'])}\n`,
  );
  console.log(
    `## Answer coverage per conversation at ${focus / 1000}k (* held out: not to tune on)\n\n${splitTable(
      board,
      focus,
      convs.map((c) => c.name),
      TRAIN,
    )}\n`,
  );
  if (hybrid)
    console.log(
      `${hybridTables(
        board,
        hybrid,
        args.budgets,
        convs.map((c) => c.name),
      )}\n`,
    );
  if (args.json) {
    writeFileSync(
      args.json,
      `${JSON.stringify({ features, budgets: args.budgets, conversations: convs.map((c) => c.name), seconds, rows: toJson(board) }, null, 1)}\n`,
    );
    console.log(`Wrote ${args.json}.`);
  }
}

const CATEGORIES: Record<number, string> = { 1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop' };

/** Evidence in the context with recall, per category and split: lexical beside hybrid (USE-lite). */
function hybridTables(lexical: Scoreboard, hybrid: Scoreboard, budgets: readonly number[], names: string[]): string {
  const out: string[] = [];
  const splits: [string, string[]][] = [
    ['tuned on (26 30 41 42)', names.filter((n) => TRAIN.includes(n))],
    ['held out', names.filter((n) => !TRAIN.includes(n))],
    ['all', names],
  ];
  const pct = (share: number, n: number): string => (n ? `${((100 * share) / n).toFixed(1)}%` : 'n/a');
  for (const [label, convs] of splits) {
    if (!convs.length) continue;
    const rows: string[][] = [];
    for (const row of lexical.rows.values()) {
      if (row.recall !== 'yes' || !budgets.includes(row.budget)) continue;
      const other = hybrid.get(row.mode, row.method, row.budget, 'yes');
      if (!other) continue;
      const l = total(row, convs);
      const h = total(other, convs);
      const cells = Object.keys(CATEGORIES).flatMap((c) => {
        const [la, ln] = l.evidenceCategories[Number(c)] ?? [0, 0];
        const [ha, hn] = h.evidenceCategories[Number(c)] ?? [0, 0];
        return [`${pct(la, ln)} → ${pct(ha, hn)}`];
      });
      rows.push([
        row.mode,
        row.method,
        String(row.budget),
        ...cells,
        `${evidencePct(l).toFixed(1)}% → ${evidencePct(h).toFixed(1)}%`,
      ]);
    }
    out.push(
      `## Evidence turns in the context with recall, lexical → hybrid (USE-lite), ${label}\n\n${markdownTable(
        [
          { header: 'mode' },
          { header: 'method' },
          { header: 'budget' },
          ...Object.entries(CATEGORIES).map(([c, n]) => ({ header: `${c} ${n}`, align: 'right' as const })),
          { header: 'all', align: 'right' },
        ],
        rows,
      )}`,
    );
  }
  return out.join('\n\n');
}

capturePrinted(main)
  .then((table) => {
    // docs/performance.md shows full runs only (a --quick run covers two conversations).
    if (process.argv.includes('--quick')) return;
    const flags = process.argv.slice(2).join(' ');
    writeDocTable(PERFORMANCE_DOC, 'eval-context', table, {
      command: `npm run eval:context${flags ? ` -- ${flags}` : ''}`,
    });
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
