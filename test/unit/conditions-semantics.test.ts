import { describe, expect, it } from 'vitest';
import { compileCondition } from '../../src/conditions/compile.js';

/** A message scope rich enough for every case below. */
const scope = {
  message: {
    role: 'user',
    type: 'message',
    content: 'hello world',
    empty: '',
    tags: ['a', 'b', 'c'],
    none: [],
    metadata: { a: 1, nested: { flag: true } },
    blank: {},
    zero: 0,
    count: 3,
    key: 'role',
  },
};
const run = (expression: string): boolean => compileCondition(expression, { names: ['message'] })(scope);

/** [expression, expected result] — each pair has a sibling that flips the result. */
type Case = readonly [string, boolean];
const table = (cases: readonly Case[]) =>
  it.each(cases)('%s → %s', (expression, expected) => {
    expect(run(expression)).toBe(expected);
  });

describe('conditions: literals', () => {
  table([
    ['1.5 == 3 / 2', true],
    ['.5 + .5 == 1', true],
    ['1e3 == 1000', true],
    ['1_000 == 1000', true],
    ['2.5e-1 == 0.25', true],
    ['-3 < -2', true],
    ['-3 > -2', false],
    [`'it\\'s' == "it's"`, true],
    [`"a\\tb" == 'a' + '\\t' + 'b'`, true],
    [`'\\x41\\u0042\\U00000043' == 'ABC'`, true],
    [`'\\101' == 'A'`, true],
    [`'a' 'b' == 'ab'`, true],
    [`'a' == "b"`, false],
    ['True == true', true],
    ['False == false', true],
    ['None == null', true],
    ['True == False', false],
    ['[1, 2] == [1, 2,]', true],
    ['(1, 2) == [1, 2]', true],
    ['() == []', true],
    ['(1,) == [1]', true],
    ['(1) == 1', true],
  ]);
});

describe('conditions: arithmetic with Python meaning', () => {
  table([
    ['2 + 3 * 4 == 14', true],
    ['(2 + 3) * 4 == 20', true],
    ['7 / 2 == 3.5', true],
    ['7 // 2 == 3', true],
    ['-7 // 2 == -4', true],
    ['7 % 3 == 1', true],
    ['-7 % 3 == 2', true],
    ['7 % -3 == -2', true],
    ['2 ** 10 == 1024', true],
    ['2 ** 3 ** 2 == 512', true],
    ['-2 ** 2 == -4', true],
    ['2 ** -1 == 0.5', true],
    ['- -3 == 3', true],
    ['+True == 1', true],
    ['True + True == 2', true],
    ["'ab' + 'cd' == 'abcd'", true],
    ['[1] + [2] == [1, 2]', true],
    ["'ab' * 3 == 'ababab'", true],
    ["3 * 'ab' == 'ababab'", true],
    ['[0] * 3 == [0, 0, 0]', true],
    ["'a' * -1 == ''", true],
    ["'a' * 1.5 is None", true],
    ['1 / 0 is None', true],
    ['1 // 0 is None', true],
    ['1 % 0 is None', true],
    ['0 ** -1 is None', true],
    ['10 ** 400 is None', true],
    ['(-8) ** 0.5 is None', true],
    ["'a' + 1 is None", true],
    ["'a' - 'b' is None", true],
    ["-'x' is None", true],
    ['message.count * 2 == 6', true],
    ['message.count * 2 == 7', false],
    ['message.missing + 1 is None', true],
  ]);
});

describe('conditions: comparisons, chains, identity, membership', () => {
  table([
    ['1 < 2 < 3', true],
    ['1 < 3 < 2', false],
    ['3 > 2 > 1', true],
    ['1 < 2 > 0', true],
    ['1 == 1.0 == True', true],
    ['1 != 2', true],
    ['1 != 1', false],
    ["'a' < 'b'", true],
    ["'B' < 'a'", true],
    ["'abc' <= 'abd'", true],
    ['2 >= 2', true],
    ['2 > 2', false],
    ['[1] == [1]', true],
    ['[1] != [2]', true],
    // Mismatched types are false both ways rather than raising.
    ['None < 3', false],
    ['None >= 3', false],
    ["'a' < 1", false],
    ['[1] < [2]', false],
    ["'ell' in 'hello'", true],
    ["'x' not in 'hello'", true],
    ["'x' in 'hello'", false],
    ['2 in [1, 2, 3]', true],
    ['4 in (1, 2, 3)', false],
    ['4 not in (1, 2, 3)', true],
    ['[1] in [[1], [2]]', true],
    ["'role' in message", true],
    ["'missing' not in message", true],
    ["'toString' in message", false],
    ["message.role in ('user', 'assistant')", true],
    ["message.role not in ('user', 'assistant')", false],
    ["'a' in message.tags", true],
    ["'refund' in message.content", false],
    ["'world' in message.content", true],
    ['1 in None', false],
    ['1 not in None', false],
    ["1 in 'abc'", false],
    ["'a' in 5", false],
    ['None is None', true],
    ['message.nothing is None', true],
    ['message.role is not None', true],
    ['True is True', true],
    ['1 is None', false],
    ['message.zero is not None', true],
  ]);
});

