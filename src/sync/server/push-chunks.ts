/**
 * A push applied in bounded transactions: its ops in order, cut into chunks of at most
 * {@link CHUNK_CHARS} of op JSON and {@link CHUNK_IDS} entry ids (an op larger than that is a
 * chunk of its own: an op is applied whole). Each chunk is one transaction, so the largest push
 * holds the tenant's row, a pooled connection (and on PGlite the only one) for one chunk at a
 * time, and other requests run between chunks. Every op is idempotent by its id and the rules
 * read what earlier chunks committed, so the outcome is the one of a single transaction, but for
 * another request of the same tenant that may land between two chunks, as between two pushes.
 * @module
 */
import type { SyncOp } from '../protocol.js';

/** Op JSON (UTF-16 units) per transaction: 256 Ki. */
export const CHUNK_CHARS = 256 * 1024;
/** Entry ids named by the ops of one transaction (erase and compact ops). */
export const CHUNK_IDS = 1000;

/** The ops in chunks, in order; sizes are measured as the chunks are taken. */
export function* pushChunks(ops: readonly SyncOp[]): Generator<SyncOp[]> {
  let chunk: SyncOp[] = [];
  let chars = 0;
  let ids = 0;
  for (const op of ops) {
    const size = JSON.stringify(op).length;
    const named = op.kind === 'erase' || op.kind === 'compact' ? op.entryIds.length : 0;
    if (chunk.length && (chars + size > CHUNK_CHARS || ids + named > CHUNK_IDS)) {
      yield chunk;
      chunk = [];
      chars = 0;
      ids = 0;
    }
    chunk.push(op);
    chars += size;
    ids += named;
  }
  if (chunk.length) yield chunk;
}
