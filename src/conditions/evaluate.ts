/**
 * The tree-walking evaluator. It never throws: a missing property, a type mismatch or an
 * oversized result evaluates to None (`null`), and comparisons that Python would refuse are
 * false. Recursion is bounded by the syntax tree's size, which the parser caps.
 * @module
 */
import type { ComparisonOperator, ExpressionNode } from './ast.js';
import { FUNCTIONS, METHODS } from './builtins.js';
import { arithmetic, unaryArithmetic, type LimitHook } from './operators.js';
import { contains, equals, order, ownData, readKey, truthy, type Budget } from './values.js';

/** What one evaluation carries along. */
export interface EvaluationContext {
  /** Variables (`message`, `interaction`); only own data properties are read. */
  readonly scope: unknown;
  readonly budget: Budget;
  /** Told when a result is refused for its size, with the node that produced it. */
  readonly onLimit?: (node: ExpressionNode, problem: string) => void;
}

/** Python `a <op> b` for one link of a comparison chain. */
function compare(operator: ComparisonOperator, a: unknown, b: unknown, budget: Budget): boolean {
  switch (operator) {
    case '==':
      return equals(a, b, budget) === true;
    case '!=':
      return equals(a, b, budget) === false;
    case 'in':
      return contains(b, a, budget) === true;
    case 'not in':
      return contains(b, a, budget) === false;
    case 'is':
      return a === b || ((a === null || a === undefined) && (b === null || b === undefined));
    case 'is not':
      return !compare('is', a, b, budget);
    default: {
      const sign = order(a, b);
      if (sign === undefined) return false;
      return operator === '<' ? sign < 0 : operator === '<=' ? sign <= 0 : operator === '>' ? sign > 0 : sign >= 0;
    }
  }
}

/** Evaluates `node` to a value (None is `null`). */
export function evaluate(node: ExpressionNode, context: EvaluationContext): unknown {
  const { budget } = context;
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'name': {
      const { scope } = context;
      return typeof scope === 'object' && scope !== null ? ownData(scope, node.name) : null;
    }
    case 'attribute':
      return readKey(evaluate(node.object, context), node.name);
    case 'subscript':
      return readKey(evaluate(node.object, context), evaluate(node.index, context));
    case 'sequence':
      return node.items.map((item) => evaluate(item, context));
    case 'unary': {
      const value = evaluate(node.operand, context);
      return node.operator === 'not' ? !truthy(value) : unaryArithmetic(node.operator, value);
    }
    case 'binary': {
      const left = evaluate(node.left, context);
      const right = evaluate(node.right, context);
      const { onLimit } = context;
      const hook: LimitHook | undefined = onLimit && ((problem) => onLimit(node, problem));
      return arithmetic(node.operator, left, right, hook);
    }
    case 'logical': {
      let value: unknown = null;
      for (const operand of node.operands) {
        value = evaluate(operand, context);
        if (truthy(value) === (node.operator === 'or')) return value;
      }
      return value;
    }
    case 'compare': {
      let left = evaluate(node.operands[0] as ExpressionNode, context);
      for (let i = 0; i < node.operators.length; i++) {
        const right = evaluate(node.operands[i + 1] as ExpressionNode, context);
        if (!compare(node.operators[i] as ComparisonOperator, left, right, budget)) return false;
        left = right;
      }
      return true;
    }
    case 'call': {
      const fn = Object.hasOwn(FUNCTIONS, node.name) ? FUNCTIONS[node.name] : undefined;
      const args = node.args.map((arg) => evaluate(arg, context));
      return fn ? fn.call(args, budget) : null;
    }
    case 'method': {
      const receiver = evaluate(node.object, context);
      const method = Object.hasOwn(METHODS, node.name) ? METHODS[node.name] : undefined;
      const args = node.args.map((arg) => evaluate(arg, context));
      return method ? method.call(receiver, args, budget) : null;
    }
  }
}
