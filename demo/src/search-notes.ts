/**
 * The assistant's `search_notes` tool: `memory.recall` over the whole session, summarized
 * (compressed) entries included, narrowed to statements the user made earlier.
 * @module
 */
import type { Memory } from 'recallkit';
import type { MemoryEntry } from 'recallkit';
import { keywords, type Note } from './assistant.js';

const MAX_NOTES = 3;

function isStatement(e: MemoryEntry, excludeId: string): boolean {
  return e.type === 'message' && e.role === 'user' && e.id !== excludeId && !e.content.trim().endsWith('?');
}

/** Keyword overlap, for an engine whose recall is unavailable. */
function scan(entries: readonly MemoryEntry[], query: string): MemoryEntry[] {
  const wanted = keywords(query);
  return entries
    .map((e) => ({ e, score: keywords(e.content).filter((w) => wanted.includes(w)).length }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || b.e.seq - a.e.seq)
    .map((x) => x.e);
}

/**
 * Earlier user statements matching `query`, best first; `excludeId` is the question itself.
 * Uses `recall` (compressed history included); falls back to a keyword scan of the export.
 */
export async function searchNotes(
  memory: Memory,
  sessionId: string,
  query: string,
  excludeId: string,
): Promise<Note[]> {
  let found: MemoryEntry[];
  try {
    const hits = await memory.recall(sessionId, query, { topK: 12, types: ['message'] });
    found = hits.map((h) => h.entry);
  } catch {
    found = scan((await memory.exportSession(sessionId)).entries, query);
  }
  return found
    .filter((e) => isStatement(e, excludeId))
    .slice(0, MAX_NOTES)
    .map((e) => ({ turn: e.interaction, text: e.content }));
}
