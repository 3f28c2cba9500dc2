/**
 * Facts said as a noun phrase instead of the verb the rules read, rewritten as that verb:
 * - a finished move: "relocation to Oslo done", "my move to Oslo is finished", "my transfer to
 *   MIT went through" → "I moved to Oslo", "I transferred to MIT";
 * - a place's or a company's member: "I've been a Lisbon resident", "officially a Denver local"
 *   → "I live in Lisbon"; "I'm an employee of Accenture", "an Acme employee" → "I work at …";
 * - a taste: "I'm hooked on techno", "big running fan now" → "I love techno";
 * - a name said as a change: "I go by Kate now", "everyone calls me Kate these days" → "my name
 *   is Kate now" ("I go by Sam" alone stays a nickname);
 * - a couple: "me and Leila got engaged" → "Leila and I got engaged"; "Tom is my ex now" → "I am
 *   no longer dating Tom";
 * - a ranking: "curry has overtaken pasta as my favourite food" → "my favourite food is curry, not pasta";
 * - a regimen: "my doctor put me on a vegan diet" → "I am on a vegan diet";
 * - an apposition: "…drove to Berlin, our new home" → "Berlin is our new home".
 * The subject must be the user's (or left out): "my sister's move to Oslo", "my boss goes by
 * Dana" stay as they are.
 * @module
 */

const SUBJECT = String.raw`(?:I|we|I have|we have|I am|we are|I have been|we have been)`;

/** "relocation to Oslo done", "my move to Oslo is finished", "the transfer to MIT went through". */
const FINISHED_MOVE = new RegExp(
  String.raw`^(?:(?:my|our|the)\s+)?(?:(?:big|cross-country|international)\s+)?(move|relocation|transfer)\s+to\s+` +
    String.raw`(.{1,60}?)\s+(?:is\s+|was\s+|has been\s+|got\s+|now\s+)?(?:(?:finally|officially|all)\s+)?` +
    String.raw`(?:done|finished|complete|completed|official|final|sorted|went through|happened|approved)\b(.*)$`,
  'iu',
);
/** "a Lisbon resident", "a Denver local" said of the user. */
const RESIDENT = new RegExp(
  String.raw`^(.*?\b${SUBJECT}\s+(?:(?:now|officially|finally|proudly)\s+)*|^(?:now\s+|officially\s+|proudly\s+)*)` +
    String.raw`(?:an?\s+)(?:proud\s+|happy\s+|new\s+|official\s+|full-time\s+)*` +
    String.raw`(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)` +
    String.raw`\s+(?:resident|local|citizen|dweller)\b`,
  'iu',
);
/** "an employee of Accenture", "an Acme employee", "a Globex staffer". */
const EMPLOYEE_OF = new RegExp(
  String.raw`^(.*?\b${SUBJECT}\s+(?:now\s+|officially\s+)*|^(?:now\s+|officially\s+)*)(?:an?\s+)?` +
    String.raw`(?:(?:new|proud|full-time|part-time)\s+)*(?:employee|staff member|member of staff)\s+(?:of|at)\s+`,
  'iu',
);
const COMPANY_EMPLOYEE = new RegExp(
  String.raw`^(.*?\b${SUBJECT}\s+(?:now\s+|officially\s+)*|^(?:now\s+|officially\s+)*)(?:an?\s+)` +
    String.raw`(?:(?:new|proud|full-time|part-time)\s+)*(\p{Lu}[\p{L}&.'-]*(?:\s+\p{Lu}[\p{L}&.'-]*)?)` +
    String.raw`\s+(?:employee|staffer)\b`,
  'iu',
);
/** "hooked on techno", "a big running fan", "obsessed with padel". */
const TASTE = new RegExp(
  String.raw`^(.*?\b${SUBJECT}\s+(?:(?:now|really|totally|so|completely)\s+)*|^(?:now\s+|totally\s+|really\s+)*)` +
    String.raw`(?:hooked on|obsessed with|addicted to|crazy about|mad about|nuts about` +
    String.raw`|(?:a\s+)?(?:big|huge|massive)\s+fan of)\s+`,
  'iu',
);
const BIG_FAN = new RegExp(
  String.raw`^(.*?\b${SUBJECT}\s+(?:now\s+)*|^(?:now\s+)*)(?:a\s+)?(?:big|huge|massive)\s+(.{1,30}?)\s+fan\b`,
  'iu',
);
/** "my fave food used to be pasta but now it's curry", "…used to be pizza but ramen wins now". */
const FAVORITE_USED_TO = new RegExp(
  String.raw`^((?:my|our)\s+(?:all-time\s+|absolute\s+)?(?:favou?rite|fave|fav)\s+\p{L}+)\s+used to be\s+` +
    String.raw`(.{1,30}?),?\s+` +
    String.raw`but\s+(?:now\s+)?(?:it is\s+|it's\s+)?(?:now\s+)?((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)` +
    String.raw`(?:\s+(?:wins|is it|is the one|takes it|now|these days)\b.*)?\s*[.!]*$`,
  'iu',
);
/** "please address me as Kate", "refer to me as Kate": how the user asks to be named is their name. */
const ADDRESS_ME =
  /^(?:.*?[,;:]\s*)?(?:(?:please|pls|plz|kindly|just)\s+)?(?:address|refer to)\s+me\s+as\s+(?=\p{Lu})/iu;
