/**
 * Splits a condition into tokens. Hand-written and single-pass: every character is looked at
 * a bounded number of times. Text outside the language becomes a `refused` token carrying the
 * problem, so the parser reports problems in reading order (`lambda: 1` is refused at `lambda`).
 * @module
 */

/** A token of a condition expression. */
export type Token =
  | { readonly kind: 'number'; readonly pos: number; readonly value: number }
  | { readonly kind: 'string'; readonly pos: number; readonly value: string }
  | { readonly kind: 'name'; readonly pos: number; readonly value: string }
  | { readonly kind: 'op'; readonly pos: number; readonly value: string }
  | { readonly kind: 'refused'; readonly pos: number; readonly value: string }
  | { readonly kind: 'end'; readonly pos: number; readonly value: '' };

/** Thrown inside the lexer only; becomes a `refused` token. */
class Refusal {
  constructor(
    readonly pos: number,
    readonly problem: string,
  ) {}
}

const fail = (pos: number, problem: string): never => {
  throw new Refusal(pos, problem);
};

const OPERATORS = ['**', '//', '==', '!=', '<=', '>=', '<', '>', '+', '-', '*', '/', '%', '(', ')', '[', ']', ',', '.'];

/** Why a character outside the language is refused, for the common mistakes. */
const REFUSED: Readonly<Record<string, string>> = {
  '=': "assignment is not allowed (did you mean '=='?)",
  ';': "';' is not allowed: a condition is a single expression",
  ':': "':' is not supported (no slices, lambdas or dict literals)",
  '{': 'dict and set literals are not supported',
  '}': 'dict and set literals are not supported',
  '#': 'comments are not supported',
  '&': "bitwise operators are not supported (use 'and')",
  '|': "bitwise operators are not supported (use 'or')",
  '^': 'bitwise operators are not supported',
  '~': 'bitwise operators are not supported',
  '!': "'!' is not supported (use 'not' or '!=')",
};

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  n: '\n',
  r: '\r',
  t: '\t',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '\n': '',
};

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isNameStart = (c: string | undefined): boolean =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_');
const isNameChar = (c: string | undefined): boolean => isNameStart(c) || isDigit(c);
const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';

/** Matches a Python number literal at a position: `12`, `1_000`, `1.5`, `.5`, `1e-3`. */
const NUMBER = /(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?/y;

/**
 * Tokenizes `expression`. The last token is `end`; when text is refused, a `refused` token
 * precedes it and nothing after the refused text is tokenized.
 */
export function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  try {
    readTokens(expression, tokens);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    tokens.push({ kind: 'refused', pos: error.pos, value: error.problem });
  }
  tokens.push({ kind: 'end', pos: expression.length, value: '' });
  return tokens;
}

function readTokens(expression: string, tokens: Token[]): void {
  let i = 0;
  while (i < expression.length) {
    const c = expression[i] as string;
    if (isSpace(c)) {
      i++;
    } else if (isDigit(c) || (c === '.' && isDigit(expression[i + 1]))) {
      NUMBER.lastIndex = i;
      const text = (NUMBER.exec(expression) as RegExpExecArray)[0];
      if (isNameChar(expression[i + text.length]) || expression[i + text.length] === '.') {
        fail(i, 'invalid number literal');
      }
      tokens.push({ kind: 'number', pos: i, value: Number(text.replaceAll('_', '')) });
      i += text.length;
    } else if (isNameStart(c)) {
      let end = i + 1;
      while (isNameChar(expression[end])) end++;
      const name = expression.slice(i, end);
      if (expression[end] === "'" || expression[end] === '"') {
        fail(i, `string prefixes (${name}'…') are not supported`);
      }
      tokens.push({ kind: 'name', pos: i, value: name });
      i = end;
    } else if (c === "'" || c === '"') {
      const [value, end] = readString(expression, i);
      tokens.push({ kind: 'string', pos: i, value });
      i = end;
    } else {
      const op = OPERATORS.find((o) => expression.startsWith(o, i));
      if (op === undefined) fail(i, REFUSED[c] ?? `unexpected character ${JSON.stringify(c)}`);
      else {
        tokens.push({ kind: 'op', pos: i, value: op });
        i += op.length;
      }
    }
  }
}

/** Reads the quoted string starting at `start`; returns its value and the offset after it. */
function readString(text: string, start: number): [string, number] {
  const quote = text[start] as string;
  if (text.startsWith(quote.repeat(3), start)) fail(start, 'triple-quoted strings are not supported');
  let value = '';
  let i = start + 1;
  for (;;) {
    const c = text[i];
    if (c === undefined || c === '\n') return fail(start, 'unterminated string');
    if (c === quote) return [value, i + 1];
    if (c !== '\\') {
      value += c;
      i++;
      continue;
    }
    const e = text[i + 1];
    if (e === undefined) return fail(start, 'unterminated string');
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      value += simple;
      i += 2;
    } else if (e >= '0' && e <= '7') {
      const digits = /^[0-7]{1,3}/.exec(text.slice(i + 1, i + 4))?.[0] ?? e;
      value += String.fromCharCode(parseInt(digits, 8));
      i += 1 + digits.length;
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const size = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = text.slice(i + 2, i + 2 + size);
      const code = /^[0-9a-fA-F]+$/.test(hex) && hex.length === size ? parseInt(hex, 16) : -1;
      if (code < 0 || code > 0x10ffff) fail(i, `invalid \\${e} escape`);
      value += String.fromCodePoint(code);
      i += 2 + size;
    } else {
      fail(i, `unknown escape \\${e}`);
    }
  }
}
