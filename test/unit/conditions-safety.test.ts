import { describe, expect, it } from 'vitest';
import { compileCondition } from '../../src/conditions/compile.js';
import { ExpressionError } from '../../src/errors.js';

function compileError(expression: string, names: readonly string[] = ['message']): ExpressionError {
  try {
    compileCondition(expression, { names });
  } catch (error) {
    if (error instanceof ExpressionError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(expression)} to be refused`);
}

describe('conditions: hostile and malformed input is refused at compile time, with its position', () => {
  it.each([
    ['__proto__', 0, '__proto__'],
    ["constructor.constructor('return process')()", 0, 'constructor'],
    ['message.__class__', 8, '__class__'],
    ['().__class__.__bases__', 3, '__class__'],
    ['message.constructor', 8, 'constructor'],
    ['message.prototype', 8, 'prototype'],
    ["message['__proto__']", 8, '__proto__'],
    ["message.get('__proto__')", 12, '__proto__'],
    ['message._private', 8, '_private'],
    ['import os', 0, "'import'"],
    ["__import__('os')", 0, 'not allowed'],
    ['lambda: 1', 0, "'lambda'"],
    ["message.role if message else 'x'", 13, 'conditional'],
    ['[message for message in message]', 9, 'comprehensions'],
    ["eval('1')", 0, 'eval() is not allowed'],
    ["print('x')", 0, 'print() is not allowed'],
    ['message.role; message.type', 12, "';'"],
    ["message.role = 'x'", 13, 'assignment'],
    ["message.role == 'abc", 16, 'unterminated string'],
    ["'abc", 0, 'unterminated string'],
    ["message.role == '''x'''", 16, 'triple-quoted'],
    ["message.role == f'x'", 16, 'string prefixes'],
    ["'\\q'", 1, 'unknown escape'],
    ["'\\x4'", 1, 'invalid \\x escape'],
    ['message.role()', 8, 'method role() is not allowed'],
    ['message.content.split()', 16, 'method split() is not allowed'],
    ['message.tags[0](1)', 15, 'can be called'],
    ['len(1, 2)', 0, 'takes 1 argument, got 2'],
    ['message.content.startswith()', 16, 'takes 1 argument, got 0'],
    ['message[1:2]', 9, "':'"],
    ["{'a': 1}", 0, 'dict'],
    ['message.role @ 2', 13, 'unexpected character'],
    ['message.role & 2', 13, 'bitwise'],
    ['0x1F', 0, 'invalid number'],
    ['1 2', 2, "unexpected '2'"],
    ['', 0, 'unexpected end'],
    ['message.', 8, 'unexpected end'],
    ['(1, 2', 5, "expected ')'"],
    ['message.role ==', 15, 'unexpected end'],
    ['not', 3, 'unexpected end'],
    ['message and', 11, 'unexpected end'],
    ['message.role is', 15, 'unexpected end'],
    ['msg.role', 0, 'unknown name "msg"; allowed names: message'],
    ['await message', 0, "'await'"],
    ["'a' * 10**9", 4, 'longer than 100000 characters'],
    ['[1] * 200000', 4, 'longer than 100000 items'],
    ["message.role == ('ab' * 1000) * 1000", 30, 'longer than 100000'],
  ])('%s → position %i', (expression, position, fragment) => {
    const error = compileError(expression);
    expect(error.name).toBe('ExpressionError');
    expect(error.position).toBe(position);
    expect(error.expression).toBe(expression);
    expect(error.message).toContain(fragment);
    expect(error.message).toContain(`at position ${position}`);
  });

  it('refuses expressions over 2,000 characters, more than 64 levels deep or over 500 nodes', () => {
    expect(compileError(`message.role == '${'x'.repeat(2990)}'`).position).toBe(2000);
    expect(() => compileCondition(`message.role == '${'x'.repeat(1900)}'`)).not.toThrow();
    const parens = compileError(`${'('.repeat(100)}1${')'.repeat(100)}`);
    expect([parens.position, parens.message]).toEqual([64, expect.stringContaining('deeper than 64')]);
    expect(() => compileCondition(`${'('.repeat(60)}1${')'.repeat(60)}`)).not.toThrow();
    expect(compileError(`${'not '.repeat(70)}message`).position).toBe(256);
    expect(compileError(`${'-'.repeat(70)}1`).position).toBe(64);
    expect(compileError(`${'['.repeat(70)}${']'.repeat(70)}`).position).toBe(64);
    expect(compileError(`len(${'len('.repeat(70)}1${')'.repeat(71)}`).message).toContain('deeper than 64');
    expect(compileError(`${'1+'.repeat(300)}1`).message).toContain('more than 500 parts');
    expect(() => compileCondition(`${'1+'.repeat(200)}1`)).not.toThrow();
  });

  it('refuses a non-string condition with an ExpressionError', () => {
    expect(() => compileCondition(42 as unknown as string)).toThrow(ExpressionError);
  });
});

describe('conditions: evaluation reads own data only, never runs code from the data', () => {
  it('never calls getters, toString, valueOf or Symbol.toPrimitive, and cannot call data functions', () => {
    const calls: string[] = [];
    const spy = (name: string) => () => (calls.push(name), 'x');
    const hostile = {
      get secret() {
        return spy('getter')();
      },
      toString: spy('toString'),
      valueOf: spy('valueOf'),
      [Symbol.toPrimitive]: spy('toPrimitive'),
      fn: spy('fn'),
    };
    class Instance {
      get field() {
        return spy('prototype getter')();
      }
    }
    const arrayWithGetter: unknown[] = [];
    Object.defineProperty(arrayWithGetter, 0, { get: spy('index getter'), enumerable: true });
    const message = {
      hostile,
      instance: new Instance(),
      array: arrayWithGetter,
      date: new Date(0),
      map: new Map([['k', 1]]),
    };
    const expressions = [
      'message.hostile.secret',
      "message.hostile['secret']",
      "message.hostile.get('secret')",
      'message.instance.field',
      'message.array[0]',
      'str(message.hostile)',
      'str(message.array)',
      'str(message.date)',
      'message.hostile + 1',
      "message.hostile + 'a'",
      'message.hostile * 2',
      'message.hostile < 1',
      "message.hostile == 'x'",
      'message.hostile.fn',
      "'x' in message.hostile",
      "'secret' in message.hostile",
      'message.hostile in message.array',
      'len(message.hostile)',
      'int(message.hostile)',
      'float(message.hostile)',
      'lower(message.hostile)',
      'message.hostile.lower()',
      'message.array == [1]',
      'message.map.k',
      'message.date.getTime',
      'message.hostile.toString',
      '-message.hostile',
      'message.hostile.valueOf',
      'abs(message.hostile)',
      'message.hostile is None',
      'not message.hostile',
    ];
    for (const expression of expressions) {
      expect(typeof compileCondition(expression)({ message })).toBe('boolean');
    }
    expect(calls).toEqual([]);
    expect(compileCondition('message.hostile.secret is None')({ message })).toBe(true);
    expect(compileCondition('message.array[0] is None')({ message })).toBe(true);
    expect(compileCondition("'secret' in message.hostile")({ message })).toBe(true);
    expect(compileCondition('str(message.hostile) is None and message.map.k is None')({ message })).toBe(true);
    expect(compileError('message.hostile.fn()').message).toContain('fn() is not allowed');
  });

  it('reads only plain objects and arrays: class instances, errors, boxed values are opaque', () => {
    class Account {
      token = 'secret';
    }
    const message = { account: new Account(), error: new Error('boom'), boxed: Object('ab') as unknown, fn: () => 1 };
    const run = (expression: string) => compileCondition(expression)({ message });
    expect(run("message.account.token is None and message.account['token'] is None")).toBe(true);
    expect(
      run("message.error.message is None and message.error.stack is None and message.error['message'] is None"),
    ).toBe(true);
    expect(run('message.boxed.length is None and message.boxed[0] is None and len(message.boxed) is None')).toBe(true);
    expect(run('message.fn.name is None and message.fn.length is None and str(message.fn) is None')).toBe(true);
    expect(run('message.account and message.fn')).toBe(true);
  });

  it('never reaches prototypes, even through computed keys', () => {
    const message = {
      ...JSON.parse('{"__proto__": {"polluted": true}}'),
      role: 'user',
      keys: ['constructor', 'toString', '__proto__', 'hasOwnProperty', '_x'],
      _x: 1,
    };
    const run = (expression: string) => compileCondition(expression)({ message });
    expect(run('message[message.keys[0]] is None')).toBe(true);
    expect(run('message[message.keys[1]] is None')).toBe(true);
    expect(run('message[message.keys[2]] is None')).toBe(true);
    expect(run("message['__' + 'proto__'] is None")).toBe(true);
    expect(run("message.get('_' + 'x') is None")).toBe(true);
    expect(run('message[message.keys[3]] is None and message[message.keys[4]] is None')).toBe(true);
    expect(run("message['hasOwnProperty'] is None and message.toString is None")).toBe(true);
    expect(run("message['role'] == 'user'")).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('caps results built by + and * at 100,000 characters or items: they are None', () => {
    const message = { content: 'x'.repeat(60_000), list: new Array(60_000).fill(0), n: 10 ** 9 };
    const run = (expression: string) => compileCondition(expression)({ message });
    expect(run('message.content * 2 is None')).toBe(true);
    expect(run('message.content + message.content is None')).toBe(true);
    expect(run('len(message.content * 1) == 60000')).toBe(true);
    expect(run("'a' * message.n is None")).toBe(true);
    expect(run('message.list + message.list is None')).toBe(true);
    expect(run('[message.list] * 2 != None')).toBe(true);
    expect(run('str(message.list * 1) is None')).toBe(true);
  });

  it('stays bounded on cyclic, deep and amplified data (undecided comparisons are false)', () => {
    const a: Record<string, unknown> = { v: 1 };
    a.self = a;
    const b: Record<string, unknown> = { v: 1 };
    b.self = b;
    const long = 'y'.repeat(1_000_000);
    const message = { a, b, x: long, y: long.toUpperCase().toLowerCase() };
    const run = (expression: string) => compileCondition(expression)({ message });
    expect(run('message.a == message.b')).toBe(false);
    expect(run('message.a != message.b')).toBe(false);
    expect(run('message.a == message.a')).toBe(true);
    expect(run('str(message.a) is None')).toBe(true);
    expect(run('message.a in [message.b]')).toBe(false);
    expect(run('message.x == message.y')).toBe(true);
    expect(run('[message.x] * 50000 == [message.y] * 50000')).toBe(false);
  });

  it("'in' over a 10 MB message is correct (and linear: no timeout)", () => {
    const content = `${'a'.repeat(10_000_000)}refund`;
    const refund = compileCondition("'refund' in message.content and 'a' * 5000 + 'b' not in message.content");
    expect(refund({ message: { content } })).toBe(true);
    expect(refund({ message: { content: content.slice(0, -1) } })).toBe(false);
  });
});
