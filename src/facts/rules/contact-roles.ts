/**
 * Two addresses (or two numbers) in one turn: which is the user's now and which is given up is
 * told by the words beside each, not by their order or by the frame that read them: "send stuff
 * to kim@new.example going forward, I'm closing the kim@old.example account", "kim@old.example is
 * dead to me, everything goes to kim@new.example now". An address beside a word of ending
 * (closing, dead, old, no longer, deleting…) is the old one; the other, beside a word of use
 * (now, new, going forward, use, send, reach me…), is current and replaces it. A turn about
 * someone else's contact ("my boss's email…") is left as the readers read it.
 * @module
 */
import { factSentence } from '../attributes.js';
import type { FactCandidate } from '../types.js';

const SHAPES: readonly [attribute: string, shape: RegExp][] = [
  ['email', /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu],
  ['phone', /\+?\(?\d[\d\s().\-/]{5,22}\d/gu],
];

/** Words that give an address up. */
const ENDING = new RegExp(
  String.raw`\b(?:clos(?:e|ed|ing)|dead|old|former|previous|no longer|not using|stopp(?:ed|ing)|deactivat\w*` +
    String.raw`|delet\w*|ditch\w*|abandon\w*|retir\w*|cancel\w*|shut\w*|gone)\b`,
  'iu',
);
/** Words that put an address to use. */
const USE =
  /\b(?:now|new|going forward|from now on|use|using|send|goes to|reach me|contact me|instead|switched to|moved to)\b/iu;
/** A first-person word: the addresses are the user's. */
const MINE = /\b(?:i|i'm|im|my|me|mine)\b/iu;
/** Someone else's addresses. */
const THEIRS = new RegExp(
  String.raw`\b(?:his|her|their|your)\s+(?:e-?mail|number|address|phone)` +
    String.raw`|\p{L}'s\s+(?:new\s+|old\s+)?(?:e-?mail|number|address|phone)`,
  'iu',
);

/** A date, which has the digits of a number: "2024-06-01", "12/03/2025". */
const DATE = /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}$/u;

/** The words around one occurrence, up to the nearest stop on each side. */
function around(text: string, at: number, length: number): string {
  const before = text.slice(Math.max(0, at - 60), at);
  const after = text.slice(at + length, at + length + 60);
  const start = Math.max(before.lastIndexOf(','), before.lastIndexOf(';'), before.lastIndexOf('.'));
  const stop = after.search(/[,;]|\.(?:\s|$)/u);
  return `${before.slice(start + 1)} ${stop < 0 ? after : after.slice(0, stop)}`;
}

/**
 * The candidates with, for a turn naming two contacts of one kind, the one beside a word of
 * ending replaced by the one beside a word of use (see the module); other turns unchanged.
 */
export function withContactRoles(candidates: FactCandidate[], text: string): FactCandidate[] {
  if (!text.includes('@') && !/\d{3}/u.test(text)) return candidates;
  let out = candidates;
  for (const [attribute, shape] of SHAPES) {
    const found = [...text.matchAll(shape)]
      .map((m) => ({ value: m[0].trim(), at: m.index }))
      .filter((f) => attribute !== 'phone' || ((f.value.match(/\d/gu)?.length ?? 0) >= 7 && !DATE.test(f.value)));
    const values = [...new Set(found.map((f) => f.value))];
    if (values.length !== 2 || !MINE.test(text) || THEIRS.test(text)) continue;
    const words = found.map((f) => ({ ...f, near: around(text, f.at, f.value.length) }));
    const old = words.filter((w) => ENDING.test(w.near));
    const next = words.filter((w) => !ENDING.test(w.near) && USE.test(w.near));
    if (old.length === 0 || next.length === 0 || old.some((o) => next.some((n) => n.value === o.value))) continue;
    const [was, now] = [old[0]!, next[0]!];
    const quote = text.slice(Math.min(was.at, now.at), Math.max(was.at + was.value.length, now.at + now.value.length));
    const state: FactCandidate = {
      attribute,
      value: now.value,
      text: factSentence(attribute, now.value),
      quote,
      kind: 'state',
      replaces: was.value,
    };
    out = [...out.filter((c) => c.attribute !== attribute), state];
  }
  return out;
}
