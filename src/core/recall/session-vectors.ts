/**
 * A session's stored embeddings as recall and the embedding queue see them: loaded once from
 * the store's aux values (`vectors:`), checked against the app's model name and the dimension,
 * and the question embedded on its own. Nothing here embeds the history.
 * @module
 */
import { MissingPackageError, ValidationError } from '../../errors.js';
import type { Embedder } from '../../recall/types.js';
import { createVectorIndex, loadVectorIndex, type VectorIndex } from '../../recall/vectors/vector-index.js';
import { auxReader } from '../aux-reader.js';
import { questionForEmbedding } from '../../recall/vectors/embedding-text.js';
import { SUMMARY_PREFIX } from './recall-ids.js';
import type { RecallContext, SessionCache } from '../types.js';

/** Aux key prefix of a session's vectors. */
export const VECTOR_PREFIX = 'vectors:';

/**
 * The session's vector index, loaded from the store on first use. Vectors made by another
 * model (its recorded name differs from `rc.embeddingModel`) are dropped, and `vectorSeq` goes
 * back to 0 so the embedding queue embeds everything again with the new model.
 */
export async function openVectors(c: SessionCache, rc: RecallContext): Promise<VectorIndex> {
  if (c.vectors) {
    if (c.vectors.model === rc.embeddingModel) return c.vectors;
    return reset(c, rc, c.vectors);
  }
  const from = c.meta.vectorSeq ?? 0;
  const stored =
    from > 0 ? await loadVectorIndex(await auxReader(rc.store, c.meta.sessionId, VECTOR_PREFIX)) : undefined;
  if (stored && stored.model === rc.embeddingModel) return (c.vectors = stored);
  return reset(c, rc, stored ?? createVectorIndex({ model: rc.embeddingModel }));
}

async function reset(c: SessionCache, rc: RecallContext, old: VectorIndex): Promise<VectorIndex> {
  const aux = old.clear(rc.embeddingModel);
  c.vectors = old;
  if ((c.meta.vectorSeq ?? 0) !== 0 || old.dims > 0) {
    const meta = { ...c.meta, version: c.meta.version + 1, vectorSeq: 0 };
    await rc.write({ meta, aux });
    c.meta = meta;
  }
  return old;
}

/** Whether some entry or kept summary of the session has no vector yet. */
export function lacksVectors(c: SessionCache, vectors: VectorIndex): boolean {
  if ((c.meta.vectorSeq ?? 0) < c.meta.nextSeq) return true;
  return c.summaries.some((s) => !vectors.has(SUMMARY_PREFIX + s.id));
}

/** Check what an embedder returned for `count` texts: one array of finite numbers each. */
export function checkVectors(out: unknown, count: number, dims = 0): number[][] {
  const ok =
    Array.isArray(out) &&
    out.length === count &&
    out.every(
      (v) =>
        Array.isArray(v) &&
        v.length > 0 &&
        (dims === 0 || v.length === dims) &&
        (v as unknown[]).every((x) => typeof x === 'number' && Number.isFinite(x)),
    );
  if (!ok)
    throw new ValidationError(
      'embedder',
      `one array of ${dims || 'one or more'} finite numbers per text (${count} texts)`,
      Array.isArray(out) ? `${out.length} values` : out,
    );
  return out as number[][];
}

/**
 * The question's vector (of its content clause, the speakers it names in the first person,
 * `questionForEmbedding`; `namesSpeaker` tells a name, e.g. `RecallIndex.namesSpeaker`), or
 * `undefined` (reported) when the embedder fails: recall is then
 * lexical. A missing package (`MissingPackageError`) is thrown instead: it will never work, and
 * the call that needed it says what to install.
 */
export async function embedQuery(
  embedder: Embedder,
  query: string,
  onError: (error: Error) => void,
  namesSpeaker?: (word: string) => boolean,
): Promise<number[] | undefined> {
  if (!query.trim()) return undefined;
  try {
    return checkVectors(await embedder([questionForEmbedding(query, namesSpeaker)]), 1)[0];
  } catch (error) {
    if (error instanceof MissingPackageError) throw error;
    onError(error instanceof Error ? error : new Error(String(error)));
    return undefined;
  }
}
