/**
 * Recursive-descent parser for condition expressions (Python expression syntax, precedence
 * from lowest to highest: `or`, `and`, `not`, comparisons, `+ -`, `* / // %`, unary `- +`,
 * `**`, then `.attr`, `[index]` and calls). Every refusal is an {@link ExpressionError} with the
 * offset of the offending token; size and nesting are checked as the tree is built, so hostile
 * input cannot exhaust the stack.
 * @module
 */
import type { ComparisonOperator, ExpressionNode } from './ast.js';
import { FUNCTIONS, METHODS, isFunction, isMethod } from './builtins.js';
import { ExpressionError } from '../errors.js';
import { MAX_NESTING_DEPTH, MAX_NODES } from './limits.js';
import { tokenize, type Token } from './lexer.js';
import { CONSTANTS, KEYWORDS, REFUSED_KEYWORDS, isBlockedKey, refusedKeywordProblem } from './rules.js';

/** What the parser accepts beyond the grammar. */
export interface ParseOptions {
  /** Allowed top-level names; any name when absent. */
  readonly names?: readonly string[] | undefined;
}

const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=']);
const list = (names: Iterable<string>): string => [...names].join(', ');

/** Parses `expression` into a syntax tree. Throws {@link ExpressionError}. */
export function parse(expression: string, options: ParseOptions = {}): ExpressionNode {
  const tokens = tokenize(expression);
  let at = 0;
  let depth = 0;
  let nodes = 0;

  const fail = (pos: number, problem: string): never => {
    throw new ExpressionError(expression, pos, problem);
  };
  const peek = (): Token => {
    const token = tokens[at] as Token;
    return token.kind === 'refused' ? fail(token.pos, token.value) : token;
  };
  const next = (): Token => {
    const token = peek();
    at++;
    return token;
  };
  const isOp = (value: string, token = peek()): boolean => token.kind === 'op' && token.value === value;
  const isWord = (value: string, token = peek()): boolean => token.kind === 'name' && token.value === value;
  const describe = (token: Token): string =>
    token.kind === 'end' ? 'end of expression' : token.kind === 'string' ? 'string' : `'${token.value}'`;
  const unexpected = (token: Token): never =>
    fail(
      token.pos,
      token.kind === 'name' && REFUSED_KEYWORDS.has(token.value)
        ? refusedKeywordProblem(token.value)
        : `unexpected ${describe(token)}`,
    );
  const expect = (value: string): void => {
    const token = peek();
    if (token.kind === 'name' && REFUSED_KEYWORDS.has(token.value)) unexpected(token);
    if (!isOp(value, token)) fail(token.pos, `expected '${value}' but found ${describe(token)}`);
    at++;
  };
  const node = <N extends ExpressionNode>(n: N): N => {
    if (++nodes > MAX_NODES) fail(n.pos, `expression has more than ${MAX_NODES} parts`);
    return n;
  };
  const nested = <T>(pos: number, parse: () => T): T => {
    if (++depth > MAX_NESTING_DEPTH) fail(pos, `expression nested deeper than ${MAX_NESTING_DEPTH} levels`);
    const result = parse();
    depth--;
    return result;
  };
  const checkKey = (key: string, pos: number): void => {
    if (isBlockedKey(key))
      fail(pos, `access to "${key}" is not allowed (names starting with '_', constructor, prototype)`);
  };
  const checkArity = (
    kind: string,
    name: string,
    pos: number,
    count: number,
    spec: { min: number; max: number },
  ): void => {
    if (count < spec.min || count > spec.max) {
      const wanted = spec.min === spec.max ? `${spec.min}` : `${spec.min} to ${spec.max}`;
      fail(pos, `${kind} ${name}() takes ${wanted} argument${spec.max === 1 ? '' : 's'}, got ${count}`);
    }
  };

  /** Comma-separated expressions up to `close`; a trailing comma is allowed. */
  const items = (close: string): { items: ExpressionNode[]; comma: boolean } => {
    const result: ExpressionNode[] = [];
    let comma = false;
    while (!isOp(close)) {
      result.push(parseOr());
      if (!isOp(',')) break;
      comma = true;
      at++;
    }
    expect(close);
    return { items: result, comma };
  };

  const parseOr = (): ExpressionNode => logical('or', parseAnd);
  const parseAnd = (): ExpressionNode => logical('and', parseNot);
  const logical = (operator: 'and' | 'or', operand: () => ExpressionNode): ExpressionNode => {
    const first = operand();
    const operands = [first];
    while (isWord(operator)) {
      at++;
      operands.push(operand());
    }
    return operands.length === 1 ? first : node({ kind: 'logical', pos: first.pos, operator, operands });
  };

  const parseNot = (): ExpressionNode => {
    if (!isWord('not')) return parseComparison();
    const pos = next().pos;
    return node({ kind: 'unary', pos, operator: 'not', operand: nested(pos, parseNot) });
  };

  const comparisonOperator = (): ComparisonOperator | undefined => {
    const token = peek();
    if (token.kind === 'op' && COMPARISONS.has(token.value)) return token.value as ComparisonOperator;
    if (isWord('in')) return 'in';
    if (isWord('is')) return isWord('not', tokens[at + 1]) ? 'is not' : 'is';
    if (isWord('not') && isWord('in', tokens[at + 1])) return 'not in';
    return undefined;
  };

  const parseComparison = (): ExpressionNode => {
    const first = parseArithmetic();
    const operands = [first];
    const operators: ComparisonOperator[] = [];
    const operatorPos: number[] = [];
    for (let op = comparisonOperator(); op !== undefined; op = comparisonOperator()) {
      operatorPos.push(peek().pos);
      at += op.includes(' ') ? 2 : 1;
      operators.push(op);
      operands.push(parseArithmetic());
    }
    return operators.length === 0 ? first : node({ kind: 'compare', pos: first.pos, operands, operators, operatorPos });
  };

  const binary = (operators: readonly string[], operand: () => ExpressionNode) => (): ExpressionNode => {
    let left = operand();
    for (let token = peek(); token.kind === 'op' && operators.includes(token.value); token = peek()) {
      at++;
      const operator = token.value as '+';
      left = node({ kind: 'binary', pos: token.pos, operator, left, right: operand() });
    }
    return left;
  };

  const parseUnary = (): ExpressionNode => {
    if (!isOp('-') && !isOp('+')) return parsePower();
    const token = next();
    const operator = token.value as '-' | '+';
    return node({ kind: 'unary', pos: token.pos, operator, operand: nested(token.pos, parseUnary) });
  };
  const parseTerm = binary(['*', '/', '//', '%'], parseUnary);
  const parseArithmetic = binary(['+', '-'], parseTerm);

  const parsePower = (): ExpressionNode => {
    const base = parsePostfix();
    if (!isOp('**')) return base;
    const pos = next().pos;
    return node({ kind: 'binary', pos, operator: '**', left: base, right: nested(pos, parseUnary) });
  };

  const parsePostfix = (): ExpressionNode => {
    let value = parseAtom();
    for (;;) {
      const token = peek();
      if (isOp('.')) {
        at++;
        const name = next();
        if (name.kind !== 'name') return unexpected(name);
        checkKey(name.value, name.pos);
        if (isOp('(')) {
          if (!isMethod(name.value)) {
            fail(name.pos, `method ${name.value}() is not allowed; allowed methods: ${list(Object.keys(METHODS))}`);
          }
          const args = nested(next().pos, () => items(')').items);
          checkArity('method', name.value, name.pos, args.length, METHODS[name.value] as { min: number; max: number });
          const key = args[0];
          if (name.value === 'get' && key?.kind === 'literal' && typeof key.value === 'string')
            checkKey(key.value, key.pos);
          value = node({ kind: 'method', pos: token.pos, object: value, name: name.value, namePos: name.pos, args });
        } else {
          value = node({ kind: 'attribute', pos: token.pos, object: value, name: name.value, namePos: name.pos });
        }
      } else if (isOp('[')) {
        at++;
        const index = nested(token.pos, parseOr);
        expect(']');
        if (index.kind === 'literal' && typeof index.value === 'string') checkKey(index.value, index.pos);
        value = node({ kind: 'subscript', pos: token.pos, object: value, index });
      } else if (isOp('(')) {
        const allowed = `${list(Object.keys(FUNCTIONS))} and methods ${list(Object.keys(METHODS))}`;
        return fail(token.pos, `only the functions ${allowed} can be called`);
      } else {
        return value;
      }
    }
  };

  const parseAtom = (): ExpressionNode => {
    const token = next();
    if (token.kind === 'number') return node({ kind: 'literal', pos: token.pos, value: token.value });
    if (token.kind === 'string') {
      let value = token.value;
      while (peek().kind === 'string') value += next().value;
      return node({ kind: 'literal', pos: token.pos, value });
    }
    if (isOp('(', token) || isOp('[', token)) {
      const close = token.value === '(' ? ')' : ']';
      const { items: parts, comma } = nested(token.pos, () => items(close));
      const single = parts[0];
      if (close === ')' && parts.length === 1 && !comma && single) return single;
      return node({ kind: 'sequence', pos: token.pos, items: parts });
    }
    if (token.kind !== 'name' || KEYWORDS.has(token.value) || REFUSED_KEYWORDS.has(token.value))
      return unexpected(token);
    const constant = CONSTANTS.get(token.value);
    if (constant !== undefined) return node({ kind: 'literal', pos: token.pos, value: constant });
    const name = token.value;
    if (isOp('(')) {
      if (!isFunction(name)) {
        fail(token.pos, `function ${name}() is not allowed; allowed functions: ${list(Object.keys(FUNCTIONS))}`);
      }
      const args = nested(next().pos, () => items(')').items);
      checkArity('function', name, token.pos, args.length, FUNCTIONS[name] as { min: number; max: number });
      return node({ kind: 'call', pos: token.pos, name, args });
    }
    checkKey(name, token.pos);
    if (options.names && !options.names.includes(name)) {
      fail(
        token.pos,
        `unknown name "${name}"; allowed names: ${options.names.length ? list(options.names) : '(none)'}`,
      );
    }
    return node({ kind: 'name', pos: token.pos, name });
  };

  const tree = parseOr();
  if (peek().kind !== 'end') unexpected(peek());
  return tree;
}
