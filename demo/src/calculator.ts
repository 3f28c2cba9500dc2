/**
 * The playground assistant's `calculator` tool: a small recursive-descent evaluator of
 * `+ - * / % ^` and parentheses over decimal numbers. No `eval`.
 * @module
 */

/** Evaluate an arithmetic expression. @throws Error with a readable reason (e.g. division by zero). */
export function calculate(expression: string): number {
  const src = expression.replace(/\s+/g, '').replace(/×/g, '*').replace(/÷/g, '/');
  let pos = 0;

  const peek = (): string | undefined => src[pos];
  const fail = (what: string): never => {
    throw new Error(`${what} at position ${pos} in "${src}"`);
  };

  const number = (): number => {
    const match = /^\d+(?:\.\d+)?|^\.\d+/.exec(src.slice(pos));
    if (!match) return fail('expected a number');
    pos += match[0].length;
    return Number(match[0]);
  };

  const primary = (): number => {
    const c = peek();
    if (c === '(') {
      pos++;
      const value = sum();
      if (peek() !== ')') fail('expected ")"');
      pos++;
      return value;
    }
    if (c === '-') {
      pos++;
      return -primary();
    }
    if (c === '+') {
      pos++;
      return primary();
    }
    return number();
  };

  const power = (): number => {
    const base = primary();
    if (peek() !== '^') return base;
    pos++;
    return base ** power();
  };

  const product = (): number => {
    let value = power();
    for (let c = peek(); c === '*' || c === '/' || c === '%'; c = peek()) {
      pos++;
      const right = power();
      if (c !== '*' && right === 0) throw new Error('division by zero');
      value = c === '*' ? value * right : c === '/' ? value / right : value % right;
    }
    return value;
  };

  const sum = (): number => {
    let value = product();
    for (let c = peek(); c === '+' || c === '-'; c = peek()) {
      pos++;
      value = c === '+' ? value + product() : value - product();
    }
    return value;
  };

  if (src === '') fail('expected an expression');
  const value = sum();
  if (pos < src.length) fail(`unexpected "${src[pos] ?? ''}"`);
  return value;
}

/** Format a result without floating-point noise (0.1 + 0.2 → 0.3). */
export function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(6)));
}

/**
 * The arithmetic in a sentence, if any: the longest run of numbers, operators and parentheses
 * that has an operator between two numbers ("what is 12 * (3 + 4)?" → "12 * (3 + 4)").
 */
export function findExpression(text: string): string | undefined {
  const runs = text.match(/[-+*/%^×÷().\d\s]+/g) ?? [];
  const candidates = runs
    .map((r) => r.trim().replace(/[.\s]+$/, ''))
    .filter((r) => /\d\s*[-+*/%^×÷]\s*[-+(]?\s*[\d(]/.test(r));
  return candidates.sort((a, b) => b.length - a.length)[0];
}
