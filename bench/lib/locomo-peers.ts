/**
 * The search libraries `npm run eval:locomo` compares RecallKit with, each as a `Ranker` over the
 * same LoCoMo turns (text and speaker), in the same process: MiniSearch with its defaults and
 * tuned (stop words, the Porter stemmer, prefix search), Orama full-text and hybrid (similarity
 * 0.1), and dense search by plain cosine over the USE-lite vectors (what LangChain's
 * `MemoryVectorStore` computes: every vector compared with the question). Every vector
 * contender gets the same vectors, from one embedder (cached on disk).
 * @module
 */
import MiniSearch from 'minisearch';
import { create, insertMultiple, search, type AnyOrama } from '@orama/orama';
import { stem } from '../../src/recall/text/porter2.js';
import type { Conversation, Ranker } from './locomo-types.js';

/** NLTK's English stop words (the list the README's BM25 recipe uses). */
export const NLTK_STOP_WORDS: ReadonlySet<string> = new Set(
  'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them their theirs themselves what which who whom this that these those am is are was were be been being have has had having do does did doing a an the and but if or because as until while of at by for with about against between into through during before after above below to from up down in out on off over under again further then once here there when where why how all any both each few more most other some such no nor not only own same so than too very s t can will just don should now d ll m o re ve y ain aren couldn didn doesn hadn hasn haven isn ma mightn mustn needn shan shouldn wasn weren won wouldn'.split(
    ' ',
  ),
);

/** An embedder whose vectors every vector contender shares. */
export type SharedEmbedder = (texts: string[]) => Promise<number[][]>;

interface TurnDoc {
  id: string;
  text: string;
  speaker: string;
}

const turnDocs = (conv: Conversation): TurnDoc[] =>
  conv.docs.map((d) => ({ id: d.id, text: d.text, speaker: d.speaker ?? '' }));

/** MiniSearch with its defaults (text and speaker fields). */
export const miniSearchDefault: Ranker = async (conv) => {
  const index = new MiniSearch<TurnDoc>({ fields: ['text', 'speaker'] });
  index.addAll(turnDocs(conv));
  return (question, k) =>
    index
      .search(question)
      .slice(0, k)
      .map((r) => String(r.id));
};

/** MiniSearch tuned: NLTK stop words out, Porter stemmer, prefix search on the question's terms. */
export const miniSearchTuned: Ranker = async (conv) => {
  const processTerm = (term: string): string | null => {
    const t = term.toLowerCase();
    return NLTK_STOP_WORDS.has(t) ? null : stem(t);
  };
  const index = new MiniSearch<TurnDoc>({
    fields: ['text', 'speaker'],
    processTerm,
    searchOptions: { processTerm, prefix: true },
  });
  index.addAll(turnDocs(conv));
  return (question, k) =>
    index
      .search(question)
      .slice(0, k)
      .map((r) => String(r.id));
};

async function oramaOf(conv: Conversation, embedder?: SharedEmbedder): Promise<AnyOrama> {
  const docs = turnDocs(conv);
  const dims = embedder ? ((await embedder([docs[0]?.text ?? '']))[0]?.length ?? 0) : 0;
  const db = create({
    schema: embedder
      ? { id: 'string', text: 'string', speaker: 'string', embedding: `vector[${dims}]` as const }
      : { id: 'string', text: 'string', speaker: 'string' },
  }) as AnyOrama;
  const vectors = embedder ? await embedder(docs.map((d) => d.text)) : [];
  await insertMultiple(
    db,
    docs.map((d, i) => (embedder ? { ...d, embedding: vectors[i] } : d)),
  );
  return db;
}

/** Orama's full-text search (BM25, its defaults). */
export const oramaFullText: Ranker = async (conv) => {
  const db = await oramaOf(conv);
  return async (question, k) => {
    const found = await search(db, { term: question, properties: ['text', 'speaker'], limit: k });
    return found.hits.map((h) => String(h.id));
  };
};

/** Orama's hybrid search (full-text and vectors, its default weights), similarity threshold 0.1. */
export const oramaHybrid =
  (embedder: SharedEmbedder): Ranker =>
  async (conv) => {
    const db = await oramaOf(conv, embedder);
    return async (question, k) => {
      const [vector] = await embedder([question]);
      const found = await search(db, {
        mode: 'hybrid',
        term: question,
        properties: ['text', 'speaker'],
        vector: { value: vector!, property: 'embedding' },
        similarity: 0.1,
        limit: k,
      });
      return found.hits.map((h) => String(h.id));
    };
  };

/** Dense search: cosine of the question with every turn's vector (float32), best first. */
export const denseCosine =
  (embedder: SharedEmbedder): Ranker =>
  async (conv) => {
    const docs = turnDocs(conv);
    const vectors = (await embedder(docs.map((d) => d.text))).map(unit);
    return async (question, k) => {
      const q = unit((await embedder([question]))[0]!);
      const scored = vectors.map((v, i) => {
        let dot = 0;
        for (let d = 0; d < v.length; d++) dot += (v[d] as number) * (q[d] as number);
        return { i, dot };
      });
      scored.sort((a, b) => b.dot - a.dot);
      return scored.slice(0, k).map(({ i }) => docs[i]!.id);
    };
  };

function unit(v: readonly number[]): Float32Array {
  const out = Float32Array.from(v);
  let norm = 0;
  for (const x of out) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) / norm;
  return out;
}
