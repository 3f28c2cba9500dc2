/**
 * Facts in what the model sees (`npm run eval:facts-context`): on the LoCoMo conversations, asked
 * across chats (each LoCoMo session its own chat, the question the first message of a new chat,
 * as `npm run eval:context` asks it), how often the 2,000-token context holds the gold answer and
 * the evidence turns, with and without recall (`scope: 'all'`, half the budget), for three kinds
 * of facts: none; extracted (`createMemory({ facts })`, the block's default 300 tokens inside the
 * budget); and speaker A's per-session observations of the LoCoMo authors given with `setFact`
 * (what the block does with facts known, whatever extracts them). Speaker A is the user: facts are
 * read from A's turns only, so the table splits the questions that name A.
 * Prints tables and writes them to docs/facts.md; asserts nothing.
 *
 * Flags: `--convs 26,30`, `--budget 2000`. Data: ../shared/data/locomo or LOCOMO_DIR.
 * @module
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMemory, type Memory } from 'recallkit';
import { answerCovered, evidenceFound, scoredText } from './lib/coverage.js';
import { readConversations, type LocomoConversation, type LocomoTurn } from './lib/locomo-data.js';
import { markdownTable } from './lib/table.js';
import { machineHeader } from './lib/machine.js';
import { capturePrinted, writeDocTable } from './lib/doc-table.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DATA_DIR =
  process.env.LOCOMO_DIR ??
  [resolve(ROOT, '../shared/data/locomo'), resolve(ROOT, '../../shared/data/locomo')].find((d) => existsSync(d)) ??
  resolve(ROOT, '../shared/data/locomo');
/** The guide this writes its table into, beside the extraction figures of `npm run eval:facts`. */
const DOC = join(ROOT, 'docs/facts.md');

interface Args {
  convs?: string[];
  budget: number;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { budget: 2000 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[++i];
    if (v === undefined) throw new Error(`${a}: expected a value after it`);
    if (a === '--convs') args.convs = v.split(',').map((c) => (c.startsWith('conv-') ? c : `conv-${c}`));
    else if (a === '--budget') args.budget = Number(v);
    else throw new Error(`unknown flag ${a}: expected --convs 26,30 or --budget 2000`);
  }
  if (!Number.isInteger(args.budget) || args.budget < 200) throw new Error('--budget: expected an integer ≥ 200');
  return args;
}

/** One row's tallies. */
interface Tally {
  questions: number;
  answerable: number;
  covered: number;
  evidenceKnown: number;
  evidenceFound: number;
  tokens: number;
  factTokens: number;
  /** The answer's content words are all in the facts block alone. */
  inFacts: number;
  overBudget: number;
}
const tally = (): Tally => ({
  questions: 0,
  answerable: 0,
  covered: 0,
  evidenceKnown: 0,
  evidenceFound: 0,
  tokens: 0,
  factTokens: 0,
  inFacts: 0,
  overBudget: 0,
});

async function ingest(memory: Memory, conv: LocomoConversation): Promise<void> {
  for (const s of conv.sessions)
    for (const t of s.turns) {
      const add = t.role === 'user' ? memory.addUserMessage : memory.addAssistantMessage;
      await add.call(memory, `session-${s.index}`, t.content, { dia_id: t.diaId }, { timestamp: t.timestamp });
    }
  await memory.idle();
}

/** The text scored: every message but the question's own. */
function contextText(messages: readonly { role: string; content: unknown }[], question: string): string {
  const parts = messages
    .filter((m) => !(m.role === 'user' && m.content === question))
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));
  return parts.join('\n');
}

/** The facts a run gives the memory. */
const VARIANTS = ['no facts', 'extracted', "A's observations (setFact)"] as const;
type Variant = (typeof VARIANTS)[number];
type Key = `${Variant} / ${'recall' | 'no recall'} / ${'A' | 'other'}`;

/** Speaker A's observations of every session (the LoCoMo authors' annotations), in session order. */
function observationsOfA(dir: string, conv: LocomoConversation, speakerA: string): string[] {
  const raw = JSON.parse(readFileSync(join(dir, `${conv.name}.json`), 'utf8')) as Record<string, unknown>;
  const c = (raw.conversation ?? raw) as Record<string, unknown>;
  const out: string[] = [];
  for (let n = 1; c[`session_${n}_date_time`] !== undefined; n++) {
    const o = c[`session_${n}_observation`] as Record<string, [string, string][]> | undefined;
    for (const [text] of o?.[speakerA] ?? []) if (typeof text === 'string' && text.trim()) out.push(text.trim());
  }
  return out;
}

