/**
 * `compileCondition`: turns a profile condition (`message.role != 'tool'`) into a predicate,
 * with a hand-written parser and a tree-walking evaluator — no `eval`, no `new Function`.
 * @module
 */
import type { ExpressionNode } from './ast.js';
import { ExpressionError, describe } from '../errors.js';
import { evaluate } from './evaluate.js';
import { MAX_EXPRESSION_LENGTH } from './limits.js';
import { parse } from './parser.js';
import { newBudget, truthy } from './values.js';

/** A compiled condition: true when the expression's value is truthy (Python truthiness). */
export type CompiledCondition = ((scope: Readonly<Record<string, unknown>>) => boolean) & {
  /** The expression it was compiled from. */
  readonly source: string;
};

/** Options of {@link compileCondition}. */
export interface CompileConditionOptions {
  /**
   * The top-level variables the expression may use (`['message']`, `['interaction']`).
   * Any other name is refused at compile time. When absent, any name is accepted.
   */
  readonly names?: readonly string[];
}

/** Nodes that read no variable: their value is known at compile time. */
function isConstant(node: ExpressionNode): boolean {
  switch (node.kind) {
    case 'literal':
      return true;
    case 'name':
      return false;
    case 'attribute':
      return isConstant(node.object);
    case 'subscript':
      return isConstant(node.object) && isConstant(node.index);
    case 'sequence':
      return node.items.every(isConstant);
    case 'unary':
      return isConstant(node.operand);
    case 'binary':
      return isConstant(node.left) && isConstant(node.right);
    case 'logical':
    case 'compare':
      return node.operands.every(isConstant);
    case 'call':
      return node.args.every(isConstant);
    case 'method':
      return isConstant(node.object) && node.args.every(isConstant);
  }
}

const children = (node: ExpressionNode): readonly ExpressionNode[] => {
  switch (node.kind) {
    case 'literal':
    case 'name':
      return [];
    case 'attribute':
      return [node.object];
    case 'subscript':
      return [node.object, node.index];
    case 'sequence':
      return node.items;
    case 'unary':
      return [node.operand];
    case 'binary':
      return [node.left, node.right];
    case 'logical':
    case 'compare':
      return node.operands;
    case 'call':
      return node.args;
    case 'method':
      return [node.object, ...node.args];
  }
};

/** Evaluates each variable-free subtree once, refusing results that break a size limit. */
function checkConstants(expression: string, node: ExpressionNode): void {
  if (!isConstant(node)) {
    for (const child of children(node)) checkConstants(expression, child);
    return;
  }
  evaluate(node, {
    scope: null,
    budget: newBudget(),
    onLimit: (at, problem) => {
      throw new ExpressionError(expression, at.pos, problem);
    },
  });
}

/**
 * Compiles a condition written in Python expression syntax (simpleeval style) into a predicate
 * over a scope such as `{ message }`. Throws {@link ExpressionError} (with a 0-based `position`)
 * for anything outside the language, a name not in `options.names`, a blocked property
 * (`__proto__`, `constructor`, `_private`), a call of anything but the whitelisted functions and
 * methods, or an expression over the size limits. The predicate never throws: missing
 * properties read as None, and comparisons between mismatched types are false.
 * @example
 * ```ts
 * const keep = compileCondition("message.role != 'tool'", { names: ['message'] });
 * keep({ message: { role: 'user', content: 'hi' } }); // true
 * ```
 */
export function compileCondition(expression: string, options: CompileConditionOptions = {}): CompiledCondition {
  if (typeof expression !== 'string') {
    throw new ExpressionError('', 0, `a condition must be a string, received ${describe(expression)}`);
  }
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    throw new ExpressionError(
      `${expression.slice(0, 80)}…`,
      MAX_EXPRESSION_LENGTH,
      `expression longer than ${MAX_EXPRESSION_LENGTH} characters (${expression.length})`,
    );
  }
  const tree = parse(expression, { names: options.names });
  checkConstants(expression, tree);
  const condition = (scope: Readonly<Record<string, unknown>>): boolean =>
    truthy(evaluate(tree, { scope, budget: newBudget() }));
  return Object.freeze(Object.assign(condition, { source: expression }));
}
