/**
 * Sentence shapes that say a plain first-person statement in other words, rewritten as that
 * statement so every reader understands them without patterns of its own:
 * - a gerund as the subject of a perfect or a "my …" predicate: "Being vegan has been easier than
 *   I thought" → "I am vegan", "Learning Spanish is my new project" → "I am learning Spanish";
 * - a pseudo-cleft: "Accenture is where I work now" → "I work at Accenture now";
 * - a change of course and its purpose: "I switched careers to become a nurse" → "I became a
 *   nurse";
 * - a name changed or typed without its apostrophe: "I changed my name to Kate", "my names Kate"
 *   → "my name is Kate".
 * Applied to a clause's plain form (`canonical.ts`), after its subject was put back.
 * Noun phrases said for a verb (`nominal.ts`) and what the user no longer is (`former.ts`) are
 * rewritten first.
 * @module
 */
import { sayFormer } from './former.js';
import { sayNominal } from './nominal.js';

/** A gerund subject and a predicate that says the user does it ("has been", "is my new …"). */
const GERUND_SUBJECT = new RegExp(
  String.raw`^(being|living|working|studying|learning|speaking|eating|dating|seeing|teaching|running|renting` +
    String.raw`|training|volunteering|interning|freelancing) (.{1,60}?),? (?:has been|have been|is my|has become` +
    String.raw`|is going|has turned out)\b(?! (?:a |my )?(?:dream|goal|wish|plan|fantasy)\b)`,
  'iu',
);

/** "Accenture is where I work now": what the user's verb has, said first. */
const PSEUDO_CLEFT = new RegExp(
  String.raw`^(.{1,50}?) is where (I|we) (?:(?:now|currently|still) )?(live|work|study|go to school|am based` +
    String.raw`|are based|call home|am(?= now| these days)|are(?= now| these days)|ended up|settled)\b(.*)$`,
  'iu',
);
const CLEFT_PREPOSITION: Record<string, string> = {
  live: 'live in',
  work: 'work at',
  study: 'study at',
  'go to school': 'go to school at',
  'am based': 'am based in',
  'are based': 'are based in',
  'call home': 'live in',
  am: 'live in',
  are: 'live in',
  'ended up': 'live in',
  settled: 'live in',
};

/** "I switched careers to become a nurse": a change made for a role, which the user now has. */
const BECAME = new RegExp(
  String.raw`^(.*?\b(?:I|we)) (?:have )?(?:switched careers|changed careers|switched jobs|changed jobs|quit|left` +
    String.raw`|retrained|went back to school|gave up)(?: [^,;]{1,40}?)? to become (?=an? )`,
  'iu',
);

/** "I changed my name to Kate", "my names Kate" (the apostrophe left out): the user's name. */
const NAME_CHANGED = /\b(?:I|we) (?:have )?(?:legally |officially |just |finally )?changed my (?:first )?name to /iu;
const NAMES_TYPO = /\bmy names (?=\p{Lu})/u;

/**
 * "I've decided tacos is my favourite food", "I realised I'm lactose intolerant": a stance before
 * a statement, dropped (not "decided to …", a decision to act, which the readers know).
 */
const STANCE = new RegExp(
  String.raw`^(?:I|we) (?:have )?(?:just |finally )?(?:decided|realized|realised|figured out|noticed|admit` +
    String.raw`|must admit|confess|can confirm|declare|can say|can now say|would say)(?: that)?\s+(?!to\b|on\b` +
    String.raw`|against\b)(?=\S)` +
    // "Found out at the allergist that I'm allergic to latex": a finding, then what was found about the user.
    String.raw`|^(?:I|we) (?:have )?(?:just |finally |recently )?(?:found out|learned|learnt|discovered|realized` +
    String.raw`|realised)\b[^,;]{0,60}?\bthat\s+(?=(?:I|we)\b)`,
  'iu',
);

/**
 * "Add olives to the list of things I hate", "put sushi on my list of foods I love": an item
 * added to a list of the user's own, said as the user's verb and the item.
 */
const ADD_TO_LIST = new RegExp(
  String.raw`^(?:please |pls |also |oh and |and )?(?:add|put) (.{1,60}?) (?:to|on) (?:my|the|your) list` +
    String.raw` (?:of )?(?:things|stuff|foods?|food items|ingredients|topics|activities|places|people)?\s*` +
    String.raw`(?:that )?(I|we) ((?:really )?(?:hate|love|like|dislike|enjoy|avoid|can not stand|can not eat` +
    String.raw`|do not eat|do not like|am allergic to|are allergic to))\b`,
  'iu',
);

/**
 * "switched schools, MIT now", "changed jobs: Globex": a change of the kind of place, then the
 * new one named, said as the plain statement of where the user studies, works or lives.
 */
const SWITCHED_KIND = new RegExp(
  String.raw`^(?:(?:I|we) (?:have )?(?:just |finally )?)?(?:switched|changed|swapped|moved) (schools|unis` +
    String.raw`|universities` +
    String.raw`|colleges|programs|jobs|companies|employers|firms|cities|towns|countries)\s*(?:,|:|-|–|—)\s*` +
    String.raw`(?:(?:it is|its|now|now at|now in|to|at|in)\s+)?(?=\p{Lu})`,
  'iu',
);
const SWITCHED_TO: Record<string, string> = {
  schools: 'I study at ',
  unis: 'I study at ',
  universities: 'I study at ',
  colleges: 'I study at ',
  programs: 'I study at ',
  jobs: 'I work at ',
  companies: 'I work at ',
  employers: 'I work at ',
  firms: 'I work at ',
  cities: 'I live in ',
  towns: 'I live in ',
  countries: 'I live in ',
};

/** "The newest member of the family is a dog called Max": the user has it. */
const NEW_MEMBER = new RegExp(
  String.raw`^(?:the|our) (?:newest|latest|new) (?:member|addition) (?:of|to) (?:the|our) (?:family|household` +
    String.raw`|home) is\s+(?=an?\s)`,
  'iu',
);

/** The clause with these shapes said plainly; other clauses as they are. */
export function paraphrase(text: string): string {
  const member = NEW_MEMBER.exec(text);
  if (member) return paraphrase(`we have ${text.slice(member[0].length)}`);
  const switched = SWITCHED_KIND.exec(text);
  if (switched) return paraphrase(`${SWITCHED_TO[switched[1]!.toLowerCase()]}${text.slice(switched[0].length)}`);
  const listed = ADD_TO_LIST.exec(text);
  const said = listed ? `${listed[2]} ${listed[3]} ${listed[1]}${text.slice(listed.index + listed[0].length)}` : text;
  let out = sayNominal(sayFormer(said.replace(STANCE, '')));
  const gerund = GERUND_SUBJECT.exec(out);
  if (gerund) {
    const verb = gerund[1]!.toLowerCase();
    out = verb === 'being' ? `I am ${gerund[2]}` : `I am ${verb} ${gerund[2]}`;
  }
  const cleft = PSEUDO_CLEFT.exec(out);
  if (cleft && !/^(?:this|that|it|here|there|home|which|what)$/iu.test(cleft[1]!.trim()))
    out = `${cleft[2]} ${CLEFT_PREPOSITION[cleft[3]!.toLowerCase()] ?? cleft[3]} ${cleft[1]}${cleft[4]}`;
  out = out.replace(BECAME, '$1 became ');
  out = out.replace(NAME_CHANGED, 'my name is ').replace(NAMES_TYPO, 'my name is ');
  return out;
}
