/**
 * When two values of an attribute are the same thing: "Berlin" and "berlin", "+1 555-0100" and
 * "+1 (555) 0100", "peanut" and "peanuts"; and when a mention ("dog", "Rex") names a stored item
 * ("dog named Rex"). The reconciliation uses these to tell a repeat from a change and to find the
 * item a retirement names ("our dog died" retires "dog named Rex").
 * @module
 */

/** Words that carry no identity in a value ("a cat named Rex" is {cat, rex}). */
const FILLER = new Set([
  'a',
  'an',
  'the',
  'my',
  'our',
  'his',
  'her',
  'their',
  'named',
  'called',
  'name',
  'of',
  'and',
  'to',
  'in',
  'at',
  'is',
  'new',
  'old',
  'little',
  'big',
  'sweet',
  'lovely',
  'beloved',
  'cute',
  'baby',
]);

/** Lower case, no accents, no punctuation but `+`, `@`, `.`, `-` inside words, one space between words. */
function fold(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}@+.\s-]+/gu, ' ')
    .replace(/(?<![\p{L}\p{N}])[.-]+|[.-]+(?![\p{L}\p{N}])/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** A word without a plural ending, so "peanuts" and "peanut", "allergies" and "allergy" meet. */
function singular(word: string): string {
  if (word.length <= 3 || /\d/u.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ches|shes|sses|xes)$/u.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is'))
    return word.slice(0, -1);
  return word;
}

/**
 * The key two values of `attribute` compare by: digits (and a leading `+`) for a phone number,
 * the lower-cased address for an email, else the value's words folded to lower case without
 * accents, fillers ("a", "the", "named") or plural endings.
 * @example
 * factValueKey('allergy', 'Peanuts'); // "peanut"
 * factValueKey('phone', '+1 (555) 010-0199'); // "+15550100199"
 */
export function factValueKey(attribute: string, value: string): string {
  if (typeof value !== 'string') return '';
  if (attribute === 'phone') {
    const digits = value.replace(/\D+/gu, '');
    return /^\s*\+/u.test(value) ? `+${digits}` : digits;
  }
  if (attribute === 'email') return value.trim().toLowerCase();
  const words = fold(value)
    .split(' ')
    .filter((w) => w !== '' && !FILLER.has(w))
    .map(singular);
  return words.length > 0 ? words.join(' ') : fold(value);
}

/** Whether two values of `attribute` say the same thing (a repeat, not a change). */
export function sameFactValue(attribute: string, a: string, b: string): boolean {
  const ka = factValueKey(attribute, a);
  return ka !== '' && ka === factValueKey(attribute, b);
}

/**
 * Whether `mention` names the stored value `stored`: every word of the mention's key is in the
 * stored value's key ("dog" and "Rex" both name "dog named Rex"; "cat" does not). Used for a
 * retirement or a `replaces` that names an item only in part.
 */
export function factValueMentions(attribute: string, stored: string, mention: string): boolean {
  const want = factValueKey(attribute, mention);
  if (want === '') return false;
  const have = factValueKey(attribute, stored);
  if (have === want) return true;
  if (attribute === 'phone' || attribute === 'email') return false;
  const words = new Set(have.split(' '));
  return want.split(' ').every((w) => words.has(w));
}
