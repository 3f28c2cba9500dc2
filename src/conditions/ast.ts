/**
 * The syntax tree of a condition expression. Every node records `pos`, the 0-based offset of
 * the source text it came from, so compile-time refusals can point at it.
 * @module
 */

/** A binary arithmetic operator. */
export type ArithmeticOperator = '+' | '-' | '*' | '/' | '//' | '%' | '**';

/** A comparison operator; Python chains them (`1 < x < 3`). */
export type ComparisonOperator = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'not in' | 'is' | 'is not';

/** A literal: a number, string, boolean or None (`null`). */
export interface LiteralNode {
  readonly kind: 'literal';
  readonly pos: number;
  readonly value: number | string | boolean | null;
}

/** A top-level variable (`message`, `interaction`). */
export interface NameNode {
  readonly kind: 'name';
  readonly pos: number;
  readonly name: string;
}

/** `a.b`: reads an own property of a plain object. */
export interface AttributeNode {
  readonly kind: 'attribute';
  readonly pos: number;
  readonly object: ExpressionNode;
  readonly name: string;
  /** Offset of the attribute name itself. */
  readonly namePos: number;
}

/** `a[k]`: an array index, a string index or an own property of a plain object. */
export interface SubscriptNode {
  readonly kind: 'subscript';
  readonly pos: number;
  readonly object: ExpressionNode;
  readonly index: ExpressionNode;
}

/** A list `[a, b]` or tuple `(a, b)` literal; both evaluate to an array. */
export interface SequenceNode {
  readonly kind: 'sequence';
  readonly pos: number;
  readonly items: readonly ExpressionNode[];
}

/** `-x`, `+x`, `not x`. */
export interface UnaryNode {
  readonly kind: 'unary';
  readonly pos: number;
  readonly operator: '-' | '+' | 'not';
  readonly operand: ExpressionNode;
}

/** `a + b` and the other arithmetic operators. */
export interface BinaryNode {
  readonly kind: 'binary';
  readonly pos: number;
  readonly operator: ArithmeticOperator;
  readonly left: ExpressionNode;
  readonly right: ExpressionNode;
}

/** `a and b and c` / `a or b`: Python short-circuit, yields an operand. */
export interface LogicalNode {
  readonly kind: 'logical';
  readonly pos: number;
  readonly operator: 'and' | 'or';
  readonly operands: readonly ExpressionNode[];
}

/** `a < b <= c`: `operators[i]` sits between `operands[i]` and `operands[i + 1]`. */
export interface CompareNode {
  readonly kind: 'compare';
  readonly pos: number;
  readonly operands: readonly ExpressionNode[];
  readonly operators: readonly ComparisonOperator[];
  /** Offsets of the operators. */
  readonly operatorPos: readonly number[];
}

/** `len(x)`: a call of a whitelisted function. */
export interface CallNode {
  readonly kind: 'call';
  readonly pos: number;
  readonly name: string;
  readonly args: readonly ExpressionNode[];
}

/** `x.lower()`: a call of a whitelisted method on a value. */
export interface MethodNode {
  readonly kind: 'method';
  readonly pos: number;
  readonly object: ExpressionNode;
  readonly name: string;
  /** Offset of the method name. */
  readonly namePos: number;
  readonly args: readonly ExpressionNode[];
}

/** Any node of a condition's syntax tree. */
export type ExpressionNode =
  | LiteralNode
  | NameNode
  | AttributeNode
  | SubscriptNode
  | SequenceNode
  | UnaryNode
  | BinaryNode
  | LogicalNode
  | CompareNode
  | CallNode
  | MethodNode;
