/**
 * The clause splitter: a turn cut into sentences (at `.`, `!`, `?`, `;`, line breaks, dashes
 * and emoji, not at "Dr." or "3.5") and each sentence into clauses at a conjunction or comma
 * that starts a new first-person subject ("…, and I work at…", "…but now we live…") or a
 * question tail ("…, do you know…"). Offsets are kept, so a clause is a verbatim span of the turn.
 * @module
 */
import { MAX_CLAUSE_CHARS, MAX_CLAUSES } from './limits.js';

/** A clause: a span `[start, end)` of the text, in sentence `sentence`, `index`-th within it. */
export interface Clause {
  start: number;
  end: number;
  sentence: number;
  index: number;
}

/**
 * A spaced dash that goes on with the same statement: before a number, a preposition or a name
 * that closes the sentence ("New number - 555-0199", "I've moved - to Berlin!", "someone new - Maria.").
 */
const DASH_GOES_ON =
  String.raw`(?![+(]?\d|(?:to|in|at|into|from)\b` +
  String.raw`|\p{Lu}[\p{L}'-]*[.!]*(?:\s*$|\s+[\p{Lu}\p{Extended_Pictographic}]))`;

/** Sentence ends: punctuation before a space or the end, line breaks, `;`, spaced dashes, emoji. */
const SENTENCE_END = new RegExp(
  String.raw`[.!?…]+["'”’)\]]*(?=\s|$)|[\r\n;]+|\s[-–—]{1,2}\s${DASH_GOES_ON}|` +
    // An emoji ends a sentence, unless it is the verb ("I ❤️ ramen").
    String.raw`(?<!\b(?:I|i|we|We)\s?)\s*` +
    String.raw`\p{Extended_Pictographic}[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F\u200D]*`,
  'gu',
);

