/**
 * Vocabulary of the generated conversations: common English, a developer-support register,
 * names, numbers and code identifiers, so token counts per word look like real chat.
 * @module
 */
import type { Random } from './prng.js';

const COMMON = (
  'the a to of and in is it you that for on this with be are can if as have not your but or we at from do will ' +
  'so what an by all there about would they more which one when up out just like how then some could also no ' +
  'because into other any time should these than only get first new make need use way where after here well ' +
  'still does much each help think know see want try better sure right issue problem question thanks again'
).split(' ');

const TOPIC = (
  'deployment database query index cache latency request response server client browser worker token budget ' +
  'summary memory session history context message error timeout retry config setting schema migration table ' +
  'column row transaction lock queue event handler callback promise function module package build test bundle ' +
  'release version branch commit review pipeline metric dashboard alert log trace user account invoice order ' +
  'payment refund shipping address calendar meeting report draft email document file folder upload download'
).split(' ');

const NAMES = 'Alice Bob Carmen Dmitri Elena Farid Grace Hiroshi Ingrid Jamal Keiko Luis Maya Noor Olga Pablo'.split(
  ' ',
);
const CODE = [
  'getUserById()',
  'config.yaml',
  'useEffect',
  'SELECT *',
  'npm run build',
  'HTTP 502',
  'null',
  'undefined',
  '`idx_orders_user`',
  'v2.4.1',
  'localhost:5173',
];
const CITIES = ['Paris', 'Tokyo', 'Lagos', 'Lima', 'Oslo', 'Pune', 'Denver', 'Seoul'];

/** A plausible word: mostly common words, then topic words, sometimes a name, number or identifier. */
function word(r: Random): string {
  const x = r.next();
  if (x < 0.55) return r.pick(COMMON);
  if (x < 0.88) return r.pick(TOPIC);
  if (x < 0.93) return r.pick(NAMES);
  if (x < 0.97) return String(r.int(1, 2030));
  return r.pick(CODE);
}

/** `count` words as sentences (capitalized, punctuated, with the odd comma). */
export function prose(r: Random, count: number): string {
  const out: string[] = [];
  let inSentence = 0;
  let sentenceLength = r.int(6, 18);
  for (let i = 0; i < count; i++) {
    let w = word(r);
    if (inSentence === 0) w = w.charAt(0).toUpperCase() + w.slice(1);
    inSentence += 1;
    const last = i === count - 1;
    if (last || inSentence >= sentenceLength) {
      w += r.chance(0.2) ? '?' : '.';
      inSentence = 0;
      sentenceLength = r.int(6, 18);
    } else if (r.chance(0.07)) {
      w += ',';
    }
    out.push(w);
  }
  return out.join(' ');
}

/** A name of a person, for tool arguments. */
export const personName = (r: Random): string => r.pick(NAMES);
/** A city, for tool arguments. */
export const city = (r: Random): string => r.pick(CITIES);
/** A topic word, for tool arguments. */
export const topicWord = (r: Random): string => r.pick(TOPIC);
