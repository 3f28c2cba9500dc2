import type { MemoryEntry, MemorySummary, TokenCounter } from '../../types.js';
import type { KnowledgeBaseSetup } from '../../strategies/registry.js';
import { createRecallIndex, loadRecallIndex } from '../../recall/recall-index.js';
import type { AuxEntries, Embedder } from '../../recall/types.js';
import { hybridSearch, reciprocalRankFusion } from '../../recall/vectors/hybrid.js';
import { createVectorIndex, loadVectorIndex } from '../../recall/vectors/vector-index.js';
import { splitText } from '../../recall/split/split-text.js';
import { MESSAGE_FRAMING } from '../../tokens/chat-tokens.js';
import { recallEntries } from './recall.js';
import type { KnowledgeBaseState, RecallContext, SessionCache } from '../types.js';

export type { KnowledgeBaseState } from '../types.js';
import { auxReader } from '../aux-reader.js';
import { messageQuery } from '../checks/query-bound.js';

const prefixOf = (kb: KnowledgeBaseSetup): string => `kb:${kb.knowledgeBase.collection_id}:`;

/** Load the session's collection (chunk index, texts, versions) from the store, or start one. */
export async function ensureKnowledgeBase(
  c: SessionCache,
  rc: RecallContext,
  kb: KnowledgeBaseSetup,
): Promise<KnowledgeBaseState> {
  if (c.kb) return c.kb;
  const prefix = prefixOf(kb);
  const load = await auxReader(rc.store, c.meta.sessionId, prefix);
  const docs = ((await load(`${prefix}docs`)) as string[] | undefined) ?? [];
  const index =
    (docs.length ? await loadRecallIndex(load, { keyPrefix: prefix }) : undefined) ??
    createRecallIndex({ keyPrefix: prefix });
  const texts = new Map<string, string>();
  const values = await Promise.all(docs.map((id) => load(`${prefix}text:${id}`)));
  docs.forEach((id, i) => texts.set(id, typeof values[i] === 'string' ? values[i] : ''));
  const latest = new Map<string, string>();
  for (const id of docs) latest.set(id.slice(0, id.indexOf('@')), id.slice(0, id.indexOf('#')));
  c.kb = { index, texts, latest };
  return c.kb;
}

/**
 * Store a summary made by the `summarizer` strategy in the collection: split by
 * `text_splitter`, each chunk indexed and its text kept. Returns the aux values to write in the
 * same batch as the summary. Every version of a running summary is kept, so what a later
 * summary dropped can still be retrieved.
 */
export function addSummaryChunks(
  state: KnowledgeBaseState,
  kb: KnowledgeBaseSetup,
  summary: MemorySummary,
  version: number,
): AuxEntries {
  const prefix = prefixOf(kb);
  const versionId = `${summary.id}@${version}`;
  const aux: AuxEntries = {};
  splitText(summary.content, kb.textSplitter).forEach((chunk, n) => {
    const id = `${versionId}#${n}`;
    state.index.add({ id, text: chunk, role: 'system', timestamp: summary.timeRange.end, standalone: true });
    state.texts.set(id, chunk);
    aux[`${prefix}text:${id}`] = chunk;
  });
  state.latest.set(summary.id, versionId);
  return { ...aux, ...state.index.flush(), [`${prefix}docs`]: [...state.texts.keys()] };
}

/**
 * Give every stored chunk an embedding (made at retrieval, never while adding) and persist
 * them. False when the embedder failed: retrieval is then lexical, and it tries again later.
 */
async function embedChunks(
  c: SessionCache,
  rc: RecallContext,
  kb: KnowledgeBaseSetup,
  state: KnowledgeBaseState,
  embedder: Embedder,
): Promise<boolean> {
  const prefix = `kbvec:${kb.knowledgeBase.collection_id}:`;
  state.vectors ??=
    (await loadVectorIndex(await auxReader(rc.store, c.meta.sessionId, prefix), { keyPrefix: prefix })) ??
    createVectorIndex({ keyPrefix: prefix });
  const vectors = state.vectors;
  const missing = [...state.texts.keys()].filter((id) => !vectors.has(id));
  if (missing.length) {
    try {
      const out = await embedder(missing.map((id) => state.texts.get(id)!));
      if (!Array.isArray(out) || out.length !== missing.length)
        throw new Error(`embedder: expected ${missing.length} vectors`);
      missing.forEach((id, i) => vectors.add(id, out[i]!));
    } catch (error) {
      rc.onError(error instanceof Error ? error : new Error(String(error)));
      return false;
    }
    const meta = { ...c.meta, version: c.meta.version + 1 };
    await rc.write({ meta, aux: vectors.flush() });
    c.meta = meta;
  }
  return true;
}

