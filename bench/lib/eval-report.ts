/**
 * The tables of the context evaluation: the full table per mode, a compact one for the README,
 * per-category coverage of the 2k + recall rows, and every 2k row split by conversation.
 * @module
 */
import { methodRank } from './eval-profiles.js';
import { CATEGORY_NAMES } from './locomo-data.js';
import {
  answerPct,
  evidencePct,
  meanTokens,
  total,
  type Row,
  type RowKey,
  type Scoreboard,
  type Tally,
} from './eval-scores.js';
import { fmt, markdownTable, type Column } from './table.js';

const pct = (v: number): string => (Number.isFinite(v) ? `${fmt(v, 1)}%` : 'n/a');
const budgetLabel = (b: number): string => (b === 0 ? 'none' : `${b / 1000}k`);
const recallLabel: Record<RowKey['recall'], string> = { no: 'no', yes: 'yes (½ budget)', splice: 'by hand (½ budget)' };

const RECALL_ORDER: RowKey['recall'][] = ['no', 'yes', 'splice'];

/** Rows in a stable order: by budget (none last), profile, without recall first. */
function ordered(rows: Row[]): Row[] {
  return rows.sort(
    (a, b) =>
      (a.budget || Infinity) - (b.budget || Infinity) ||
      methodRank(a.method) - methodRank(b.method) ||
      RECALL_ORDER.indexOf(a.recall) - RECALL_ORDER.indexOf(b.recall),
  );
}

/** Rows of one mode in a stable order. */
function rowsOf(board: Scoreboard, mode: RowKey['mode']): Row[] {
  return ordered([...board.rows.values()].filter((r) => r.mode === mode));
}

/** The full table of one mode. */
export function fullTable(board: Scoreboard, mode: RowKey['mode']): string {
  const columns: Column[] = [
    { header: 'method' },
    { header: 'recall' },
    { header: 'budget', align: 'right' },
    { header: 'answer', align: 'right' },
    { header: 'evidence', align: 'right' },
    { header: 'mean tokens', align: 'right' },
    { header: 'max tokens', align: 'right' },
    { header: 'over budget', align: 'right' },
    { header: 'newest user in', align: 'right' },
    { header: 'tokenCount exact', align: 'right' },
  ];
  const rows = rowsOf(board, mode).map((r) => {
    const t = total(r);
    return [
      r.method,
      recallLabel[r.recall],
      budgetLabel(r.budget),
      pct(answerPct(t)),
      pct(evidencePct(t)),
      fmt(meanTokens(t)),
      fmt(t.maxTokens),
      r.budget ? (t.overBudget ? `${t.overBudget} ⚠` : '0') : '-',
      pct((100 * t.newestPresent) / t.contexts) + (t.polluted ? ` (${t.polluted} polluted)` : ''),
      t.countChecked ? `${t.countChecked - t.countWrong}/${t.countChecked}${t.countWrong ? ' ⚠' : ''}` : '-',
    ];
  });
  return markdownTable(columns, rows);
}

