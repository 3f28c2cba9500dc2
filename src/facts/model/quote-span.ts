/**
 * Where a quote a model returned is in its source turn: verbatim, or up to case, spacing and
 * typographic quotes ("I’m" for "I'm"), returning the turn's own characters. A quote found
 * nowhere is a quote the model made up, and its fact is dropped.
 * @module
 */

/** A character as compared: lower case, plain apostrophes and quotes. */
function fold(ch: string): string {
  if (/[’‘ʼ`´′]/u.test(ch)) return "'";
  if (/[“”„″«»]/u.test(ch)) return '"';
  const lower = ch.toLowerCase();
  return lower.length === ch.length ? lower : ch;
}

/** `text` folded, runs of white space as one space, with each folded character's index in `text`. */
function folded(text: string): { chars: string; at: number[] } {
  let chars = '';
  const at: number[] = [];
  let space = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (/\s/u.test(ch)) {
      if (!space && chars.length > 0) {
        chars += ' ';
        at.push(i);
      }
      space = true;
      continue;
    }
    space = false;
    chars += fold(ch);
    at.push(i);
  }
  return { chars, at };
}

/**
 * The span of `text` that `quote` names, as `text` writes it, or undefined when it is not there.
 * Quotes shorter than three non-space characters name nothing.
 * @example
 * locateQuote('So we MOVED  to Berlin!', 'we moved to berlin'); // 'we MOVED  to Berlin'
 */
export function locateQuote(text: string, quote: string): string | undefined {
  if (typeof quote !== 'string' || typeof text !== 'string') return undefined;
  const q = quote
    .trim()
    .replace(/^["'“”‘’]+|["'“”‘’]+$/gu, '')
    .trim();
  if (q.replace(/\s/gu, '').length < 3) return undefined;
  if (text.includes(q)) return q;
  const t = folded(text);
  const f = folded(q).chars;
  const start = t.chars.indexOf(f);
  if (start < 0) return undefined;
  const from = t.at[start]!;
  const to = t.at[start + f.length - 1]! + 1;
  return text.slice(from, to);
}
