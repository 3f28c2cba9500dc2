/**
 * The bounds that keep a condition cheap to compile and to evaluate, whatever its text or data.
 * @module
 */

/** Longest accepted expression, in characters. */
export const MAX_EXPRESSION_LENGTH = 2_000;

/** Deepest accepted nesting of brackets, calls and unary operators. */
export const MAX_NESTING_DEPTH = 64;

/** Most syntax-tree nodes an expression may have. */
export const MAX_NODES = 500;

/**
 * Longest string or array that `+`, `*` and `str()` may build. A longer result evaluates to
 * None (and is refused at compile time when the operands are literals).
 */
export const MAX_RESULT_LENGTH = 100_000;

/** Deepest structure that `==` and `str()` descend into; deeper values compare as undecided. */
export const MAX_VALUE_DEPTH = 64;

/**
 * Work units one evaluation may spend on `==`, `in` over arrays and `str()`: one per nested
 * array/object or element visited, one per 64 characters of equal-length strings compared.
 * Past it, the comparison is undecided (false) and `str()` is None. Everything else an
 * evaluation does costs at most linear time in the data per syntax-tree node.
 */
export const MAX_WORK = 10_000_000;
