/**
 * A question as the embedder is given it: its content clause, in the words of the speaker it
 * asks about. A sentence encoder embeds a turn as it reads ("I went to a support group
 * yesterday": its speaker speaks in the first person, their name is not in it) and a question as
 * a question ("When did Caroline go to the support group?"): the words "When did …?" pull the
 * question toward other questions, and the name toward turns that say it, mostly not the one
 * that answers. Embedded as "I go to the support group", the question lands near the turn. On
 * LoCoMo, USE-lite alone finds about twice as much of the evidence in its top 10 this way as
 * with the question as asked (`npm run eval:locomo:folds`, docs/semantic-recall.md).
 * @module
 */

/** Interrogative words that open a question, with the words that qualify them ("how long"). */
const WH = new RegExp(
  '^(?:(?:in|on|at|for|with|from|to|by|about)\\s+)?(?:what|which|when|where|who|whom|whose|why|how)' +
    '(?:\\s+(?:long|many|much|often|old|far|soon|come))?\\b\\s*',
  'i',
);
/** "kind of", "type of", "(in what) ways": a frame around what the question is about. */
const KIND = /^(?:(?:kinds?|types?|sorts?)\s+of|ways?)\b\s*/i;
/** The auxiliary verb of a question, with a negation. */
const AUX = new RegExp(
  '^(?:did|does|do|is|are|was|were|am|has|have|had|will|would|can|could|should|shall|might|may|must)' +
    "(?:n't|\\s+not)?\\s+",
  'i',
);
/** Words a wh-word may stand before its auxiliary ("what instrument does …"). */
const MAX_BETWEEN = 3;

/**
 * A question as it is embedded: its content clause, without the interrogative word, the
 * auxiliary verb and the question mark, and with the words `namesSpeaker` takes for a speaker's
 * name in the first person ("Caroline" → "I", "Caroline's" → "my"). "When did Caroline go to the
 * LGBTQ support group?" → "Caroline go to the LGBTQ support group", or "I go to the LGBTQ
 * support group" when Caroline is a speaker; "What kind of car does Evan drive?" → "car Evan
 * drive"; "Would Melanie go camping again?" → "Melanie go camping again". Text that is not a
 * question, or would be left empty, is returned trimmed.
 * @example
 * questionForEmbedding('When did Caroline go to the park?', (w) => w === 'Caroline'); // 'I go to the park'
 */
export function questionForEmbedding(query: string, namesSpeaker?: (word: string) => boolean): string {
  const text = query.trim();
  let rest = text.replace(WH, '');
  const wh = rest !== text;
  rest = rest.replace(KIND, '');
  const words = rest.split(/\s+/);
  // The auxiliary right after the wh-word, or a few words on ("what instrument does Evan play").
  const limit = wh ? Math.min(MAX_BETWEEN, words.length - 1) : 0;
  for (let i = 0; i <= limit; i++) {
    const tail = words.slice(i).join(' ');
    if (AUX.test(tail)) {
      rest = [...words.slice(0, i), tail.replace(AUX, '')].join(' ');
      break;
    }
  }
  let clause = rest.replace(/[\s?.!]+$/, '').trim();
  if (namesSpeaker) {
    clause = clause
      .split(/\s+/)
      .map((w) => {
        const m = /^(.*?)(['’]s?)?([,;:.!?]*)$/.exec(w)!;
        if (!m[1] || !namesSpeaker(m[1])) return w;
        return (m[2] ? 'my' : 'I') + m[3];
      })
      .join(' ');
  }
  return clause || text;
}
