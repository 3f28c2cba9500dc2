/**
 * The data shapes recall's modules share: documents in, hits out, collection statistics and
 * aux values. Implementations import them from here, so no two recall modules import each
 * other for a type.
 * @module
 */

/** What is indexed of one entry. */
export interface RecallDoc {
  /** The entry id, returned by searches. */
  id: string;
  text: string;
  /** Who said it: a name ("Caroline") found by questions that name them. */
  speaker?: string;
  /** The entry's role (`user`, `assistant`), indexed with the speaker. */
  role?: string;
  /**
   * When it was said: ISO string, epoch ms or Date (history recorded elsewhere passes its own
   * time). Dates become searchable; turns an hour apart are not neighbours.
   */
  timestamp?: string | number | Date;
  /** `speaker`: a name, as `speaker` above. */
  metadata?: Record<string, unknown>;
  /**
   * Not a turn of the conversation (e.g. a summary): it neither lends nor borrows
   * neighbouring-turn context and belongs to no episode.
   */
  standalone?: boolean;
}

/** An indexed document: id, terms per field, time (epoch ms, NaN unknown), standalone. */
export interface AnalyzedDoc {
  id: string;
  fields: string[][];
  time: number;
  standalone: boolean;
}

/** One scored entry. */
export interface SearchHit {
  id: string;
  score: number;
}

/**
 * Collection statistics a search scores with. By default an index uses its own; recall over
 * several indexes (`scope: 'all'`) sums every index's (`addTermStats`) so that scores
 * compare across them, as if all their documents were in one index.
 */
export interface TermStats {
  /** Live documents. */
  n: number;
  /** Per field: sum of the live documents' lengths. */
  lengthSums: number[];
  /** Episodes (sittings) and their total text length. */
  episodes: number;
  episodeLength: number;
  /** By query term: documents holding it in a scored field. */
  df: Map<string, number>;
  /** By query term: episodes holding it in the text. */
  edf: Map<string, number>;
  /** By query term: user and assistant turns that address it as a name (`lexical/addressee.ts`). */
  addressed: AddressCounts;
}

/** By query term: how many live turns of the user and of the assistant address it as a name. */
export type AddressCounts = Map<string, [user: number, assistant: number]>;

/** Aux values by key, ready for `StoreBatch.aux`; `null` deletes a key. */
export type AuxEntries = Record<string, unknown>;

/** Turns texts into vectors (the `embedder` option of `createMemory`). */
export type Embedder = (texts: string[]) => Promise<number[][]>;
