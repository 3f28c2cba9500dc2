/**
 * A clause written as a label and its value, the way people fill in a profile or update it in
 * passing, rewritten as the plain first-person statement every reader understands:
 * - "Email: x@y.z", "Diet: vegan now", "New email address: x@y.z", "fav food rn: ramen",
 *   "Allergy update: latex" → "my email is x@y.z", "I am vegan now", …;
 * - "email changed to x@y.z", "number changed → 555-0199" → "my email is x@y.z", …;
 * - "new dog in the house: Max" → "I have a dog named Max".
 * The label must open the clause and be the user's own (bare, or after "my", "new", "current"):
 * "Support email: …", "Tom's fav food: …" and "Location of the conference: …" are not labels
 * of the user's attributes. A parenthesis after the value is kept as a tail ("Kate (not Katie
 * anymore)" → "Kate, not Katie anymore").
 * @module
 */
import { alternation, PETS } from './lexicon.js';

/** Label words and the statement each opens. */
const LABELS: [RegExp, string][] = [
  [/^(?:location|city|home|home city|current city|based in|where I live)$/iu, 'I live in '],
  [/^diet$/iu, 'I am '],
  [/^(?:job|occupation|profession|job title|title|role)$/iu, 'I work as '],
  [/^(?:employer|company|workplace)$/iu, 'I work at '],
  [/^(?:school|university|uni|college)$/iu, 'I study at '],
  [/^(?:partner|girlfriend|boyfriend|gf|bf|wife|husband|fianc[ée]e?|spouse|other half)$/iu, 'my partner is '],
  [
    /^(?:phone|phone number|number|mobile|mobile number|cell|cell number|tel|telephone|contact number)$/iu,
    'my phone number is ',
  ],
  [/^(?:email|e-mail|email address|e-mail address|mail)$/iu, 'my email is '],
  [/^(?:allergy|allergies)$/iu, 'I am allergic to '],
  [/^(?:language|languages)$/iu, 'I speak '],
  [/^(?:name|first name|preferred name)$/iu, 'my name is '],
  [/^(?:fav|fave|favourite|favorite) (?:food|dish|meal)$/iu, 'my favorite food is '],
];

/** Words before a label that keep it the user's own. */
const OWNER = String.raw`(?:(?:my|new|current|updated|the new|my new|my current)\s+)?`;
/** Words after a label that keep it a label ("Allergy update:", "fav food rn:"). */
const TAIL = String.raw`(?:\s+(?:update|updated|unlocked|now|rn|these days|today))?`;
/** The label as said: up to three words, then a colon, an arrow or an equals sign. */
const LABEL = new RegExp(String.raw`^${OWNER}([\p{L}-]+(?: [\p{L}-]+){0,2}?)${TAIL}\s*(?::|→|->|=)\s*(?=\S)`, 'iu');
/**
 * "email changed to …", "my number has changed: …", "my number is different: …", "my title
 * changed from accountant to chef" (the value it had before, group 2).
 */
const CHANGED = new RegExp(
  String.raw`^${OWNER}([\p{L}-]+(?: [\p{L}-]+){0,1}?)\s+(?:has\s+|is\s+|was\s+|got\s+)?` +
    String.raw`(?:(?:changed|updated|switched|moved)(?:\s+from\s+([^,;:]{1,60}?))?` +
    String.raw`\s*(?:to|→|->|:)|(?:is\s+)?(?:different|new)(?:\s+now)?\s*(?::|→|->|-|now,?))\s*(?=\S)`,
  'iu',
);
/** "new dog in the house: Max": a pet's kind as the label, its name as the value. */
const PET_LABEL = new RegExp(
  String.raw`^(?:(?:our|my)\s+)?new\s+(${alternation(PETS)})(?:\s+in\s+the\s+(?:house|family|home))?\s*:\s*` +
    String.raw`(\p{Lu}[\p{L}'-]*)`,
  'iu',
);

/** Where a value ends: before a conjunction or a mark. */
const VALUE_END = new RegExp(
  String.raw`^(.*?)(?=\s+(?:when|because|after|since|as|and|but|so|while|for|at|in|last|this|next|now|yesterday` +
    String.raw`|today|ago)\b|[,;!]|\.(?=\s|$)|$)`,
  'u',
);

/** The value with a parenthesis after it kept as a tail, and a closing "now"/"rn" dropped. */
function value(text: string): string {
  return text
    .replace(/\s*\(\s*([^()\d]{1,60}?)\s*\)/gu, ', $1')
    .replace(/\s+(?:rn|right now)\s*$/iu, '')
    .trim();
}

/** "new city (Berlin)", "new job (nurse)": a label with its value in brackets, in a list of updates. */
const BRACKETED = new RegExp(String.raw`^${OWNER}([\p{L}-]+(?: [\p{L}-]+){0,1}?)\s*\(\s*([^()]{1,60}?)\s*\)`, 'iu');

/** The statement a label clause says, or the clause as it is. */
export function unlabel(text: string): string {
  const bracketed = BRACKETED.exec(text);
  const says =
    bracketed && /^(?:my\s+)?new\s/iu.test(text) ? LABELS.find(([re]) => re.test(bracketed[1]!))?.[1] : undefined;
  if (bracketed && says !== undefined) return `${says}${bracketed[2]}${text.slice(bracketed[0].length)}`;
  const pet = PET_LABEL.exec(text);
  if (pet) return `I have a ${pet[1]!.toLowerCase()} named ${pet[2]}${text.slice(pet[0].length)}`;
  for (const shape of [LABEL, CHANGED]) {
    const m = shape.exec(text);
    const opens = m ? LABELS.find(([re]) => re.test(m[1]!))?.[1] : undefined;
    if (m && opens === undefined) continue;
    if (m && m[2] === undefined) return `${opens}${value(text.slice(m[0].length))}`;
    // The former value said right after the new one, where the readers look for it ("chef, not accountant").
    if (m) return `${opens}${value(text.slice(m[0].length)).replace(VALUE_END, `$1, not ${m[2]!.trim()}`)}`;
  }
  return text;
}
