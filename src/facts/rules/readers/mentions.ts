/**
 * What the user's possessives say in passing, in a clause whose subject is the user: "I took my
 * kids to…", "we love our turtles", "my husband and I…", "I missed my pottery class", "I opened my
 * own bakery". Read only when the clause states nothing more precise about the same attribute
 * ("my daughter Emma" is a child with a name, family.ts). Nothing is read from a clause about the
 * other person ("my wife is vegan", "my son plays the piano"), nor from "my friend's dog", "my
 * ex-wife", "my late husband" or "my wife who…".
 * @module
 */
import { ACTIVITIES, PETS, alternation } from '../lexicon.js';
import { find, propose, type Proposal, type Reader } from '../reader.js';

const PET = alternation(PETS);
const ACTIVITY = alternation(ACTIVITIES);
const GATE = /\b(?:my|our|signed up|enrolled|joined|take|taking|started|go to|attend)\s/iu;

/** "my kids", "our two boys", "my youngest daughter". */
const KIDS = new RegExp(
  String.raw`\b(?:my|our) (?:(?:two|three|four|little|young|youngest|oldest|eldest|older|younger|teenage` +
    String.raw`|grown|baby|twin|lovely|beautiful|amazing|\d+[- ]year[- ]old)\s+)*(kids|children|sons` +
    String.raw`|daughters|son|daughter|boys|girls|toddler|little ones|twins|baby|stepson|stepdaughter` +
    String.raw`|stepkids)\b(?!'s|\s+(?:friend|friends|school|teacher|class|classes|team|coach))`,
  'iu',
);
const PARTNER = new RegExp(
  String.raw`\b(?:my|our) (?:(?:lovely|amazing|wonderful|dear|sweet|darling|new|current|beautiful)\s+)*` +
    String.raw`(husband|wife|hubby|wifey|spouse|girlfriend|boyfriend|partner|gf|bf|fianc[ée]e?|significant other)\b` +
    String.raw`(?!'s\s+(?:friend|brother|sister|mom|dad|mother|father|parents|family|ex))`,
  'iu',
);
const PETS_MENTION = new RegExp(
  String.raw`\b(?:my|our) (?:(?:two|three|four|little|sweet|old|new|beloved|furry|fur|rescue|crazy` +
    String.raw`|lazy|adorable|cute)\s+)*(${PET})\b(?!'s\s+(?:vet|food|toy|bed))(?!\s+(?:food|toys?|bed` +
    String.raw`|sitter|walker|park|treats|painting|drawing|photo|picture|costume))`,
  'iu',
);
const CLASS = new RegExp(
  String.raw`\b(?:my|our|(?:signed up for|enrolled in|joined|take|am taking|started|go to|attend) ` +
    String.raw`(?:a|an|the|my|some)) (${ACTIVITY}) (?:class|classes|lessons?|course|club|group|team` +
    String.raw`|practice|sessions?|studio)\b`,
  'iu',
);
const OWN = new RegExp(
  String.raw`\b(?:my|our) (?:own|new|little) (business|company|startup|start-up|store|shop|bakery` +
    String.raw`|restaurant|cafe|café|studio|dance studio|clothing store|salon|gym|practice|clinic|agency` +
    String.raw`|firm|brand|bar|farm|band|podcast|channel|blog|boutique)\b`,
  'iu',
);
const NOT_MINE = /\b(?:ex|ex-|late|former|deceased|future|dream|imaginary|fake)\s*$/iu;

const STATUS: Record<string, string> = {
  husband: 'married',
  wife: 'married',
  hubby: 'married',
  wifey: 'married',
  spouse: 'married',
  girlfriend: 'in a relationship',
  boyfriend: 'in a relationship',
  gf: 'in a relationship',
  bf: 'in a relationship',
  partner: 'in a relationship',
  'significant other': 'in a relationship',
  fiance: 'engaged',
  fiancé: 'engaged',
  fiancee: 'engaged',
  fiancée: 'engaged',
};

/** The user is the clause's subject: "I took my kids…", "we love our turtles", "my husband and I…". */
const FIRST_PERSON_SUBJECT = /(?:^|[^\p{L}'])(?:I|we)\s+(?!\s*(?:think|thought|guess|hope|wish)\b)/iu;

/**
 * A match whose possessive is the user's own ("my ex-", "my late" are not) and is not what the
 * rest of the clause describes ("my wife who loves gardening", "my son's school").
 */
function mine(text: string, re: RegExp): RegExpExecArray | undefined {
  const m = find(text, re);
  if (!m || NOT_MINE.test(m[0].replace(/\s+\S+$/u, ''))) return undefined;
  return /^\s*(?:who|that|which|whose|'s)\b/iu.test(text.slice(m.index + m[0].length)) ? undefined : m;
}

/** Reads the family, pets, classes and businesses the user's possessives name. */
export const readMentions: Reader = ({ text }) => {
  if (!GATE.test(text) || !FIRST_PERSON_SUBJECT.test(text)) return [];
  const out: Proposal[] = [];
  const kids = mine(text, KIDS);
  if (kids) out.push(propose('child', kids[1]!.toLowerCase()));
  const partner = mine(text, PARTNER);
  const status = partner ? STATUS[partner[1]!.toLowerCase()] : undefined;
  if (status) out.push(propose('relationship', status));
  const pet = mine(text, PETS_MENTION);
  if (pet) out.push(propose('pet', pet[1]!.toLowerCase()));
  const activity = find(text, CLASS);
  if (activity) out.push(propose('hobby', activity[1]!.toLowerCase().replace(/^the /u, '')));
  const own = find(text, OWN);
  if (own) {
    const what = own[1]!.toLowerCase();
    out.push(propose('employer', `their own ${what}`, 'state', { text: `The user runs their own ${what}.` }));
  }
  return out;
};
