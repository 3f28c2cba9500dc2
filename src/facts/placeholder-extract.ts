/**
 * A stand-in extractor and attribute vocabulary, small on purpose: it reads a handful of
 * phrasings ("I live in X", "I moved from X to Y", "I'm vegetarian", "I no longer …", "my dog
 * is called Rex") so the facts engine can run and be tested until the full offline rules and
 * the attribute registry take its place (`default-facts.ts` is the one file that names it).
 * @module
 */
import type { FactCandidate, FactCardinality, FactTurn, FactVocabulary } from './types.js';

const MANY = new Set(['pet', 'child', 'sibling', 'language', 'allergy', 'like', 'dislike', 'hobby', 'plan', 'health']);
const FILLER = new Set(['a', 'an', 'the', 'my', 'our', 'named', 'called']);

const SENTENCES: Record<string, (v: string) => string> = Object.assign(Object.create(null) as object, {
  city: (v: string) => `The user lives in ${v}.`,
  diet: (v: string) => `The user is ${v}.`,
  job: (v: string) => `The user works as ${v}.`,
  employer: (v: string) => `The user works at ${v}.`,
  pet: (v: string) => `The user has a ${v}.`,
  name: (v: string) => `The user's name is ${v}.`,
  language: (v: string) => `The user speaks ${v}.`,
});

function fold(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}@+\s]+/gu, ' ')
    .split(/\s+/u)
    .filter((w) => w && !FILLER.has(w))
    .join(' ');
}

/** The stand-in vocabulary: list attributes by name, values compared folded, plain sentences. */
export const placeholderVocabulary: FactVocabulary = {
  cardinality: (attribute): FactCardinality => (MANY.has(attribute) ? 'many' : 'one'),
  valueKey: (_attribute, value) => fold(value),
  mentions(_attribute, stored, mention) {
    const want = fold(mention);
    if (!want) return false;
    const have = new Set(fold(stored).split(' '));
    return want.split(' ').every((w) => have.has(w));
  },
  sentence: (attribute, value) => SENTENCES[attribute]?.(value) ?? `The user's ${attribute} is ${value}.`,
};

const PLACE = String.raw`([A-Z][\p{L}'-]*(?:[ -][A-Z][\p{L}'-]*)*)`;
const DIETS = 'vegetarian|vegan|pescatarian|keto';

interface Reader {
  pattern: RegExp;
  read(m: RegExpExecArray): Omit<FactCandidate, 'quote' | 'text'> & { text?: string };
}

const READERS: Reader[] = [
  {
    pattern: new RegExp(String.raw`\b(?:I|[Ww]e) (?:have )?moved from ${PLACE} to ${PLACE}`, 'u'),
    read: (m) => ({ attribute: 'city', value: m[2]!, kind: 'state', replaces: m[1]! }),
  },
  {
    pattern: new RegExp(String.raw`\bI (?:no longer|don't) live in ${PLACE}`, 'u'),
    read: (m) => ({ attribute: 'city', value: m[1]!, kind: 'retire' }),
  },
  {
    pattern: new RegExp(
      String.raw`\b(?:I|[Ww]e) (?:live|moved|have moved|just moved|relocated) (?:in|to) ${PLACE}`,
      'u',
    ),
    read: (m) => ({ attribute: 'city', value: m[1]!, kind: 'state' }),
  },
  {
    pattern: new RegExp(String.raw`\bI(?:'m| am) (?:no longer|not) (${DIETS})\b`, 'iu'),
    read: (m) => ({ attribute: 'diet', value: m[1]!.toLowerCase(), kind: 'retire' }),
  },
  {
    pattern: new RegExp(String.raw`\bI(?:'m| am) (?:a |now )?(${DIETS})\b(?! anymore)`, 'iu'),
    read: (m) => ({ attribute: 'diet', value: m[1]!.toLowerCase(), kind: 'state' }),
  },
  {
    pattern: /\bI work (?:at|for) ([A-Z][\p{L}&'-]*(?: [A-Z][\p{L}&'-]*)*)/u,
    read: (m) => ({ attribute: 'employer', value: m[1]!, kind: 'state' }),
  },
  {
    pattern: /\b[Mm]y (dog|cat|rabbit|parrot|hamster) (?:is called|is named|named|called) ([A-Z][\p{L}'-]*)/u,
    read: (m) => ({ attribute: 'pet', value: `${m[1]} named ${m[2]}`, kind: 'state' }),
  },
  {
    pattern: /\b[Mm]y name is ([A-Z][\p{L}'-]*)/u,
    read: (m) => ({ attribute: 'name', value: m[1]!, kind: 'state' }),
  },
];

/** Hypotheticals, reported speech and questions are not statements about the user. */
const NOT_A_STATEMENT = /^(?:if|when|suppose|imagine)\b|\b(?:says|said|thinks|told me)\b/iu;

/** The stand-in extractor: each sentence of a user turn against the phrasings above. */
export function placeholderExtract(turn: FactTurn): FactCandidate[] {
  const out: FactCandidate[] = [];
  for (const sentence of turn.text.slice(0, 20_000).split(/(?<=[.!?])\s+|\n+/u)) {
    const s = sentence.trim();
    if (!s || s.endsWith('?') || NOT_A_STATEMENT.test(s)) continue;
    for (const reader of READERS) {
      const m = reader.pattern.exec(s);
      if (!m) continue;
      const c = reader.read(m);
      const text =
        c.kind === 'retire'
          ? `The user no longer has this ${c.attribute}: ${c.value}.`
          : placeholderVocabulary.sentence(c.attribute, c.value);
      out.push({ ...c, text, quote: m[0] });
      break;
    }
  }
  return out;
}
