/**
 * The reference the pre-tokenizer (`src/tokens/pre-tokenizer.ts`) is tested against: tiktoken's
 * pattern (`pat_str`) translated into a JavaScript `RegExp`, run by the engine's own backtracking
 * matcher (leftmost-first alternation, greedy quantifiers: the semantics of Rust's `regex` and
 * `fancy-regex` for these patterns):
 *
 * - `\p{L}`, `\p{Lu}`, … `\p{M}`, `\p{N}` become explicit code point ranges of tiktoken's Unicode
 *   tables (`unicode-classes.ts`, Unicode 16.0), never the engine's own `\p{…}`;
 * - `\s` and `\S` are Unicode White_Space (JavaScript's `\s` also has U+FEFF and lacks U+0085);
 * - `(?i:…)` is spelled out, with the simple case folding Rust applies (`s` also matches `ſ`).
 *
 * A lone surrogate falls in no class, as U+FFFD (which UTF-8 makes of it) does.
 * @module
 */
import { decodeRanges } from '../../src/tokens/char-classes.js';
import { UNICODE_CLASSES, type UnicodeClass } from '../../src/tokens/unicode-classes.js';

type Ranges = [first: number, last: number][];

/** Sorted and merged union of `lists`. */
function union(lists: readonly Ranges[]): Ranges {
  const all = lists.flat().sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [first, last] of all) {
    const top = out[out.length - 1];
    if (top && first <= top[1] + 1) top[1] = Math.max(top[1], last);
    else out.push([first, last]);
  }
  return out;
}

const decoded = new Map<UnicodeClass, Ranges>();
function ranges(name: UnicodeClass): Ranges {
  let found = decoded.get(name);
  if (!found) decoded.set(name, (found = decodeRanges(UNICODE_CLASSES[name])));
  return found;
}

/** What `\p{X}` (and `\s`) names, as classes of the generated tables. */
const PROPERTIES: Record<string, readonly UnicodeClass[]> = {
  L: ['Lu', 'Ll', 'Lt', 'Lm', 'Lo'],
  Lu: ['Lu'],
  Ll: ['Ll'],
  Lt: ['Lt'],
  Lm: ['Lm'],
  Lo: ['Lo'],
  M: ['M'],
  N: ['N'],
};

const escape = (code: number): string => `\\u{${code.toString(16)}}`;

/** A class body (what goes between `[` and `]`) for `list`. */
function body(list: Ranges): string {
  return list.map(([a, b]) => (a === b ? escape(a) : `${escape(a)}-${escape(b)}`)).join('');
}

/**
 * The code points one item of a pattern's class stands for: `\p{X}`, `\s`, an escaped or a
 * plain character. Returns the ranges and how many characters of `source` the item took.
 */
function item(source: string, at: number): [Ranges, number] {
  if (source[at] !== '\\') {
    const code = source.codePointAt(at)!;
    return [[[code, code]], code > 0xffff ? 2 : 1];
  }
  const next = source[at + 1];
  if (next === 'p') {
    const close = source.indexOf('}', at);
    const name = source.slice(at + 3, close);
    const classes = PROPERTIES[name];
    if (!classes) throw new Error(`pre-tokenizer: unsupported property \\p{${name}}`);
    return [union(classes.map(ranges)), close + 1 - at];
  }
  if (next === 's') return [ranges('White_Space'), 2];
  const escapes: Record<string, number> = { r: 13, n: 10, t: 9 };
  const code = next !== undefined && next in escapes ? escapes[next]! : next?.codePointAt(0);
  if (code === undefined) throw new Error('pre-tokenizer: a pattern ends in a backslash');
  return [[[code, code]], 2];
}

/** Letters as `(?i:…)` matches them: the letter, its other case, and `ſ` for `s`. */
function caseless(text: string): string {
  return text.replace(/[a-z]/g, (ch) => (ch === 's' ? '[sS\\u017F]' : `[${ch}${ch.toUpperCase()}]`));
}

/**
 * tiktoken's pattern `patStr` as a JavaScript `RegExp` (flags `gu`) giving the same pieces.
 * Supports what the `o200k_base` and `cl100k_base` patterns use: classes of `\p{…}`, `\s`,
 * `\r`, `\n` and literal characters (negated or not), `\s`/`\S`/`\p{…}` outside a class,
 * `(?i:…)` of ASCII letters, quantifiers, groups and lookahead as they are.
 * @example
 * ```ts
 * const pieces = [...'Hello world'.matchAll(piecePattern(ranks.pat_str))].map((m) => m[0]); // ['Hello', ' world']
 * ```
 */
export function piecePattern(patStr: string): RegExp {
  let out = '';
  for (let i = 0; i < patStr.length;) {
    const c = patStr[i]!;
    if (c === '[') {
      const negated = patStr[i + 1] === '^';
      let j = negated ? i + 2 : i + 1;
      const parts: Ranges[] = [];
      while (patStr[j] !== ']') {
        if (j >= patStr.length) throw new Error('pre-tokenizer: an unclosed class');
        const [list, used] = item(patStr, j);
        parts.push(list);
        j += used;
      }
      out += `[${negated ? '^' : ''}${body(union(parts))}]`;
      i = j + 1;
    } else if (c === '\\' && (patStr[i + 1] === 'p' || patStr[i + 1] === 's')) {
      const [list, used] = item(patStr, i);
      out += `[${body(list)}]`;
      i += used;
    } else if (c === '\\' && patStr[i + 1] === 'S') {
      out += `[^${body(ranges('White_Space'))}]`;
      i += 2;
    } else if (patStr.startsWith('(?i:', i)) {
      const close = patStr.indexOf(')', i);
      out += `(?:${caseless(patStr.slice(i + 4, close))})`;
      i = close + 1;
    } else if (c === '\\') {
      out += patStr.slice(i, i + 2);
      i += 2;
    } else {
      out += c;
      i += 1;
    }
  }
  return new RegExp(out, 'gu');
}
