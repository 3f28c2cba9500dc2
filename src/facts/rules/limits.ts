/**
 * How much of a turn the rule extractor reads, so that no input, however large, holds the thread
 * for long: a bounded prefix of the turn, in bounded clauses. A fact stated past these bounds is
 * not extracted (the turn is still stored and recalled whole); chat turns are far below them.
 * @module
 */

/** Characters of a turn read: the rest of a longer turn is not looked at (about 1,300 words). */
export const MAX_TURN_CHARS = 8_000;

/** Characters of one clause read: a longer run without a sentence break is cut here. */
export const MAX_CLAUSE_CHARS = 400;

/** Clauses read per turn. */
export const MAX_CLAUSES = 400;

/** Candidates returned per turn. */
export const MAX_CANDIDATES = 64;

/**
 * Characters of a turn the frame reader reads (the patterns read up to `MAX_TURN_CHARS`): it
 * costs more per clause, and a fact about the user is said early in a chat turn, not 2,000
 * characters into a pasted text.
 */
export const MAX_FRAME_CHARS = 2_000;