async function runConversation(conv: LocomoConversation, budget: number, rows: Map<Key, Tally>): Promise<number> {
  const turns: LocomoTurn[] = conv.sessions.flatMap((s) => s.turns);
  const byId = new Map(turns.map((t) => [t.diaId, t.text]));
  const speakerA = turns.find((t) => t.role === 'user')?.speaker ?? '';
  const asked = new Date(Date.parse(turns.at(-1)!.timestamp) + 86_400_000).toISOString();
  let facts = 0;
  for (const variant of VARIANTS) {
    const withFacts = variant !== 'no facts';
    const memory = await createMemory({
      store: 'memory',
      tokenizer: 'o200k_base',
      ...(withFacts ? { facts: {} } : {}),
    });
    try {
      await ingest(memory, conv);
      if (variant === 'extracted') facts = (await memory.listFacts()).length;
      if (variant === "A's observations (setFact)")
        for (const text of observationsOfA(DATA_DIR, conv, speakerA)) await memory.setFact({ text });
      for (const [qi, q] of conv.questions.entries()) {
        const chat = `question-${qi}`;
        await memory.addUserMessage(chat, q.question, {}, { timestamp: asked });
        const evidence = q.evidence.map((id) => byId.get(id.trim())).filter((t): t is string => t !== undefined);
        const who = new RegExp(`\\b${speakerA}\\b`, 'iu').test(q.question) ? 'A' : 'other';
        for (const recall of [false, true]) {
          const ctx = await memory.getContextForLLM(chat, {
            maxTokens: budget,
            recall: recall ? { maxTokens: Math.floor(budget / 2), scope: 'all' } : false,
          });
          const key: Key = `${variant} / ${recall ? 'recall' : 'no recall'} / ${who}`;
          const row = rows.get(key) ?? tally();
          rows.set(key, row);
          const scored = scoredText(contextText(ctx.messages, q.question));
          const covered = answerCovered(q.answer, scored);
          row.questions += 1;
          if (covered !== undefined) {
            row.answerable += 1;
            if (covered) row.covered += 1;
            const block = ctx.messages.find(
              (m) => m.role === 'system' && String(m.content).startsWith('Known about the user'),
            );
            if (block && answerCovered(q.answer, scoredText(String(block.content)))) row.inFacts += 1;
          }
          row.evidenceKnown += evidence.length;
          row.evidenceFound += evidenceFound(evidence, scored);
          row.tokens += ctx.tokenCount;
          row.factTokens += ctx.facts?.tokenCount ?? 0;
          if (ctx.tokenCount > budget) row.overBudget += 1;
        }
        await memory.clearSession(chat);
      }
    } finally {
      await memory.close();
    }
  }
  return facts;
}

const pct = (n: number, d: number): string => (d ? `${((100 * n) / d).toFixed(1)}%` : 'n/a');

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(DATA_DIR)) {
    console.log(`LoCoMo data not found at ${DATA_DIR} (set LOCOMO_DIR): evaluation skipped.`);
    return;
  }
  const convs = readConversations(DATA_DIR).filter((c) => !args.convs || args.convs.includes(c.name));
  const rows = new Map<Key, Tally>();
  const perConv: string[][] = [];
  const started = performance.now();
  for (const conv of convs) {
    const t0 = performance.now();
    const facts = await runConversation(conv, args.budget, rows);
    const userTurns = conv.sessions.flatMap((s) => s.turns).filter((t) => t.role === 'user').length;
    perConv.push([conv.name, String(userTurns), String(facts)]);
    process.stderr.write(`${conv.name}: ${facts} facts, ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  }
  const questions = convs.reduce((s, c) => s + c.questions.length, 0);
  console.log(
    `# Facts in the ${args.budget}-token context (LoCoMo, ${convs.length} conversations, ${questions} questions, across chats)\n`,
  );
  console.log(machineHeader());
  console.log(
    `Answer: every content word of the gold answer is in the context. Evidence: share of the evidence turns found verbatim. ` +
      `"in facts": the answer is in the facts block alone. Speaker A is the user (facts are read from A's turns); ` +
      `"A" rows are the questions that name A. Run time ${((performance.now() - started) / 1000).toFixed(0)} s.\n`,
  );
  const table: string[][] = [];
  for (const who of ['A', 'other', 'all'] as const)
    for (const recall of ['no recall', 'recall'] as const)
      for (const facts of VARIANTS) {
        const parts =
          who === 'all'
            ? (['A', 'other'] as const).map((w) => rows.get(`${facts} / ${recall} / ${w}`) ?? tally())
            : [rows.get(`${facts} / ${recall} / ${who}`) ?? tally()];
        const r = parts.reduce((a, b) => {
          const out = tally();
          for (const k of Object.keys(out) as (keyof Tally)[]) out[k] = a[k] + b[k];
          return out;
        }, tally());
        table.push([
          who === 'all' ? 'all' : who === 'A' ? 'naming A (the user)' : 'not naming A',
          recall,
          facts,
          String(r.questions),
          pct(r.covered, r.answerable),
          pct(r.evidenceFound, r.evidenceKnown),
          facts !== 'no facts' ? pct(r.inFacts, r.answerable) : '',
          r.questions ? (r.tokens / r.questions).toFixed(0) : '',
          facts !== 'no facts' && r.questions ? (r.factTokens / r.questions).toFixed(0) : '',
          String(r.overBudget),
        ]);
      }
  console.log(
    markdownTable(
      [
        { header: 'questions' },
        { header: 'recall' },
        { header: 'facts' },
        { header: 'n', align: 'right' },
        { header: 'answer', align: 'right' },
        { header: 'evidence', align: 'right' },
        { header: 'in facts', align: 'right' },
        { header: 'mean tokens', align: 'right' },
        { header: 'facts tokens', align: 'right' },
        { header: 'over budget', align: 'right' },
      ],
      table,
    ),
  );
  console.log(
    `\n## Facts read per conversation\n\n${markdownTable(
      [
        { header: 'conversation' },
        { header: 'user turns', align: 'right' },
        { header: 'current facts', align: 'right' },
      ],
      perConv,
    )}`,
  );
}

capturePrinted(main)
  .then((text) => {
    if (process.argv.includes('--convs')) return; // the doc shows full runs only
    writeDocTable(DOC, 'facts-context', text, { command: 'npm run eval:facts-context' });
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
