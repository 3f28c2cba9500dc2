/**
 * Families of general English words of one meaning that stemming cannot join ("kid" and
 * "child", "film" and "movie", "buy" and "purchase"). A question's word also searches the other
 * words of its family, at a lower weight (`ranking.synonymWeight`). A small hand-written list of
 * common words, none taken from an evaluation's questions.
 * @module
 */

import { STEM_PREFIX } from './analyze.js';
import { stem } from './porter2.js';

/** Families, `|`-separated; a family's words space-separated. */
const FAMILIES =
  'child kid kiddo|mother mom mum mommy mama|father dad daddy papa|grandmother grandma granny|' +
  'grandfather grandpa granddad|dog puppy pup doggy doggo|cat kitten kitty|car vehicle automobile|' +
  'movie film|photo picture pic photograph snapshot|job career occupation profession|buy purchase|' +
  'start begin commence|gift present|friend buddy pal|doctor physician|teacher instructor tutor|' +
  'exercise workout fitness|book novel|author writer|story tale|house home|shop store|meal food|' +
  'dinner supper|hobby pastime|vacation holiday|trip journey travel voyage getaway|' +
  'beach shore seaside|ocean sea|forest woods|phone cellphone smartphone|computer laptop|' +
  'money cash|help assist aid|talk chat speak converse|wedding marriage|marry wed|' +
  'injury wound|illness disease sickness|award prize trophy|contest competition tournament|' +
  'party celebration|goal aim objective|worry anxiety|relax unwind|tired exhausted|garden yard|' +
  'shoe sneaker|clothes clothing outfit apparel|bike bicycle|plane airplane aircraft|' +
  'road street|repair fix|beautiful pretty lovely gorgeous|funny hilarious amusing|' +
  'smart clever intelligent|happy glad joyful cheerful|sad unhappy|angry mad furious|' +
  'scared afraid frightened fearful|big large huge|small tiny|quick fast rapid|sick ill unwell|' +
  'choose pick select|learn study|attempt try|want wish desire|song tune|concert gig|' +
  'team squad|pet animal|sport athletics|hike trek|run jog|idea concept|course class lesson';

/**
 * By stem: the other stems of its families. Made by the first search that asks (stemming the
 * list costs a server's cold start CPU it does not need when no turn recalls).
 */
let related: Map<string, string[]> | undefined;

function relatedByStem(): Map<string, string[]> {
  if (related) return related;
  related = new Map();
  for (const family of FAMILIES.split('|')) {
    const stems = [...new Set(family.split(' ').map((w) => stem(w).slice(0, STEM_PREFIX)))];
    for (const s of stems) {
      const others = related.get(s) ?? [];
      for (const o of stems) if (o !== s && !others.includes(o)) others.push(o);
      related.set(s, others);
    }
  }
  return related;
}

const NONE: readonly string[] = Object.freeze([]);

/**
 * The stems of the words of `term`'s families (a stem as `analyze` makes it), without `term`.
 * @example
 * relatedTerms('kid'); // ['child']
 */
export function relatedTerms(term: string): readonly string[] {
  return relatedByStem().get(term) ?? NONE;
}