/** "ramen is my new obsession", "techno has become my thing": what the user loves now. */
const MY_THING = new RegExp(
  String.raw`^((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:is|has become|became|is now)\s+(?:now\s+)?(?:my|our)\s+` +
    String.raw`(?:new\s+|latest\s+|current\s+|big\s+|whole\s+)?(?:obsession|thing|jam|passion|addiction` +
    String.raw`|guilty pleasure|comfort food)\b`,
  'iu',
);
/** "recently discovered green tea and I love it": a thing found, and loved. */
const FOUND_AND_LOVE = new RegExp(
  String.raw`^(?:I\s+)?(?:(?:recently|just|finally)\s+)?(?:discovered|found|tried|got into)\s+` +
    String.raw`((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+and\s+(?:I|we)\s+(?:really\s+|absolutely\s+)?` +
    String.raw`(?:love|adore|like|enjoy)\s+(?:it|them)\b`,
  'iu',
);
/** "I go by Kate", "everyone calls me Kate", "call me Kate". */
const GO_BY = new RegExp(
  String.raw`^(?:.*?\bI would rather you call me|.*?\bI would prefer (?:it if )?you call(?:ed)? me` +
    String.raw`|.*?\b(?:I|we)\s+(?:now\s+|mostly\s+|usually\s+)*(?:go by|am going by|prefer to be called` +
    String.raw`|like to be called|want to be called)` +
    String.raw`|(?:everyone|everybody|people|friends|my friends|folks|most people)\s+(?:now\s+|all\s+)*calls?\s+me)\s+`,
  'iu',
);
/**
 * Said as a change ("now", "these days", "not Katie"), what the user goes by is their name; said
 * plainly ("I go by Sam"), it stays a nickname for the identity reader.
 */
const CHANGED_NAME = /\b(?:now|these days|nowadays|from now on|any ?more|instead)\b|,?\s+not\s+\p{Lu}/iu;
const NOT_A_NAME = /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mr|Mrs|Ms|Dr)\b/u;
/** "me and Leila got engaged". */
const ME_AND = /^[Mm]e and (\p{Lu}[\p{L}'-]*)\s+(?=\p{Ll})/u;
/** "Tom is my ex now". */
const MY_EX = /^(\p{Lu}[\p{L}-]*)(?:'s| is) (?:now )?my ex\b(?![-'])/u;
/** "curry has overtaken pasta as my favourite food". */
const OVERTAKEN = new RegExp(
  String.raw`^(.{1,40}?)\s+(?:has\s+)?(?:overtaken|overtook|replaced|beaten|beat|taken over from|dethroned)` +
    String.raw`\s+(.{1,40}?)` +
    String.raw`\s+as\s+(my|our)\s+((?:new\s+)?(?:fav|fave|favourite|favorite)\s+\p{L}+)`,
  'iu',
);
/** "…to Berlin, our new home". */
const NEW_HOME = /^.*?\b(?:to|in)\s+(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?),\s+(?:our|my)\s+new\s+home\b/u;

/** "my doctor put me on a vegan diet": what someone put the user on, the user is on. */
const PUT_ME_ON = /^.{0,40}?\b(?:put|started|switched|moved) me (?:on|onto)\s+(?=(?:a|an|the)\s)/iu;

/** The clause with these shapes said with their verb; other clauses as they are. */
export function sayNominal(text: string): string {
  if (PUT_ME_ON.test(text)) return text.replace(PUT_ME_ON, 'I am on ');
  const move = FINISHED_MOVE.exec(text);
  if (move) return `I ${move[1]!.toLowerCase() === 'transfer' ? 'transferred' : 'moved'} to ${move[2]}${move[3]}`;
  const resident = RESIDENT.exec(text);
  if (resident) return `I live in ${resident[2]}${text.slice(resident[0].length)}`;
  const company = COMPANY_EMPLOYEE.exec(text);
  if (company) return `I work at ${company[2]}${text.slice(company[0].length)}`;
  if (EMPLOYEE_OF.test(text)) return text.replace(EMPLOYEE_OF, 'I work at ');
  const fan = BIG_FAN.exec(text);
  if (fan) return `I love ${fan[2]}${text.slice(fan[0].length)}`;
  if (TASTE.test(text)) return text.replace(TASTE, 'I love ');
  const used = FAVORITE_USED_TO.exec(text);
  if (used) return `${used[1]} is ${used[3]}, not ${used[2]}`;
  const addressed = ADDRESS_ME.exec(text);
  if (addressed) return `my name is ${text.slice(addressed[0].length)}`;
  const thing = MY_THING.exec(text);
  if (thing && !/^(?:it|that|this|which|what|he|she|they|I|we|there)$/iu.test(thing[1]!))
    return `I love ${thing[1]}${text.slice(thing[0].length)}`;
  const found = FOUND_AND_LOVE.exec(text);
  if (found) return `I love ${found[1]}${text.slice(found[0].length)}`;
  const name = GO_BY.exec(text);
  const rest = name ? text.slice(name[0].length) : '';
  if (name && /^\p{Lu}/u.test(rest) && !NOT_A_NAME.test(rest) && CHANGED_NAME.test(rest)) return `my name is ${rest}`;
  const ranked = OVERTAKEN.exec(text);
  if (ranked) return `${ranked[3]} ${ranked[4]} is ${ranked[1]}, not ${ranked[2]}`;
  const home = NEW_HOME.exec(text);
  if (home) return `${home[1]} is our new home`;
  const ex = MY_EX.exec(text);
  if (ex) return `I am no longer dating ${ex[1]}`;
  return text.replace(ME_AND, '$1 and I ');
}