/** Answer (evidence) per budget, two rows per profile: the README table. */
export function compactTable(board: Scoreboard, mode: RowKey['mode'], budgets: readonly number[]): string {
  // Across chats, without recall a new chat holds only the question, whatever the profile: one row says it.
  const rows = rowsOf(board, mode).filter(
    (r) => mode === 'one chat' || r.recall !== 'no' || r.budget === 0 || methodRank(r.method) === 0,
  );
  const methods = [
    ...new Set(ordered(rows.map((r) => ({ ...r, budget: 0 }))).map((r) => `${r.method}\u0000${r.recall}`)),
  ];
  const columns: Column[] = [
    { header: 'method' },
    { header: 'recall' },
    ...budgets.map((b) => ({ header: budgetLabel(b), align: 'right' as const })),
  ];
  const body = methods.map((m) => {
    const [method, recall] = m.split('\u0000') as [string, RowKey['recall']];
    const cells = budgets.map((b) => {
      const row =
        board.get(mode, method, b, recall) ?? (b === budgets[0] ? board.get(mode, method, 0, recall) : undefined);
      if (!row) return '';
      const t = total(row);
      const over = row.budget && t.overBudget ? ' ⚠' : '';
      return `${fmt(answerPct(t), 0)}% (${fmt(evidencePct(t), 0)}%)${over}`;
    });
    return [method, recallLabel[recall].replace(/ \(.*/, ''), ...cells];
  });
  return markdownTable(columns, body);
}

/** Answer coverage per category for the rows at one budget with a given recall. */
export function categoryTable(board: Scoreboard, budget: number, recall: RowKey['recall'][]): string {
  const cats = Object.keys(CATEGORY_NAMES).map(Number);
  const columns: Column[] = [
    { header: 'mode' },
    { header: 'method' },
    { header: 'recall' },
    ...cats.map((c) => ({ header: `${c} ${CATEGORY_NAMES[c]}`, align: 'right' as const })),
    { header: 'all', align: 'right' },
  ];
  const rows = ordered([...board.rows.values()].filter((r) => r.budget === budget && recall.includes(r.recall)));
  const body = rows
    .sort((a, b) => a.mode.localeCompare(b.mode) * -1 || 0)
    .map((r) => {
      const t = total(r);
      return [r.mode, r.method, recallLabel[r.recall], ...cats.map((c) => catPct(t, c)), pct(answerPct(t))];
    });
  return markdownTable(columns, body);
}

function catPct(t: Tally, c: number): string {
  const [a, n] = t.categories[c] ?? [0, 0];
  return n ? `${fmt((100 * a) / n, 1)}% (${n})` : 'n/a';
}

/** Every row at one budget: answer coverage per conversation, then answer and evidence coverage of train and held-out. */
export function splitTable(
  board: Scoreboard,
  budget: number,
  convs: readonly string[],
  train: readonly string[],
): string {
  const heldOut = convs.filter((c) => !train.includes(c));
  const columns: Column[] = [
    { header: 'mode' },
    { header: 'method' },
    { header: 'recall' },
    ...convs.map((c) => ({ header: c.replace('conv-', '') + (train.includes(c) ? '' : '*'), align: 'right' as const })),
    { header: 'train', align: 'right' },
    { header: 'held out*', align: 'right' },
    { header: 'evidence train', align: 'right' },
    { header: 'evidence held out*', align: 'right' },
  ];
  const rows = ordered([...board.rows.values()].filter((r) => r.budget === budget || r.budget === 0));
  const body = rows
    .sort((a, b) => a.mode.localeCompare(b.mode) * -1 || 0)
    .map((r) => [
      r.mode,
      r.method,
      recallLabel[r.recall],
      ...convs.map((c) => {
        const t = r.byConv.get(c);
        return t ? fmt(answerPct(t), 0) : '';
      }),
      pct(answerPct(total(r, train))),
      heldOut.length ? pct(answerPct(total(r, heldOut))) : 'n/a',
      pct(evidencePct(total(r, train))),
      heldOut.length ? pct(evidencePct(total(r, heldOut))) : 'n/a',
    ]);
  return markdownTable(columns, body);
}

/** Every row as plain data for `--json`. */
export function toJson(board: Scoreboard): unknown[] {
  const summary = (t: Tally) => ({
    answerCoverage: answerPct(t),
    evidenceCoverage: evidencePct(t),
    meanTokens: meanTokens(t),
    maxTokens: t.maxTokens,
    overBudget: t.overBudget,
    contexts: t.contexts,
    newestUserPresent: t.newestPresent / t.contexts,
    polluted: t.polluted,
    tokenCountChecked: t.countChecked,
    tokenCountWrong: t.countWrong,
    categories: Object.fromEntries(
      Object.entries(t.categories).map(([c, [a, n]]) => [c, { covered: a, questions: n }]),
    ),
  });
  return [...board.rows.values()].map((r) => ({
    mode: r.mode,
    method: r.method,
    budget: r.budget,
    recall: r.recall,
    ...summary(total(r)),
    byConversation: Object.fromEntries([...r.byConv].map(([c, t]) => [c, summary(t)])),
  }));
}
