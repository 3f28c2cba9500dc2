/**
 * A clause said in the negative or the past, rewritten as the statement it denies, so every
 * reader understands "no longer", "not … anymore", "used to", "quit being" and "I lived in" for
 * every attribute without patterns of its own: "I no longer live in Lyon" is read as "I live in
 * Lyon" and what it states is retired. Tried only when the clause as said states nothing.
 * @module
 */
import { ADV, SUBJ } from './grammar.js';

/** Rewrites: [pattern, replacement], `$1` the subject and its adverbs. */
const REWRITES: [RegExp, string][] = [
  [new RegExp(String.raw`^(.*?\b${SUBJ}\s+${ADV})used to\s+be\s+`, 'iu'), '$1am '],
  [new RegExp(String.raw`^(.*?\b${SUBJ}\s+${ADV})used to\s+`, 'iu'), '$1'],
  [
    new RegExp(
      String.raw`^(.*?\b${SUBJ}\s+${ADV})(?:quit|stopped|gave up|have quit|have stopped|have given up)\s+being\s+`,
      'iu',
    ),
    '$1am ',
  ],
  [
    new RegExp(
      String.raw`^(.*?\b${SUBJ}\s+${ADV})(am|are|have|has|was|were)\s+(?:not|no longer|never)\s+(?:really\s+` +
        String.raw`|actually\s+|even\s+)?`,
      'iu',
    ),
    '$1$2 ',
  ],
  [
    new RegExp(
      String.raw`^(.*?\b${SUBJ}\s+${ADV})(?:do not|does not|did not|can not|could not|no longer|never)\s+` +
        String.raw`(?:really\s+|actually\s+|even\s+)?`,
      'iu',
    ),
    '$1',
  ],
  [new RegExp(String.raw`^(.*?\b${SUBJ}\s+${ADV})(?:was|were)\s+`, 'iu'), '$1am '],
  [new RegExp(String.raw`^(.*?\b${SUBJ}\s+${ADV})(lived|worked|studied|had|spoke|owned|drove)\b`, 'iu'), '$1$2'],
  [/^(?:not|no longer)\s+(?:(?:a|an)\s+)?(?=\p{L})/iu, 'I am '],
];

/** A cheap test first: most clauses deny nothing. */
const DENIES = new RegExp(
  String.raw`\b(?:not|no longer|never|used to|was|were|lived|worked|studied|had|spoke|owned|drove` +
    String.raw`|quit|stopped|gave up)\b`,
  'iu',
);

const PRESENT: Record<string, string> = {
  lived: 'live',
  worked: 'work',
  studied: 'study',
  had: 'have',
  spoke: 'speak',
  owned: 'own',
  drove: 'drive',
};

/**
 * The statement a negative or past clause denies ("I used to live in Lyon" → "I live in Lyon"),
 * or undefined when the clause is neither.
 */
export function deniedStatement(text: string): string | undefined {
  if (!DENIES.test(text)) return undefined;
  for (const [re, to] of REWRITES) {
    const m = re.exec(text);
    if (!m) continue;
    if (to === '$1$2' && m[2] && PRESENT[m[2].toLowerCase()])
      return text.replace(re, `${m[1]}${PRESENT[m[2].toLowerCase()]}`);
    return text.replace(re, to);
  }
  return undefined;
}
