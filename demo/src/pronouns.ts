/**
 * First person to second person, for echoing what the user said back to them:
 * "my dog is called Pixel" → "your dog is called Pixel". Word by word, case kept.
 * @module
 */

const SWAPS: Record<string, string> = {
  i: 'you',
  "i'm": "you're",
  'i’m': 'you’re',
  "i've": "you've",
  "i'll": "you'll",
  "i'd": "you'd",
  me: 'you',
  my: 'your',
  mine: 'yours',
  myself: 'yourself',
  am: 'are',
  we: 'you',
  us: 'you',
  our: 'your',
  ours: 'yours',
  ourselves: 'yourselves',
};

/** `text` with first-person words turned to second person. */
export function toSecondPerson(text: string): string {
  return text.replace(/[\p{L}'’]+/gu, (word: string, offset: number) => {
    const lower = word.toLowerCase();
    const swap = SWAPS[lower];
    if (!swap) return word;
    // "I" and its contractions are always capitalised: only a sentence start says to keep a capital.
    const sentenceStart = /(^|[.!?]\s+)$/u.test(text.slice(0, offset));
    const capital = /^i(['’]|$)/u.test(lower) ? sentenceStart : word[0] !== word[0]!.toLowerCase();
    return capital ? swap[0]!.toUpperCase() + swap.slice(1) : swap;
  });
}