/** Words before a period that do not end a sentence ("Dr. Smith", "e.g. Rome", "J. K."). */
const ABBREVIATION = /(?:^|[\s(])(?:mr|mrs|ms|dr|st|jr|sr|vs|etc|e\.g|i\.e|prof|mt|ft|no|approx|inc|ltd|co|[a-z])$/iu;

/** Where a sentence splits into clauses (the match is dropped; what follows starts a clause). */
const CLAUSE_BREAK = new RegExp(
  [
    String.raw`,?\s+(?:and|but|so|plus|though|although|because|cause|cuz|coz|while|whereas|yet|since)\s+` +
      String.raw`(?=(?:i|i'm|i've|i'd|i'll|im|ive|we|we're|we've|my|our|now|then|these days|nowadays)\b)`,
    String.raw`,?\s+but\s+`,
    String.raw`:\s+(?=(?:i|i'm|i've|im|ive|we|we're|we've|my|our)\b)`,
    String.raw`,\s+(?=(?:now|these days|currently|since then)\s+(?:at|in|with|based|living|working|i|we)\b)`,
    String.raw`,?\s+and\s+(?=(?:then\s+|finally\s+|just\s+|now\s+)?(?:became|started|joined|moved|got` +
      String.raw`|switched|went|took|adopted|bought|married|quit|left|transferred|enrolled|relocated|signed)\b)`,
    String.raw`,\s+(?=(?:i|i'm|i've|im|ive|we|we're|we've|my|our)\b)`,
    // "quit Acme, joined Globex": a second change said with its verb alone.
    String.raw`,\s+(?=(?:then\s+|now\s+|just\s+)?(?:joined|moved|started|switched|became|quit|left|transferred` +
      String.raw`|enrolled|relocated|signed|adopted)\s+(?:to\s+|with\s+|at\s+)?\p{Lu})`,
    // "not in Lyon anymore, living in Berlin": a subjectless statement of where the user lives, works or studies.
    String.raw`,\s+(?=(?:now\s+|currently\s+|still\s+)?(?:living|working|studying|based|staying|renting)\s+` +
      String.raw`(?:in|at|for|as|with|out of|near)\b)`,
    // "I can't stand crowds, just thought you should know": a remark to the listener, a clause of its own.
    String.raw`,\s+(?=(?:just\s+)?(?:thought|figured|saying|letting you know|so you know|fyi)\b)`,
    String.raw`,\s+(?=(?:do|does|did|can|could|would|will|should|what|where|when|who|how|is|are|any` +
      String.raw`|have|has|right|isn't|aren't|don't|didn't)\b[^,]*\?)`,
  ].join('|'),
  'giu',
);

/**
 * A fragment of at most three words and no first-person subject ("my wife", "Sadly Bella", "Hi"):
 * it states nothing alone and stays with the clause after it ("my wife and I moved…", "Sadly
 * Bella, our dog, died").
 */
const SHORT =
  /^\s*(?![^,]*\b(?:I|I'm|I've|[Ww]e|[Ww]e're|[Ww]e've|i|im|ive|[Mm]y|[Oo]ur)\b)[^\s,]+(?:\s+[^\s,]+){0,2}\s*,?\s*$/u;

/** "quit Acme": a short change said with its verb alone, which the next change does not need. */
const CHANGE_FIRST = new RegExp(
  String.raw`^\s*(?:just\s+|finally\s+)?(?:quit|left|joined|moved|started|switched|transferred|relocated)\s+` +
    String.raw`(?:to\s+|from\s+)?\p{Lu}`,
  'u',
);

/** A clause that opens with a change verb and no subject ("joined Globex"). */
const CHANGE_NEXT = new RegExp(
  String.raw`^(?:then\s+|now\s+|just\s+)?(?:joined|moved|started|switched|became|quit|left|transferred|enrolled` +
    String.raw`|relocated|signed|adopted)\b`,
  'iu',
);

/** "…and I love it": a clause whose object is the thing named before it. */
const BACK_REFERENCE =
  /^(?:I|we)\s+(?:really\s+|absolutely\s+|totally\s+)?(?:love|adore|like|enjoy|hate|dislike)\s+(?:it|them)\b/iu;

/** "my girlfriend Priya", "our dog": a possessed noun phrase, nothing else, before "and I". */
const COORDINATED = /^\s*(?:my|our)\s+[^\s,]+(?:\s+[^\s,]+){0,2}\s*$/iu;

/** A cut before a subjectless statement of where the user lives or works ("…, living in Bergen"). */
const SUBJECTLESS_NEXT = /^,\s+(?:now\s+|currently\s+|still\s+)?(?:living|working|studying|based|staying|renting)\s/iu;
/** A sentence that opens with someone else as its subject ("my brother …", "she …", "Tom left …"). */
const OTHER_SUBJECT = new RegExp(
  String.raw`^\s*(?:(?:my|our|his|her|their|your)\s+(?!own\b)[\p{L}'-]+|he|she|they|you)\b` +
    String.raw`|^\s*(?!I\b|Not\b|No\b|Just\b|Left\b|Moved\b)\p{Lu}\p{Ll}+\s+(?:\p{Ll}+ed|left|moved|went|is|was` +
    String.raw`|has|got)\b`,
  'u',
);

/** Spans of sentences in `text`: trimmed, never empty. */
function sentences(text: string): [number, number][] {
  const out: [number, number][] = [];
  let from = 0;
  for (const m of text.matchAll(SENTENCE_END)) {
    const at = m.index;
    if (m[0].startsWith('.') && ABBREVIATION.test(text.slice(Math.max(0, at - 6), at))) continue;
    out.push([from, at + (/^[.!?…]/u.test(m[0]) ? m[0].length : 0)]);
    from = at + m[0].length;
  }
  out.push([from, text.length]);
  return out.map(([s, e]) => trimSpan(text, s, e)).filter(([s, e]) => e > s);
}

function trimSpan(text: string, start: number, end: number): [number, number] {
  while (start < end && /\s/u.test(text[start]!)) start++;
  while (end > start && /\s/u.test(text[end - 1]!)) end--;
  return [start, end];
}

/**
 * The clauses of `text`, in order, at most `MAX_CLAUSES`, each at most `MAX_CLAUSE_CHARS` long
 * (a longer one is cut there).
 * @example
 * splitClauses('I live in Lyon, but now we moved to Berlin!').map((c) => text.slice(c.start, c.end));
 * // ['I live in Lyon', 'now we moved to Berlin!']
 */
export function splitClauses(text: string): Clause[] {
  const out: Clause[] = [];
  let sentence = 0;
  for (const [start, end] of sentences(text)) {
    const body = text.slice(start, end);
    const cuts: [number, number][] = [];
    let from = 0;
    for (const m of body.matchAll(CLAUSE_BREAK)) {
      if (m.index === 0) continue;
      const before = body.slice(from, m.index);
      if (SHORT.test(before) && !/\bbut\b/iu.test(m[0]) && !CHANGE_FIRST.test(before)) continue;
      // "my brother quit Acme, joined Oracle": the second verb is the brother's, so no cut.
      if (/^,\s+$/u.test(m[0]) && CHANGE_NEXT.test(body.slice(m.index + m[0].length)) && !CHANGE_FIRST.test(before))
        continue;
      // "my brother left Oslo, living in Bergen now": a subjectless statement goes on with someone else's subject.
      if (SUBJECTLESS_NEXT.test(m[0] + body.slice(m.index + m[0].length)) && OTHER_SUBJECT.test(body.slice(0, m.index)))
        continue;
      // "My girlfriend Priya and I split up": the user's own people and the user, one subject.
      const coordinated =
        /^\s+and\s+$/iu.test(m[0]) && /^I\b/u.test(body.slice(m.index + m[0].length)) && COORDINATED.test(before);
      if (coordinated) continue;
      // "my fave food used to be pasta but now it's curry": the former value and the new one, one statement.
      if (
        /\bbut\b/iu.test(m[0]) &&
        /\bused to be\b/iu.test(before) &&
        !/^\s*(?:now\s+)?(?:i|i'm|i've|im|ive|we|we're|we've|my|our)\b/iu.test(body.slice(m.index + m[0].length))
      )
        continue;
      // "discovered green tea and I love it": a feeling about the thing the clause before names.
      if (BACK_REFERENCE.test(body.slice(m.index + m[0].length))) continue;
      cuts.push([from, m.index]);
      from = m.index + m[0].length;
    }
    cuts.push([from, body.length]);
    let index = 0;
    for (const [s, e] of cuts) {
      const [cs, ce] = trimSpan(text, start + s, start + e);
      if (ce <= cs) continue;
      out.push({ start: cs, end: Math.min(ce, cs + MAX_CLAUSE_CHARS), sentence, index: index++ });
      if (out.length >= MAX_CLAUSES) return out;
    }
    sentence++;
  }
  return out;
}