/** Who an entry is from, as a recalled line names them: a tool call or result, or a role. */
function speaker(e: MemoryEntry): string {
  if (e.type === 'tool_result') return `Tool ${e.tool?.name ?? ''} result`;
  if (e.type === 'tool_call') return `Tool call ${e.tool?.name ?? ''}`;
  if (e.role === 'user') return 'User';
  if (e.role === 'assistant') return 'Assistant';
  return 'System';
}

/** One line per recalled item, as the system message shows it. */
function line(item: { kind: 'entry'; entry: MemoryEntry } | { kind: 'chunk'; text: string; when: string }): string {
  if (item.kind === 'chunk') return `- [earlier summary${item.when ? `, ${item.when.slice(0, 10)}` : ''}] ${item.text}`;
  const e = item.entry;
  return `- [${e.timestamp.slice(0, 10)}] ${speaker(e)}: ${e.content}`;
}

/** What the recalled-items message needs to know about the context it joins. */
export interface KnowledgeBaseRequest {
  /** Ids of the entries already in the context. */
  inContext: ReadonlySet<string>;
  /** Summaries already in the context. */
  summaries: readonly MemorySummary[];
  /** Tokens the message may take, framing included. */
  room: number;
}

/**
 * `search_mode: 'always'`: the `top_k` items most relevant to the newest user message —
 * summary chunks from the collection and compressed turns from the history, fused by rank —
 * as one system message that fits in `room` tokens and repeats nothing already in the
 * context. `undefined` when nothing fits or nothing is found.
 */
export async function recalledMessage(
  c: SessionCache,
  rc: RecallContext,
  kb: KnowledgeBaseSetup,
  counter: TokenCounter,
  req: KnowledgeBaseRequest,
): Promise<{ content: string; tokenCount: number } | undefined> {
  const newest = [...c.active].reverse().find((e) => e.type === 'message' && e.role === 'user')?.content;
  const query = newest === undefined ? undefined : messageQuery(newest);
  if (!query || req.room <= MESSAGE_FRAMING) return undefined;
  const topK = kb.knowledgeBase.top_k;
  const state = await ensureKnowledgeBase(c, rc, kb);
  // Chunks of a summary version already in the context would only repeat it.
  const shown = new Set(req.summaries.map((s) => state.latest.get(s.id)).filter((v) => v !== undefined));
  const filter = (id: string): boolean => !shown.has(id.slice(0, id.indexOf('#')));
  let chunkHits = state.index.search(query, { topK: topK * 6, filter });
  if (rc.embedder && (await embedChunks(c, rc, kb, state, rc.embedder))) {
    const hybrid = {
      query,
      lexical: chunkHits,
      embedder: rc.embedder,
      vectors: state.vectors!.entries(),
      topK: topK * 2,
      filter,
      onError: rc.onError,
    };
    chunkHits = (await hybridSearch(hybrid)).hits;
  } else {
    chunkHits = chunkHits.slice(0, topK * 2);
  }
  const history = (await recallEntries(c, rc, query, { topK: topK * 3 })).filter(
    (r) => r.entry.type !== 'summary' && !req.inContext.has(r.entry.id),
  );
  const entries = new Map(history.map((r) => [`entry:${r.entry.id}`, r.entry]));
  const fused = reciprocalRankFusion(
    [
      chunkHits.map((h) => ({ id: `chunk:${h.id}`, score: h.score })),
      [...entries.keys()].map((id, i) => ({ id, score: -i })),
    ],
    { topK },
  );
  const lines: string[] = [];
  const header = 'Relevant earlier conversation (recalled from memory):';
  let content = '';
  let tokenCount = 0;
  for (const hit of fused) {
    const item = hit.id.startsWith('chunk:')
      ? {
          kind: 'chunk' as const,
          text: state.texts.get(hit.id.slice(6)) ?? '',
          when: c.summaries.find((s) => hit.id.startsWith(`chunk:${s.id}@`))?.timeRange.end ?? '',
        }
      : { kind: 'entry' as const, entry: entries.get(hit.id)! };
    const candidate = [header, ...lines, line(item)].join('\n');
    const tokens = MESSAGE_FRAMING + counter.count(candidate);
    if (tokens > req.room) continue;
    lines.push(line(item));
    content = candidate;
    tokenCount = tokens;
  }
  return lines.length ? { content, tokenCount: tokenCount - MESSAGE_FRAMING } : undefined;
}
