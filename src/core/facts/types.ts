/**
 * The shapes shared by the facts modules of the engine (the fold, the log, the context block),
 * in one home so they never import each other for a type.
 * @module
 */
import type { Fact, FactRecord, ForgetFactRecord, StatedFactRecord } from '../../facts/types.js';

/** A fact with what the fold knows about it beyond the public shape. */
export interface FoldedFact extends Fact {
  /** The key its value compares by (with the attribute, what a forget hashes). */
  key: string;
  /** Records this fact was made from (a forget erases them). */
  records: string[];
}

/** A forgotten value, with when it was forgotten. */
export interface Forgotten {
  key: ForgetFactRecord['keys'][number];
  at: number;
}

/** What the records mean. */
export interface FoldResult {
  /** Every fact, current and superseded, in the order the fold made them. */
  facts: FoldedFact[];
  byId: Map<string, FoldedFact>;
  /** Records a forget or a rewrite leaves out: they should be erased from the store. */
  suppressed: string[];
  /** Counted records that still mention a forgotten value, each with its rewrite without it. */
  rewrites: { from: StatedFactRecord; to: StatedFactRecord }[];
  /** The forgotten values. */
  forgotten: Forgotten[];
  /** Ids of every record given (suppressed ones included). */
  present: Set<string>;
  /** Record ids that must never be written again (named by a forget, or rewritten). */
  blocked: Set<string>;
  /** Whether a record would be left out (blocked, or stating a value forgotten after its time). */
  leavesOut(record: FactRecord): boolean;
}