describe('conditions: and / or / not, short-circuit values and truthiness', () => {
  table([
    ["(0 or 'x') == 'x'", true],
    ["('' or None) is None", true],
    ["(1 and 'y') == 'y'", true],
    ['(0 and 1) == 0', true],
    ['([] or [1]) == [1]', true],
    ['None or 0', false],
    ['1 and 2 and 0', false],
    ['0 or 0 or 3', true],
    ['not None', true],
    ['not 0', true],
    ['not []', true],
    ["not 'a'", false],
    ['not not 1', true],
    ['not 1 == 2', true],
    ['message.content', true],
    ['message.empty', false],
    ['message.tags', true],
    ['message.none', false],
    ['message.metadata', true],
    ['message.blank', false],
    ['message.zero', false],
    ['0.0', false],
    ["float('nan')", true],
    ['message.missing', false],
  ]);

  it('does not evaluate the right operand when the left decides (and, or, chains)', () => {
    const touched: string[] = [];
    const spy = new Proxy(
      {},
      {
        getOwnPropertyDescriptor: (_target, key) => (touched.push(String(key)), undefined),
        getPrototypeOf: () => Object.prototype,
      },
    );
    const evaluate = (expression: string) => compileCondition(expression, { names: ['spy'] })({ spy });
    expect(evaluate('True or spy.a')).toBe(true);
    expect(evaluate('False and spy.b')).toBe(false);
    expect(evaluate('1 > 2 < spy.c')).toBe(false);
    expect(touched).toEqual([]);
    expect(evaluate('False or spy.d')).toBe(false);
    expect(evaluate('1 < 2 < spy.e')).toBe(false);
    expect(touched).toEqual(['d', 'e']);
  });
});

describe('conditions: reading data', () => {
  table([
    ["message.tags[0] == 'a'", true],
    ["message.tags[-1] == 'c'", true],
    ['message.tags[5] is None', true],
    ['message.tags[-5] is None', true],
    ['message.tags[1.5] is None', true],
    ["message['role'] == 'user'", true],
    ["message.content[0] == 'h'", true],
    ["message.content[-1] == 'd'", true],
    ["message.metadata['a'] == 1", true],
    ['message.metadata.nested.flag', true],
    ['message.metadata.nested.flag.deeper is None', true],
    ["message[message.key] == 'user'", true],
    ['(1, 2)[1] == 2', true],
    ['message.role.x is None', true],
    ['message.tags.length is None', true],
    ['message.content.length is None', true],
    ['message[0] is None', true],
    ["message.tags[True] == 'b'", true],
    ["message.tags[False] == 'b'", false],
  ]);
});

describe('conditions: functions and methods', () => {
  table([
    ["len('abc') == 3", true],
    ['len([1, 2]) == 2', true],
    ['len(message.metadata) == 2', true],
    ['len(None) is None', true],
    ['len(5) is None', true],
    ['len(message.content) > 100', false],
    ["str(12) == '12'", true],
    ["str(1.5) == '1.5'", true],
    ["str(None) == 'None'", true],
    ["str(True) == 'True'", true],
    [`str([1, 'a', None]) == "[1, 'a', None]"`, true],
    [`str(message.metadata) == "{'a': 1, 'nested': {'flag': True}}"`, true],
    [`str(float('inf')) == 'inf'`, true],
    [`str(1e-7) == '1e-07'`, true],
    ["int('42') == 42", true],
    ["int(' -7 ') == -7", true],
    ['int(3.9) == 3', true],
    ['int(-3.9) == -3', true],
    ["int('1_000') == 1000", true],
    ["int('3.5') is None", true],
    ["int('x') is None", true],
    ['int(True) == 1', true],
    ["float('1.5') == 1.5", true],
    ["float('1e3') == 1000", true],
    ["float('-inf') < -10 ** 300", true],
    ["float('abc') is None", true],
    ['float(None) is None', true],
    ['bool([]) == False', true],
    ['bool(2) == True', true],
    ['abs(-3) == 3', true],
    ["abs('x') is None", true],
    ["lower('ABC') == 'abc'", true],
    ["upper('abc') == 'ABC'", true],
    ['lower(None) is None', true],
    ["'Hello'.lower() == 'hello'", true],
    ["'Hello'.upper() == 'HELLO'", true],
    ["'  hi \\n'.strip() == 'hi'", true],
    ["'xxhixx'.strip('x') == 'hi'", true],
    ["'  hi'.lstrip() == 'hi'", true],
    ["'hi  '.rstrip() == 'hi'", true],
    ["'xhix'.lstrip('x') == 'hix'", true],
    ["message.content.startswith('hell')", true],
    ["message.content.endswith('world')", true],
    ["message.content.startswith(('x', 'h'))", true],
    ["message.content.startswith(('x', 'y'))", false],
    ["message.content.contains('o w')", true],
    ["message.get('role') == 'user'", true],
    ["message.get('nope', 'd') == 'd'", true],
    ["message.get('nope') is None", true],
    ["message.role.get('x') is None", true],
    ['message.tags.lower() is None', true],
    ['None.strip() is None', true],
    ["message.content.upper().startswith('HELLO')", true],
  ]);
});
