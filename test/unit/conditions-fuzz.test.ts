import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileCondition, type CompiledCondition } from '../../src/conditions/compile.js';
import { ExpressionError } from '../../src/errors.js';

const RUNS = { seed: 42, numRuns: 2000 } as const;

/** Compiles, returning the ExpressionError instead of throwing it; any other throw fails the test. */
function tryCompile(expression: string): CompiledCondition | ExpressionError {
  try {
    return compileCondition(expression, { names: ['message'] });
  } catch (error) {
    if (error instanceof ExpressionError) return error;
    throw error;
  }
}

const keys = ['role', 'content', 'metadata', 'tags', 'type', 'isError', 'a', '0'] as const;
const functions = ['len', 'str', 'int', 'float', 'bool', 'abs', 'lower', 'upper'] as const;
const binaryOperators = [
  '+',
  '-',
  '*',
  '/',
  '//',
  '%',
  '**',
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'in',
  'not in',
  'is',
  'is not',
  'and',
  'or',
];

/** Expressions of the grammar, written as text (operands parenthesized so any nesting is valid). */
const { expression } = fc.letrec<{ expression: string }>((tie) => {
  const sub = tie('expression');
  const leaf = fc.oneof(
    fc.integer({ min: -1000, max: 1000 }).map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map(String),
    fc.string({ maxLength: 8 }).map((s) => JSON.stringify(s)),
    fc.constantFrom('True', 'False', 'None', 'true', 'false', 'null', 'message'),
  );
  return {
    expression: fc.oneof(
      { maxDepth: 5, depthIdentifier: 'expression' },
      leaf,
      fc.tuple(fc.constantFrom('not ', '-', '+'), sub).map(([op, x]) => `${op}(${x})`),
      fc.tuple(sub, fc.constantFrom(...binaryOperators), sub).map(([a, op, b]) => `(${a}) ${op} (${b})`),
      fc
        .tuple(sub, fc.constantFrom('<', '==', '>=', 'in'), sub, sub)
        .map(([a, op, b, c]) => `(${a}) ${op} (${b}) < (${c})`),
      fc.tuple(sub, fc.constantFrom(...keys.filter((k) => k !== '0'))).map(([x, k]) => `(${x}).${k}`),
      fc
        .tuple(
          sub,
          fc.oneof(
            sub,
            fc.constantFrom(...keys).map((k) => JSON.stringify(k)),
          ),
        )
        .map(([x, k]) => `(${x})[${k}]`),
      fc.tuple(fc.constantFrom(...functions), sub).map(([f, x]) => `${f}(${x})`),
      fc.tuple(sub, fc.constantFrom('lower', 'upper', 'strip')).map(([x, m]) => `(${x}).${m}()`),
      fc
        .tuple(sub, fc.constantFrom('startswith', 'endswith', 'contains', 'get', 'strip'), sub)
        .map(([x, m, a]) => `(${x}).${m}(${a})`),
      fc.array(sub, { maxLength: 3 }).map((items) => `[${items.join(', ')}]`),
      fc.array(sub, { maxLength: 3 }).map((items) => `(${items.join(', ')}${items.length === 1 ? ',' : ''})`),
    ),
  };
});

/** Message-like scopes: JSON data with the keys expressions use, and anything fast-check can build. */
const scope = fc
  .oneof(
    fc.record({
      role: fc.constantFrom('user', 'assistant', 'tool', 'system'),
      content: fc.string({ maxLength: 40 }),
      metadata: fc.dictionary(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 2 })),
      tags: fc.array(fc.oneof(fc.string({ maxLength: 3 }), fc.integer()), { maxLength: 4 }),
      isError: fc.boolean(),
    }),
    fc.anything({
      maxDepth: 3,
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
    }),
  )
  .map((message) => ({ message }));

/** Text made of the language's pieces (and some that are refused), so parsing gets deep often. */
const tokenSoup = fc
  .array(
    fc.constantFrom(
      'message',
      '.',
      'role',
      '[',
      ']',
      '(',
      ')',
      ',',
      "'x'",
      '"y',
      '1',
      '-',
      '2.5',
      '**',
      '*',
      '//',
      '==',
      '<',
      'in',
      'not',
      'is',
      'and',
      'or',
      'len',
      'lower',
      '()',
      'True',
      'None',
      '__proto__',
      'constructor',
      'lambda',
      ':',
      ';',
      '=',
      'if',
      'else',
      '\\',
      '#',
      '{',
      '}',
      '0x1',
      '1e',
      "'\\x4'",
      'eval',
      'get',
      'startswith',
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(' '));

describe('conditions: fuzzing (seeded)', () => {
  it('any text either compiles or throws an ExpressionError with a position inside it', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), tokenSoup), (text) => {
        const result = tryCompile(text);
        if (result instanceof ExpressionError) {
          expect(result.position).toBeGreaterThanOrEqual(0);
          expect(result.position).toBeLessThanOrEqual(text.length);
        } else {
          expect(typeof result({ message: { role: 'user' } })).toBe('boolean');
        }
      }),
      RUNS,
    );
  });

  it('any expression of the grammar compiles (unless over a size limit) and evaluates to a boolean without throwing', () => {
    let compiled = 0;
    fc.assert(
      fc.property(expression, scope, (text, variables) => {
        const result = tryCompile(text);
        if (result instanceof ExpressionError) {
          expect(result.message).toMatch(/longer than|more than 500 parts|deeper than 64/);
          return;
        }
        compiled++;
        expect(typeof result(variables)).toBe('boolean');
        expect(result(variables)).toBe(result(variables));
      }),
      RUNS,
    );
    // The property is about evaluation: most generated expressions must get that far.
    expect(compiled).toBeGreaterThan(RUNS.numRuns * 0.9);
  });

  it('string literals round-trip through the lexer', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        const condition = compileCondition(`${JSON.stringify(text)} == message.content`, { names: ['message'] });
        expect(condition({ message: { content: text } })).toBe(true);
        expect(condition({ message: { content: `${text}.` } })).toBe(false);
      }),
      RUNS,
    );
  });

  it('no generated expression reaches a getter, a prototype or a function of the data', () => {
    let calls = 0;
    const trap = () => {
      calls++;
      return 'leaked';
    };
    class Proto {
      get role() {
        return trap();
      }
    }
    const hostile = () => {
      const target = Object.create(new Proto()) as Record<string, unknown>;
      Object.defineProperty(target, 'content', { get: trap, enumerable: true });
      Object.defineProperty(target, 'metadata', { get: trap, enumerable: true });
      const tags: unknown[] = ['a'];
      Object.defineProperty(tags, 1, { get: trap, enumerable: true });
      const plain: Record<string, unknown> = {
        toString: trap,
        valueOf: trap,
        [Symbol.toPrimitive]: trap,
        tags,
        a: trap,
        type: target,
      };
      Object.defineProperty(plain, 'isError', { get: trap, enumerable: true });
      Object.defineProperty(plain, 'role', { get: trap, enumerable: true });
      return plain;
    };
    fc.assert(
      fc.property(expression, (text) => {
        calls = 0;
        const result = tryCompile(text);
        if (result instanceof ExpressionError) return;
        expect(typeof result({ message: hostile() })).toBe('boolean');
        expect(calls).toBe(0);
      }),
      RUNS,
    );
  });
});
