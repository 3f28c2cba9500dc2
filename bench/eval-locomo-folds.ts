/**
 * Leave-one-conversation-out choices on LoCoMo (`npm run eval:locomo:folds`): for each of the
 * conversations, the setting with the best recall@10 on the other ones is scored on it, so every
 * figure is held out. Two choices: how far a ranked list is spread across sittings (lexical,
 * `sittingCap` and `foldNeighbours`, 0 is off), and how dense candidates are fused with lexical
 * ones in hybrid recall (the nearest turns by vector that join, the weight of the semantic
 * z-score; USE-lite vectors, cached under bench/.cache). One weight for every question, never
 * per category. And the coordination exponent of lexical ranking. The tables are written into
 * docs/recall.md.
 * @module
 */
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { createRecallIndex } from 'recallkit/recall';
import { DEFAULT_RANKING, type RankingOptions, type RecallIndex } from 'recallkit/recall';
import { createVectorIndex } from '../src/recall/vectors/vector-index.js';
import { rerank, DENSE_CANDIDATES, WITH_VECTORS, type FusionTuning } from '../src/core/recall/recall.js';
import { DENSE_RERANK } from '../src/recall/vectors/dense-rerank.js';
import { questionForEmbedding } from '../src/recall/vectors/embedding-text.js';
import { DATA_DIR, loadConversations, type Conversation } from './eval-locomo.js';
import { useLiteEmbedder } from './lib/use-lite.js';
import { writeDocTable } from './lib/doc-table.js';
import { markdownTable } from './lib/table.js';

/** Evidence share in the top 10, summed per conversation, for one setting. */
type PerConversation = Map<string, { sum: number; questions: number }>;

const recallAt10 = (ids: readonly string[], evidence: readonly string[]): number => {
  const top = new Set(ids.slice(0, 10));
  return evidence.filter((e) => top.has(e)).length / evidence.length;
};

/** Every combination of the grid's values. */
function combinations<T extends object>(grid: { [K in keyof T]: readonly T[K][] }): T[] {
  let out: Partial<T>[] = [{}];
  for (const key of Object.keys(grid) as (keyof T)[])
    out = out.flatMap((c) => grid[key].map((v) => ({ ...c, [key]: v })));
  return out as T[];
}

