/**
 * The error of a failed model pass over a batch of turns: the summarizer failed, timed out or
 * never returned the JSON asked for, after every retry. Nothing was extracted from those turns;
 * the memory reports it as an `error` event and tries them again later.
 * @module
 */
import { SummarizerError } from '../../errors.js';

/** A batch of the model pass failed after every attempt; `entryIds` are the turns it covered. */
export class FactsModelError extends SummarizerError {
  override name = 'FactsModelError';
  /** The turns of the failed batch (`FactTurn.entryId`). */
  readonly entryIds: readonly string[];
  constructor(message: string, entryIds: readonly string[], options?: { cause?: unknown }) {
    super(message, options);
    this.entryIds = entryIds;
  }
}
