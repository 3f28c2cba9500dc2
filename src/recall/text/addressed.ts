/**
 * Who a turn speaks to. People in a chat call each other by name ("Hey Caroline!", "Thanks,
 * Mel.", "…, John?"), so the names one party uses are the other party's. Recall indexes the
 * names a turn addresses (as `@name` terms of the speaker field); a question that names a
 * person then favours that person's own turns even when the app gives no speaker names
 * (`addressee.ts`).
 * @module
 */

import { analyze } from './analyze.js';
import { MONTHS } from './dates.js';

/** Words that open a greeting, thanks or reaction, after which a capitalised word is a name. */
const CUES =
  'hey|hi|hello|hiya|yo|dear|thanks|thank you|thx|congrats|congratulations|bye|goodbye|sorry|' +
  'wow|whoa|woah|yeah|yes|yep|yup|no|nope|aw+|oh|ok|okay|sure|great|nice|cool|awesome|' +
  'good morning|good night|morning|welcome|cheers|right|well|haha|lol|hmm|omg|love you|miss you';
/** A cue, an optional comma or "!", then a capitalised word followed by punctuation or the end. */
const AFTER_CUE = new RegExp(`(?:^|[^\\p{L}])(?:${CUES})[,!]?\\s+(\\p{Lu}\\p{Ll}+)(?=\\s*(?:[!,.?:;)]|$))`, 'giu');
/** ", Name!" / ", Name." / ", Name?" closing a clause. */
const AFTER_COMMA = /,\s+(\p{Lu}\p{Ll}+)(?=\s*(?:[!.?]|$))/gu;
/** Capitalised words that are not names in these places. */
const NOT_NAMES = new Set([
  'i',
  'god',
  'man',
  'dude',
  'buddy',
  'friend',
  'guys',
  'girl',
  'mate',
  'bro',
  'sis',
  'mom',
  'dad',
  'mum',
  'honey',
  'babe',
  'everyone',
  'all',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'today',
  'tomorrow',
  'yesterday',
  'tonight',
  ...MONTHS,
]);

/** The prefix of an addressed-name term in the speaker field. */
export const ADDRESSED_PREFIX = '@';

/**
 * The names `text` addresses, as speaker-field terms (`@` + the name's analyzed term).
 * @example addressedTerms('Thanks, Mel! Hey Caroline, how are you?') // ['@mel', '@carolin']
 */
export function addressedTerms(text: string): string[] {
  const out = new Set<string>();
  for (const pattern of [AFTER_CUE, AFTER_COMMA]) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      const name = m[1]!;
      // The case-insensitive cue pattern also matches lower-case words: a name is capitalised.
      if (name[0] === name[0]!.toLowerCase() || NOT_NAMES.has(name.toLowerCase())) continue;
      const term = analyze(name)[0];
      if (term !== undefined) out.add(ADDRESSED_PREFIX + term);
    }
  }
  return [...out];
}