/** Per fold: the setting chosen on the other conversations, its held-out R@10 and the reference's. */
function leaveOneOut<T>(
  settings: readonly { setting: T; per: PerConversation }[],
  reference: PerConversation,
  names: readonly string[],
): { rows: string[][]; chosen: T[]; held: number; ref: number } {
  const rows: string[][] = [];
  const chosen: T[] = [];
  let held = 0;
  let ref = 0;
  let questions = 0;
  for (const name of names) {
    const onOthers = (per: PerConversation): number =>
      names.filter((n) => n !== name).reduce((s, n) => s + per.get(n)!.sum, 0);
    // Ties keep the earlier setting (the grid lists the defaults first).
    const best = settings.reduce((a, b) => (onOthers(b.per) > onOthers(a.per) + 1e-9 ? b : a));
    const mine = best.per.get(name)!;
    const base = reference.get(name)!;
    chosen.push(best.setting);
    held += mine.sum;
    ref += base.sum;
    questions += mine.questions;
    rows.push([
      name.replace('conv-', ''),
      typeof best.setting === 'string' ? best.setting : JSON.stringify(best.setting).replace(/"/g, ''),
      ((100 * base.sum) / base.questions).toFixed(1),
      ((100 * mine.sum) / mine.questions).toFixed(1),
    ]);
  }
  return { rows, chosen, held: (100 * held) / questions, ref: (100 * ref) / questions };
}

const FOLD_COLUMNS = [
  { header: 'held out' },
  { header: 'chosen on the other conversations' },
  { header: 'R@10 default', align: 'right' as const },
  { header: 'R@10 chosen', align: 'right' as const },
];

/** A spreading rule applied to a ranked list (ids with scores, best first); returns ids. */
type Spread = { name: string; apply: (hits: readonly { id: string; score: number }[]) => string[] };

/** The sitting of a LoCoMo dia_id ("D3:5" → "D3"). */
const sittingOf = (id: string): string => id.slice(0, Math.max(0, id.indexOf(':')));

/** Past the first `free` places, at most `cap` turns of one sitting before other sittings' turns. */
const deferredCap = (free: number, cap: number): Spread => ({
  name: `cap ${cap} past the first ${free} places`,
  apply: (hits) => {
    const out = hits.slice(0, free).map((h) => h.id);
    const count = new Map<string, number>();
    for (const id of out) count.set(sittingOf(id), (count.get(sittingOf(id)) ?? 0) + 1);
    const held: string[] = [];
    for (const h of hits.slice(free)) {
      const n = count.get(sittingOf(h.id)) ?? 0;
      if (n >= cap) held.push(h.id);
      else {
        out.push(h.id);
        count.set(sittingOf(h.id), n + 1);
      }
    }
    return [...out, ...held];
  },
});

/** Soft: each turn of a sitting past its first `free` listed ones scores `factor` times less. */
const softPenalty = (factor: number, free: number): Spread => ({
  name: `score x ${factor} per turn of its sitting listed past ${free}`,
  apply: (hits) => {
    const pool = [...hits];
    const out: string[] = [];
    const count = new Map<string, number>();
    while (out.length < 10 && pool.length) {
      let best = 0;
      let bestScore = -Infinity;
      pool.forEach((h, i) => {
        const over = Math.max(0, (count.get(sittingOf(h.id)) ?? 0) - free + 1);
        const s = h.score * factor ** over;
        if (s > bestScore) [best, bestScore] = [i, s];
      });
      const [h] = pool.splice(best, 1);
      out.push(h!.id);
      count.set(sittingOf(h!.id), (count.get(sittingOf(h!.id)) ?? 0) + 1);
    }
    return out;
  },
});

/**
 * Lexical: spreading across sittings. The library's options (`sittingCap`, `foldNeighbours`)
 * through the index; a cap past the first places and a soft penalty over the index's top 60.
 */
function diversity(convs: readonly Conversation[]): string {
  type Options = Pick<RankingOptions, 'sittingCap' | 'foldNeighbours'>;
  const options = combinations<Options>({ sittingCap: [0, 2, 3, 4, 6], foldNeighbours: [0, 1, 2] });
  const spreads: Spread[] = [
    ...[3, 5, 7].flatMap((free) => [2, 3, 4].map((cap) => deferredCap(free, cap))),
    ...[0.95, 0.9, 0.8, 0.6].flatMap((factor) => [1, 2, 3].map((free) => softPenalty(factor, free))),
  ];
  const settings: { setting: string; per: PerConversation }[] = [
    ...options.map((o) => ({
      setting: `sittingCap ${o.sittingCap}, foldNeighbours ${o.foldNeighbours}`,
      per: new Map(),
    })),
    ...spreads.map((s) => ({ setting: s.name, per: new Map() })),
  ];
  const sittingsPerList = settings.map(() => 0);
  let evidenceInOneSitting = 0;
  for (const conv of convs) {
    const sums = settings.map(() => 0);
    const indexes = options.map((ranking) => {
      const index = createRecallIndex({ ranking });
      for (const doc of conv.docs) index.add(doc);
      return index;
    });
    for (const q of conv.questions) {
      if (new Set(q.evidence.map(sittingOf)).size === 1) evidenceInOneSitting++;
      const lists = [
        ...indexes.map((index) => index.search(q.question, { topK: 10 }).map((h) => h.id)),
        ...spreads.map((s) => s.apply(indexes[0]!.search(q.question, { topK: 60 }))),
      ];
      lists.forEach((ids, i) => {
        sums[i]! += recallAt10(ids, q.evidence);
        sittingsPerList[i]! += new Set(ids.slice(0, 10).map(sittingOf)).size;
      });
    }
    settings.forEach((s, i) => s.per.set(conv.name, { sum: sums[i]!, questions: conv.questions.length }));
  }
  const names = convs.map((c) => c.name);
  const out = leaveOneOut(settings, settings[0]!.per, names);
  const questions = convs.reduce((s, c) => s + c.questions.length, 0);
  const all = (per: PerConversation): string =>
    ((100 * [...per.values()].reduce((s, x) => s + x.sum, 0)) / questions).toFixed(1);
  return [
    `Lexical recall@10 spread across sittings (LoCoMo sessions): held out ${out.held.toFixed(2)}, against ${out.ref.toFixed(2)} with no spreading. The evidence of ${((100 * evidenceInOneSitting) / questions).toFixed(1)}% of the ${questions} questions lies in one sitting.`,
    '',
    markdownTable(FOLD_COLUMNS, out.rows),
    '',
    'Every form on all conversations:',
    '',
    markdownTable(
      [{ header: 'form' }, { header: 'R@10', align: 'right' }, { header: 'sittings in top 10', align: 'right' }],
      settings.map((s, i) => [s.setting, all(s.per), (sittingsPerList[i]! / questions).toFixed(1)]),
    ),
  ].join('\n');
}

/**
 * Lexical: the coordination exponent (`ranking.coordination`, the share of the question's terms
 * an entry holds; 0 is plain BM25F) and the weight of a date of the question found as the
 * entry's date (`ranking.dateWeight`), chosen together per fold.
 */
function coordination(convs: readonly Conversation[]): string {
  type Options = Pick<RankingOptions, 'coordination' | 'dateWeight'>;
  const grid = combinations<Options>({
    coordination: [DEFAULT_RANKING.coordination, 0, 0.15, 0.5],
    dateWeight: [DEFAULT_RANKING.dateWeight, 0.5, 0.35, 0.15],
  });
  const name = (o: Options): string => `coordination ${o.coordination}, dateWeight ${o.dateWeight}`;
  const settings = grid.map((o) => ({ setting: name(o), per: new Map() as PerConversation }));
  const fives = grid.map(() => 0);
  for (const conv of convs) {
    const index = createRecallIndex();
    for (const doc of conv.docs) index.add(doc);
    grid.forEach((ranking, i) => {
      let sum = 0;
      for (const q of conv.questions) {
        const ids = index.search(q.question, { topK: 10, ranking }).map((h) => h.id);
        sum += recallAt10(ids, q.evidence);
        fives[i]! += recallAt10(ids.slice(0, 5), q.evidence);
      }
      settings[i]!.per.set(conv.name, { sum, questions: conv.questions.length });
    });
  }
  const names = convs.map((c) => c.name);
  const out = leaveOneOut(settings, settings[0]!.per, names);
  // Before #35: no coordination, dates at 0.5.
  const before = settings[grid.findIndex((o) => o.coordination === 0 && o.dateWeight === 0.5)]!;
  const plain = leaveOneOut([before], before.per, names);
  const questions = convs.reduce((s, c) => s + c.questions.length, 0);
  const all = (per: PerConversation): string =>
    ((100 * [...per.values()].reduce((s, x) => s + x.sum, 0)) / questions).toFixed(1);
  return [
    `Lexical recall@10 with coordination and the date weight chosen per fold: held out ${out.held.toFixed(2)}, against ${out.ref.toFixed(2)} with the shipped setting (${name(grid[0]!)}) and ${plain.held.toFixed(2)} with the previous one (${before.setting}), stems cut to five letters in every row.`,
    '',
    markdownTable(FOLD_COLUMNS, out.rows),
    '',
    'Every setting on all conversations:',
    '',
    markdownTable(
      [{ header: 'setting' }, { header: 'R@10', align: 'right' }, { header: 'R@5', align: 'right' }],
      settings.map((s, i) => [s.setting, all(s.per), ((100 * fives[i]!) / questions).toFixed(1)]),
    ),
  ].join('\n');
}

/**
 * USE-lite vectors of one conversation's turns and questions (cached under bench/.cache), of the
 * texts recall embeds: the turn's text, the question's content clause with the speakers in the first person
 * (`index`'s, as recall asks its session's index).
 */
async function conversationVectors(
  conv: Conversation,
  embedder: ReturnType<typeof useLiteEmbedder>,
  index: RecallIndex,
): Promise<{ vectors: ReturnType<typeof createVectorIndex>; questions: number[][] }> {
  const vectors = createVectorIndex({ model: 'use-lite' });
  const docVectors = await embedder(conv.docs.map((d) => d.text));
  conv.docs.forEach((d, i) => vectors.add(d.id, docVectors[i]!));
  const questions = conv.questions.map((q) => questionForEmbedding(q.question, (w) => index.namesSpeaker(w)));
  return { vectors, questions: await embedder(questions) };
}

/**
 * Query time of ranking `a` over ranking `b`: every question searched with both, in turn (which
 * goes first alternates), summed per round; the median of 7 rounds' ratios, after one unmeasured.
 */
function queryTimeRatio(
  convs: readonly Conversation[],
  indexes: readonly RecallIndex[],
  a: Partial<RankingOptions>,
  b: Partial<RankingOptions>,
): number {
  const ratios: number[] = [];
  for (let round = 0; round < 8; round++) {
    const ms = [0, 0];
    convs.forEach((conv, c) =>
      conv.questions.forEach((q, qi) => {
        for (const side of (qi + round) % 2 ? [0, 1] : [1, 0]) {
          const start = performance.now();
          for (let r = 0; r < 3; r++) indexes[c]!.search(q.question, { topK: 10, ranking: side === 0 ? a : b });
          ms[side]! += performance.now() - start;
        }
      }),
    );
    if (round > 0) ratios.push(ms[0]! / ms[1]!);
  }
  ratios.sort((x, y) => x - y);
  return ratios[ratios.length >> 1]!;
}

/**
 * Word families (`ranking.synonymWeight`, 0 is none): the weight chosen per fold, for lexical
 * recall and for hybrid recall (USE-lite, the lexical candidates searched with the weight, then
 * re-ranked as shipped).
 */
async function synonyms(convs: readonly Conversation[]): Promise<string> {
  const embedder = useLiteEmbedder();
  const weights = [DEFAULT_RANKING.synonymWeight, 0, 0.1, 0.15, 0.3, 0.4, 0.5, 0.65, 0.8];
  const name = (w: number): string => `synonymWeight ${w}`;
  const lexical = weights.map((w) => ({ setting: name(w), per: new Map() as PerConversation }));
  const hybrid = weights.map((w) => ({ setting: name(w), per: new Map() as PerConversation }));
  const indexes = convs.map((conv) => {
    const index = createRecallIndex();
    for (const doc of conv.docs) index.add(doc);
    return index;
  });
  for (const [c, conv] of convs.entries()) {
    const index = indexes[c]!;
    const { vectors, questions } = await conversationVectors(conv, embedder, index);
    weights.forEach((synonymWeight, i) => {
      let lex = 0;
      let hyb = 0;
      conv.questions.forEach((q, qi) => {
        const top = index.search(q.question, { topK: 10, ranking: { synonymWeight } });
        lex += recallAt10(
          top.map((h) => h.id),
          q.evidence,
        );
        const candidates = index.search(q.question, { topK: 20, ranking: { synonymWeight } });
        const hits = rerank(index, { query: questions[qi]!, vectors }, candidates, 10, () => true);
        hyb += recallAt10(
          hits.map((h) => h.id),
          q.evidence,
        );
      });
      lexical[i]!.per.set(conv.name, { sum: lex, questions: conv.questions.length });
      hybrid[i]!.per.set(conv.name, { sum: hyb, questions: conv.questions.length });
    });
    process.stderr.write(`synonyms: ${conv.name} done\n`);
  }
  embedder.save();
  const ratio = queryTimeRatio(convs, indexes, { synonymWeight: DEFAULT_RANKING.synonymWeight }, { synonymWeight: 0 });
  const names = convs.map((c) => c.name);
  const none = weights.indexOf(0);
  const lex = leaveOneOut(lexical, lexical[none]!.per, names);
  const hyb = leaveOneOut(hybrid, hybrid[none]!.per, names);
  const questions = convs.reduce((s, c) => s + c.questions.length, 0);
  const all = (per: PerConversation): string =>
    ((100 * [...per.values()].reduce((s, x) => s + x.sum, 0)) / questions).toFixed(2);
  return [
    `Lexical recall@10 with the weight of family words chosen per fold: held out ${lex.held.toFixed(2)}, against ${lex.ref.toFixed(2)} without them (synonymWeight 0). Hybrid recall@10 (USE-lite, its lexical candidates searched with the weight chosen per fold): held out ${hyb.held.toFixed(2)}, against ${hyb.ref.toFixed(2)} without them: recall with an embedder searches its candidates without them (a gain under 0.5 points held out is not kept). Lexical query time with the shipped weight: ${ratio.toFixed(2)}x without (median of 7 rounds over every question, the two settings interleaved question by question).`,
    '',
    markdownTable(
      [
        { header: 'held out' },
        { header: 'lexical: chosen on the other conversations' },
        { header: 'R@10 without', align: 'right' },
        { header: 'R@10 chosen', align: 'right' },
        { header: 'hybrid: chosen on the other conversations' },
        { header: 'R@10 without', align: 'right' },
        { header: 'R@10 chosen', align: 'right' },
      ],
      lex.rows.map((row, i) => [...row, ...hyb.rows[i]!.slice(1)]),
    ),
    '',
    'Every weight on all conversations:',
    '',
    markdownTable(
      [{ header: 'setting' }, { header: 'lexical R@10', align: 'right' }, { header: 'hybrid R@10', align: 'right' }],
      weights.map((w, i) => [name(w), all(lexical[i]!.per), all(hybrid[i]!.per)]),
    ),
  ].join('\n');
}

/** Hybrid: dense candidates fused with lexical ones, the candidates and weight chosen per fold. */
async function fusion(convs: readonly Conversation[]): Promise<string> {
  const embedder = useLiteEmbedder();
  const grid = combinations<FusionTuning>({
    candidates: [DENSE_CANDIDATES, 0, 5, 20, 30],
    weight: [DENSE_RERANK.weight, 0, 0.04, 0.12, 0.16, 0.24],
    neighbourWeight: [DENSE_RERANK.neighbourWeight, 0.5, 0.25],
  });
  const settings = grid.map((setting) => ({ setting, per: new Map() as PerConversation }));
  /** Per setting: ms spent in `rerank` (the lexical search left out). */
  const ms = grid.map(() => 0);
  const lexicalPer: PerConversation = new Map();
  /** Dense alone (the nearest 10 turns by vector) and the shipped fusion, the question embedded as asked and as recall does. */
  const dense = { asAsked: 0, asRecalled: 0, fusedAsAsked: 0 };
  for (const conv of convs) {
    const index = createRecallIndex();
    for (const doc of conv.docs) index.add(doc);
    const { vectors, questions: questionVectors } = await conversationVectors(conv, embedder, index);
    const asAsked = await embedder(conv.questions.map((q) => q.question));
    conv.questions.forEach((q, qi) => {
      const ids = (v: number[]): string[] => vectors.search(v, 10).map((h) => h.id);
      dense.asAsked += recallAt10(ids(asAsked[qi]!), q.evidence);
      dense.asRecalled += recallAt10(ids(questionVectors[qi]!), q.evidence);
      const lexical = index.search(q.question, { topK: 20, ranking: WITH_VECTORS });
      const hits = rerank(index, { query: asAsked[qi]!, vectors }, lexical, 10, () => true);
      dense.fusedAsAsked += recallAt10(
        hits.map((h) => h.id),
        q.evidence,
      );
    });
    let lexicalSum = 0;
    const sums = grid.map(() => 0);
    conv.questions.forEach((q, qi) => {
      // As a recall of the top 10 asks: 20 lexical candidates (RERANK_CANDIDATES).
      const lexical = index.search(q.question, { topK: 20, ranking: WITH_VECTORS });
      lexicalSum += recallAt10(
        lexical.map((h) => h.id),
        q.evidence,
      );
      const semantic = { query: questionVectors[qi]!, vectors };
      grid.forEach((tuning, i) => {
        const start = performance.now();
        const hits = rerank(index, semantic, lexical, 10, () => true, tuning);
        ms[i]! += performance.now() - start;
        sums[i]! += recallAt10(
          hits.map((h) => h.id),
          q.evidence,
        );
      });
    });
    lexicalPer.set(conv.name, { sum: lexicalSum, questions: conv.questions.length });
    settings.forEach((s, i) => s.per.set(conv.name, { sum: sums[i]!, questions: conv.questions.length }));
    process.stderr.write(`fusion: ${conv.name} done\n`);
  }
  embedder.save();
  const names = convs.map((c) => c.name);
  const out = leaveOneOut(settings, settings[0]!.per, names);
  const lexicalAll = [...lexicalPer.values()];
  const questions = lexicalAll.reduce((s, x) => s + x.questions, 0);
  const lexical = (100 * lexicalAll.reduce((s, x) => s + x.sum, 0)) / questions;
  // Before #35: the lexical candidates re-ranked, no dense candidates of their own.
  const rerankOnly = settings.find(
    (s) =>
      s.setting.candidates === 0 &&
      s.setting.weight === DENSE_RERANK.weight &&
      s.setting.neighbourWeight === DENSE_RERANK.neighbourWeight,
  )!;
  const ratio = (ms[0]! / ms[settings.indexOf(rerankOnly)]!).toFixed(2);
  const rerankOnlyPct = (100 * [...rerankOnly.per.values()].reduce((s, x) => s + x.sum, 0)) / questions;
  const pct = (sum: number): string => ((100 * sum) / questions).toFixed(2);
  return [
    `USE-lite alone, recall@10 of its nearest 10 turns: ${pct(dense.asRecalled)} with the question embedded as recall does (its content clause, the speakers it names in the first person, \`questionForEmbedding\`), ${pct(dense.asAsked)} with the question as asked; hybrid recall@10 with the shipped fusion ${pct([...settings[0]!.per.values()].reduce((a, x) => a + x.sum, 0))} against ${pct(dense.fusedAsAsked)} with the question embedded as asked.`,
    '',
    `Hybrid recall@10 (USE-lite), dense candidates fused with lexical ones: held out ${out.held.toFixed(2)} against ${out.ref.toFixed(2)} with the shipped setting (${JSON.stringify(grid[0]).replace(/"/g, '')}); lexical alone ${lexical.toFixed(2)} (its candidates are searched without word families); the lexical candidates re-ranked without dense candidates of their own (before #35) ${rerankOnlyPct.toFixed(2)}. The shipped fusion's re-rank takes ${ratio}x the time of the re-rank without dense candidates (same run; the lexical search and the question's embedding left out).`,
    '',
    markdownTable(FOLD_COLUMNS, out.rows),
  ].join('\n');
}

async function main(): Promise<void> {
  if (!existsSync(DATA_DIR)) {
    console.log(`LoCoMo data not found at ${DATA_DIR} (set LOCOMO_DIR): skipped.`);
    return;
  }
  const convs = loadConversations();
  const coordinated = coordination(convs);
  console.log(`## Coordination\n\n${coordinated}\n`);
  const spread = diversity(convs);
  console.log(`## Spread across sittings\n\n${spread}\n`);
  const families = await synonyms(convs);
  console.log(`## Word families\n\n${families}\n`);
  const fused = await fusion(convs);
  console.log(`## Fusion of dense candidates\n\n${fused}`);
  const doc = join(import.meta.dirname, '../docs/recall.md');
  writeDocTable(doc, 'locomo-folds-coordination', coordinated, { command: 'npm run eval:locomo:folds' });
  writeDocTable(doc, 'locomo-folds-spread', spread, { command: 'npm run eval:locomo:folds' });
  writeDocTable(doc, 'locomo-folds-synonyms', families, { command: 'npm run eval:locomo:folds' });
  writeDocTable(doc, 'locomo-folds-fusion', fused, { command: 'npm run eval:locomo:folds' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
