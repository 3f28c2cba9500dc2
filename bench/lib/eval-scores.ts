/**
 * Tallies of the context evaluation: one row per mode × method × budget, split by conversation
 * (so train and held-out figures can be shown apart) and by question category.
 * @module
 */

/** The tallies of one row in one conversation. */
export interface Tally {
  /** Questions whose gold answer has content words, and how many the context covered. */
  answerable: number;
  answered: number;
  /** Per category: [covered, answerable]. */
  categories: Record<number, [number, number]>;
  /** Questions with known evidence turns, and the sum of their found shares. */
  evidenceQuestions: number;
  evidenceShare: number;
  /** Per category: [sum of found shares, questions with known evidence]. */
  evidenceCategories: Record<number, [number, number]>;
  /** Contexts measured, their tokens, the largest, and how many exceeded the budget. */
  contexts: number;
  tokens: number;
  maxTokens: number;
  overBudget: number;
  /** Contexts that held the newest user message. */
  newestPresent: number;
  /** Recalled entries that came from another question's chat (must stay 0). */
  polluted: number;
  /** Contexts whose `tokenCount` was recounted message by message, and how many differed. */
  countChecked: number;
  countWrong: number;
}

/** What identifies a row. */
export interface RowKey {
  mode: 'one chat' | 'across chats';
  method: string;
  /** Token budget, or 0 for none. */
  budget: number;
  recall: 'no' | 'yes' | 'splice';
}

/** A row: its key and its tallies by conversation. */
export interface Row extends RowKey {
  byConv: Map<string, Tally>;
}

/** One measured context of one question. */
export interface Observation {
  covered: boolean | undefined;
  category: number;
  /** Evidence turns found and known (known 0: the question's evidence is not in the data). */
  evidenceFound: number;
  evidenceKnown: number;
  tokens: number;
  newestPresent: boolean;
  polluted?: number;
  /** `tokenCount` recounted: true when it matched (absent: not checked). */
  countExact?: boolean;
}

const emptyTally = (): Tally => ({
  answerable: 0,
  answered: 0,
  categories: {},
  evidenceQuestions: 0,
  evidenceShare: 0,
  evidenceCategories: {},
  contexts: 0,
  tokens: 0,
  maxTokens: 0,
  overBudget: 0,
  newestPresent: 0,
  polluted: 0,
  countChecked: 0,
  countWrong: 0,
});

/** The rows of a run, in the order they were first recorded. */
export class Scoreboard {
  readonly rows = new Map<string, Row>();

  /** Record one question's context in a row. */
  record(key: RowKey, conv: string, o: Observation): void {
    const id = `${key.mode}|${key.method}|${key.budget}|${key.recall}`;
    let row = this.rows.get(id);
    if (!row) this.rows.set(id, (row = { ...key, byConv: new Map() }));
    let t = row.byConv.get(conv);
    if (!t) row.byConv.set(conv, (t = emptyTally()));
    if (o.covered !== undefined) {
      t.answerable++;
      const cat = (t.categories[o.category] ??= [0, 0]);
      cat[1]++;
      if (o.covered) {
        t.answered++;
        cat[0]++;
      }
    }
    if (o.evidenceKnown > 0) {
      t.evidenceQuestions++;
      t.evidenceShare += o.evidenceFound / o.evidenceKnown;
      const cat = (t.evidenceCategories[o.category] ??= [0, 0]);
      cat[0] += o.evidenceFound / o.evidenceKnown;
      cat[1]++;
    }
    t.contexts++;
    t.tokens += o.tokens;
    t.maxTokens = Math.max(t.maxTokens, o.tokens);
    if (key.budget > 0 && o.tokens > key.budget) t.overBudget++;
    if (o.newestPresent) t.newestPresent++;
    t.polluted += o.polluted ?? 0;
    if (o.countExact !== undefined) {
      t.countChecked++;
      if (!o.countExact) t.countWrong++;
    }
  }

  /** Find a row. */
  get(mode: RowKey['mode'], method: string, budget: number, recall: RowKey['recall']): Row | undefined {
    return this.rows.get(`${mode}|${method}|${budget}|${recall}`);
  }
}

/** The tallies of a row summed over some conversations (all when `convs` is absent). */
export function total(row: Row, convs?: readonly string[]): Tally {
  const out = emptyTally();
  for (const [name, t] of row.byConv) {
    if (convs && !convs.includes(name)) continue;
    out.answerable += t.answerable;
    out.answered += t.answered;
    for (const [c, [a, b]] of Object.entries(t.categories)) {
      const cat = (out.categories[Number(c)] ??= [0, 0]);
      cat[0] += a;
      cat[1] += b;
    }
    out.evidenceQuestions += t.evidenceQuestions;
    out.evidenceShare += t.evidenceShare;
    for (const [c, [a, b]] of Object.entries(t.evidenceCategories)) {
      const cat = (out.evidenceCategories[Number(c)] ??= [0, 0]);
      cat[0] += a;
      cat[1] += b;
    }
    out.contexts += t.contexts;
    out.tokens += t.tokens;
    out.maxTokens = Math.max(out.maxTokens, t.maxTokens);
    out.overBudget += t.overBudget;
    out.newestPresent += t.newestPresent;
    out.polluted += t.polluted;
    out.countChecked += t.countChecked;
    out.countWrong += t.countWrong;
  }
  return out;
}

/** Answer coverage in percent. */
export const answerPct = (t: Tally): number => (t.answerable ? (100 * t.answered) / t.answerable : NaN);
/** Evidence coverage in percent (mean over questions of the share of evidence turns found). */
export const evidencePct = (t: Tally): number =>
  t.evidenceQuestions ? (100 * t.evidenceShare) / t.evidenceQuestions : NaN;
/** Mean tokens of the contexts. */
export const meanTokens = (t: Tally): number => (t.contexts ? t.tokens / t.contexts : NaN);
