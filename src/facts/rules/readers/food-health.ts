/**
 * Diet, allergies and health the user volunteers: "I'm vegetarian", "I went vegan last year",
 * "I don't eat meat", "I eat fish again", "I'm not vegetarian anymore", "I switched from vegan to
 * vegetarian", "I'm allergic to peanuts and shellfish", "I have a gluten intolerance", "I outgrew
 * my peanut allergy", "I have asthma", "I was diagnosed with diabetes", "I'm diabetic".
 * @module
 */
import { ADV, SUBJ, SUBJ_OR_NONE, pattern } from '../grammar.js';
import { CONDITIONS, CONDITION_ADJECTIVES, DIET_FOODS, DIET_SPELLING, DIETS, alternation } from '../lexicon.js';
import { after, find, propose, type Proposal, type Reader } from '../reader.js';
import { cutList, cutValue } from '../values.js';

const GATE = new RegExp(
  String.raw`\b(?:veg|pesc|keto|paleo|flexi|plant|gluten|dairy|lactose|halal|kosher|carniv|low|whole` +
    String.raw`|sugar|diet|eat|meat|fish|allerg|alerg|intoleran|diagnos|suffer|asthma|diabet|condition` +
    String.raw`|disease|disorder|syndrome|cancer|health|have|live with|struggle|battl|recover|remission` +
    String.raw`|cured|beat|omnivore|mediterranean|fruitarian|epilep|autis|dyslex|anemi|anaemi|celiac` +
    String.raw`|coeliac|bipolar|blind|deaf|hearing|chronic)`,
  'iu',
);

const DIET = alternation(DIETS);
const FOOD = alternation(DIET_FOODS);
const DIET_IS = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:am|are|have been|became|become|went|gone|turned|have gone|have become|have turned` +
    String.raw`|am now|are now|switched to being|converted to being|stayed|remain|am still|decided to ` +
    String.raw`(?:become|go|be)|chose to (?:become|go|be)|made the switch to being|made the switch to)\s+${ADV}` +
    String.raw`(?:a |an |fully |strictly |mostly |100% |completely |totally |entirely |pretty much ` +
    String.raw`|almost |basically )?(${DIET})\b(?!\s*(?:food|restaurant|recipe|option|dish|meal|place` +
    String.raw`|cafe|café|burger|friend|cookbook|cheese|version|alternative|menu|bakery|sausage|lasagna` +
    String.raw`|pizza|chili|curry)s?\b)`,
);
const ON_DIET = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:eat|am eating|have been eating|follow|am on|do|started|switched to|am following|have been on` +
    String.raw`|went on|am doing` +
    String.raw`|have been doing|started on|tried|am trying|stick to|live on)\s+(?:a |an |the )?(?:strict ` +
    String.raw`|mostly |new )?(${DIET})(?: diet| lifestyle| way of eating| eating)\b`,
);
const DIET_FROM_TO = new RegExp(
  String.raw`\b(?:switched|changed|went|moved|converted|transitioned|gone|shifted)\s+(?:my diet\s+)?from\s+` +
    String.raw`(?:being\s+)?(?:a |an )?(${DIET})\s+to\s+(?:being\s+)?(?:a |an )?(${DIET})\b`,
  'iu',
);
const NO_FOOD = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:do not|no longer|never|can not|stopped|quit|gave up|cut out|am off|have stopped|have given up` +
    String.raw`|have cut out|avoid|do not touch|am avoiding)\s+(?:eating\s+|having\s+|eat\s+|have\s+)?` +
    String.raw`(${FOOD})\b`,
);
const EAT_AGAIN = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:eat|am eating|have been eating|started eating|started to eat|began eating|am back to eating` +
    String.raw`|went back to eating|have started eating|am eating)\s+(${FOOD})\b`,
);
const AGAIN = /\b(?:again|now|these days|nowadays|started|began|back to|once more|anymore)\b/iu;
const SWITCHED_TO = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:switched|changed|moved|converted|transitioned)\s+(?:my diet |my eating |over )?(?:over )?to\s+` +
    String.raw`(?:being\s+)?(?:a |an |fully |strictly )?(${DIET})\b`,
);
const DROPPED_DIET = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:dropped|ditched|abandoned|stopped|quit|gave up|gave up on|am done with|am over)\s+` +
    String.raw`(?:the |being |my )?(?:a |an )?(${DIET})(?:\s+(?:thing|diet|lifestyle|phase|experiment))?\b`,
);
const QUIT_DIET = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:quit|stopped|gave up|have given up|have stopped|have quit)\s+(?:being\s+)?(?:a |an )?(${DIET})\b`,
);

const ALLERGIC = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:am|are|have been|became|turned out to be|got|found out I am|found out I was|discovered I am` +
    String.raw`|learned I am)\s+${ADV}(?:very |severely |mildly |deathly |slightly |super |really |extremely ` +
    String.raw`|highly |seriously |a bit |a little |kind of |so )?(?:allergic|alergic|allergict)\s+to\s+`,
);
/** A finding said of the user: "was diagnosed with", "got diagnosed with", "tested positive for". */
const FOUND_WITH =
  String.raw`(?:was|got|have been|have just been|just got|was just) diagnosed with|(?:have )?tested positive for` +
  String.raw`|was found to have`;
const ALLERGY_TO = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:have|have got|got|developed|have developed|${FOUND_WITH})\s+` +
    String.raw`(?:a |an )?(?:severe |mild |bad |serious |deadly |life-threatening |slight |new |major )?` +
    String.raw`(?:allergy|allergies|intolerance|sensitivity)\s+to\s+`,
);
const HAVE_ALLERGY = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:have|have got|got|developed|have developed|${FOUND_WITH})\s+` +
    String.raw`(?:a |an )?(?:severe |mild |bad |serious |deadly |life-threatening |slight |new |major )?` +
    String.raw`((?:[\p{L}-]+ ){0,2}?[\p{L}-]+) (allergy|allergies|intolerance|sensitivity)\b`,
);
const INTOLERANT = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:am|are)\s+${ADV}(lactose|gluten|dairy|fructose|histamine|soy` +
    String.raw`|wheat) (?:intolerant|sensitive)\b`,
);
const NO_ALLERGY = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:outgrew|have outgrown|outgrown|grew out of|got over|no longer have|do not have|lost` +
    String.raw`|beat|got rid of|cured)\s+` +
    String.raw`(?:my |the |a |an )?((?:[\p{L}-]+ ){0,2}?[\p{L}-]+) (?:allergy|allergies|intolerance)\b`,
);
/** "add latex to my allergies", "put pollen on my allergy list": the user's list, one more. */
const ALLERGY_ADDED = new RegExp(
  String.raw`\b(?:add|put)\s+((?:[\p{L}-]+ ){0,2}?[\p{L}-]+)\s+(?:to|on)\s+(?:my|the)\s+(?:list of\s+)?` +
    String.raw`(?:allergies|allergy list|allergens|list of allergies)\b`,
  'iu',
);
/**
 * "turns out latex allergy", "got tested, pollen allergy confirmed", "had a bad reaction to
 * shellfish, so that's another allergy": a finding about the user, said without "I am allergic".
 */
const FINDING = /\b(?:turns out|turned out|confirmed|diagnosed|tested|found out|allergist|doctor|ER|hospital)\b/u;
const ALLERGY_NOUN = new RegExp(
  String.raw`(?:^|[,:;]\s*|\b(?:out|tested|confirmed|a|an)\s+)((?:[\p{L}-]+ )?[\p{L}-]+) (?:allergy|allergies)\b` +
    String.raw`(?!\s+(?:to|test|clinic|season|meds|medicine|shot))`,
  'iu',
);
const REACTION_TO = new RegExp(
  String.raw`\b(?:bad |severe |allergic |awful |serious )?(?:reaction|reacted) to\s+((?:[\p{L}-]+ ){0,2}?[\p{L}-]+)` +
    String.raw`(?=\s+(?:last|this|yesterday|again|too|as well|today)\b|\s*[,.;!]|\s*$)`,
  'iu',
);
const ANOTHER_ALLERGY = /\b(?:another|new|one more|an) allerg(?:y|ies)\b|\ballergic\b/iu;
/** Someone else in the clause, whose allergy it may be. */
const SOMEONE_ELSE = new RegExp(
  String.raw`\b(?:he|she|they|his|her|their|(?:my|our) (?:\w+ )?(?:son|daughter|kids?|child|children|wife|husband` +
    String.raw`|partner|mom|mum|mother|dad|father|sister|brother|friend|boyfriend|girlfriend|baby|dog|cat|family))\b`,
  'iu',
);
const NOT_ALLERGEN = /^(?:an?|the|my|bad|severe|mild|new|another|food|seasonal|any|no|that|this|it|allergy)$/iu;

const ALLERGY_GONE = new RegExp(
  String.raw`\b(?:my|the) (?:((?:[\p{L}-]+ ){0,2}?[\p{L}-]+) (?:allergy|allergies|intolerance)|(?:allergy|allergies` +
    String.raw`|intolerance) to ((?:[\p{L}-]+ ){0,2}?[\p{L}-]+)) (?:is gone|went away|has gone|has gone away` +
    String.raw`|disappeared|has disappeared|cleared up|has cleared up|is no more|is cured|has been cured|is over)\b`,
  'iu',
);

const CONDITION = alternation(CONDITIONS);
const CONDITION_SUFFIX =
  /(?:itis|osis|emia|aemia|disease|disorder|syndrome|cancer|condition|deficiency|sclerosis|pathy|algia)$/iu;
const HAVE_CONDITION = pattern(
  SUBJ_OR_NONE,
  ADV,
  // Longer forms first: "have" would otherwise end the match of "have had" and "have been …".
  String.raw`(?:have been (?:battling|living with|dealing with|struggling with|suffering from|fighting)` +
    String.raw`|have had|have got|have struggled with|have developed|have|suffer from|am suffering from|live with` +
    String.raw`|am living with|struggle with|am struggling with|deal with|am dealing with|battle|am battling|got` +
    String.raw`|am managing(?: my)?|manage(?: my)?|am being treated for|am on medication for|take medication for` +
    String.raw`|am in treatment for` +
    String.raw`|developed)\s+`,
);
const DIAGNOSED = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:was|were|got|have been|am|just got|recently got|was recently|got officially)\s+(?:officially ` +
    String.raw`|finally |recently )?diagnosed\s+with\s+`,
);
/** "The doctor diagnosed me with diabetes", "they've diagnosed me with…": whoever diagnosed, the user has it. */
const DIAGNOSED_ME = /\bdiagnosed me with\s+/iu;
/** "My asthma is gone", "my migraines went away": a condition of the user's that no longer holds. */
const CONDITION_GONE = new RegExp(
  String.raw`\bmy (.{2,40}?) (?:is gone|are gone|has gone|have gone|went away|has gone away|have gone away` +
    String.raw`|cleared up|has cleared up|have cleared up|disappeared|has disappeared|is cured|is in remission` +
    String.raw`|is (?:finally )?under control|is a thing of the past)\b`,
  'iu',
);
const ADJECTIVE = new RegExp(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:am|are|have been|became)\s+${ADV}(?:a |an )?` +
    String.raw`(${[...CONDITION_ADJECTIVES.keys()].join('|')})\b` +
    String.raw`(?!\s+(?:friend|person|cat|dog|people))`,
  'iu',
);
const NO_CONDITION = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:no longer have|do not have|beat|recovered from|am cured of|was cured of|got over|am in remission from` +
    String.raw`|am free of|have beaten|have recovered from|got rid of)\s+(?:my |the |a |an )?`,
);
const CONDITION_HEAD = new RegExp(`^${CONDITION}\\b`, 'iu');
const CONDITION_ONLY = new RegExp(`^${CONDITION}$`, 'iu');

function dietWord(word: string): string {
  const w = word.toLowerCase().replace(/\s+/gu, ' ');
  return DIET_SPELLING.get(w) ?? w;
}

function foodDiet(food: string, eats: boolean): Proposal {
  const f = food.toLowerCase().replace(/\s+/gu, ' ');
  if (!eats && /^(?:gluten|dairy|sugar)$/u.test(f)) return propose('diet', `${f}-free`, 'state', { dated: true });
  return propose('diet', eats ? `eats ${f}` : `doesn't eat ${f}`, 'state', { dated: true });
}

function readDiet(text: string): Proposal[] {
  const fromTo = DIET_FROM_TO.exec(text);
  if (fromTo) return [propose('diet', dietWord(fromTo[2]!), 'state', { replaces: dietWord(fromTo[1]!), dated: true })];
  let m = find(text, QUIT_DIET) ?? find(text, DROPPED_DIET);
  if (m) return [propose('diet', dietWord(m[1]!), 'retire', { dated: true })];
  m = find(text, DIET_IS) ?? find(text, ON_DIET) ?? find(text, SWITCHED_TO);
  if (m) return [propose('diet', dietWord(m[1]!), 'state', { dated: true })];
  m = find(text, NO_FOOD);
  if (m && !/^(?:everything|anything)$/iu.test(m[1]!)) return [foodDiet(m[1]!, false)];
  m = find(text, EAT_AGAIN);
  if (m && (AGAIN.test(text) || /^(?:everything|anything)$/iu.test(m[1]!))) return [foodDiet(m[1]!, true)];
  return [];
}

function allergens(rest: string): string[] {
  return cutList(rest, 'thing').filter(
    (a) => !/^(?:it|that|this|them|everything|something|stuff|life|work|mondays|people)$/iu.test(a),
  );
}

function readAllergy(text: string): Proposal[] {
  let m = find(text, NO_ALLERGY);
  if (m) return [propose('allergy', m[1]!.toLowerCase(), 'retire', { dated: true })];
  const gone = ALLERGY_GONE.exec(text);
  if (gone) return [propose('allergy', (gone[1] ?? gone[2]!).toLowerCase(), 'retire', { dated: true })];
  const added = ALLERGY_ADDED.exec(text);
  if (added) return allergens(added[1]!).map((a) => propose('allergy', a, 'state', { dated: true }));
  if (!SOMEONE_ELSE.test(text)) {
    const noun = FINDING.test(text) ? ALLERGY_NOUN.exec(text) : null;
    // "confirmed a shellfish allergy": the article is no part of the allergen.
    const what = noun ? cutValue(noun[1]!.replace(/^(?:a|an|the)\s+/iu, ''), 'thing') : undefined;
    if (what && !NOT_ALLERGEN.test(what) && !NOT_ALLERGEN.test(what.split(' ')[0]!))
      return [propose('allergy', what.toLowerCase(), 'state', { dated: true })];
    const reaction = ANOTHER_ALLERGY.test(text) ? REACTION_TO.exec(text) : null;
    const reacted = reaction ? cutValue(reaction[1]!, 'thing') : undefined;
    if (reacted && !NOT_ALLERGEN.test(reacted))
      return [propose('allergy', reacted.toLowerCase(), 'state', { dated: true })];
  }
  m = find(text, ALLERGIC);
  if (m) return allergens(after(text, m)).map((a) => propose('allergy', a, 'state', { dated: true }));
  m = find(text, ALLERGY_TO);
  if (m) return allergens(after(text, m)).map((a) => propose('allergy', a, 'state', { dated: true }));
  m = find(text, INTOLERANT);
  if (m)
    return [
      propose('allergy', m[1]!.toLowerCase(), 'state', {
        text: `The user is ${m[1]!.toLowerCase()} intolerant.`,
        dated: true,
      }),
    ];
  m = find(text, HAVE_ALLERGY);
  if (m && !/^(?:an?|the|my|bad|severe|mild)$/iu.test(m[1]!)) {
    const what = m[1]!.toLowerCase();
    const text = m[2]!.toLowerCase().startsWith('intoler')
      ? `The user has ${/^[aeiou]/u.test(what) ? 'an' : 'a'} ${what} intolerance.`
      : undefined;
    return [propose('allergy', what, 'state', { text, dated: true })];
  }
  return [];
}

/** The condition at the start of `rest`: a known one ("chronic pain", "type 2 diabetes"), else any for `any`. */
function condition(rest: string, any: boolean): string | undefined {
  const said = cutValue(rest, 'thing');
  if (!said) return undefined;
  const value = CONDITION_ONLY.test(said) ? said : said.replace(/^(?:a|an|chronic|severe|mild|bad|terrible)\s+/iu, '');
  const lower = value.toLowerCase();
  if (CONDITION_ONLY.test(lower) || CONDITION_SUFFIX.test(lower)) return value;
  const head = CONDITION_HEAD.exec(lower);
  if (head) return value.slice(0, head[0].length);
  return any && !/^(?:a|an|the|my)\s/iu.test(value) ? value : undefined;
}

function readHealth(text: string): Proposal[] {
  let m = find(text, NO_CONDITION);
  if (m) {
    const value = condition(after(text, m), false);
    return value ? [propose('health', value, 'retire', { dated: true })] : [];
  }
  const gone = CONDITION_GONE.exec(text);
  const goneValue = gone ? condition(gone[1]!, false) : undefined;
  if (goneValue && goneValue.length === gone![1]!.length)
    return [propose('health', goneValue, 'retire', { dated: true })];
  m = find(text, DIAGNOSED) ?? DIAGNOSED_ME.exec(text) ?? undefined;
  if (m) {
    const value = condition(after(text, m), true);
    // "diagnosed with a latex allergy" is the allergy, read as such.
    return value && !/\ballerg/iu.test(value) ? [propose('health', value, 'state', { dated: true })] : [];
  }
  const adjective = ADJECTIVE.exec(text);
  if (adjective) return [propose('health', CONDITION_ADJECTIVES.get(adjective[1]!.toLowerCase())!, 'state')];
  m = find(text, HAVE_CONDITION);
  if (m) {
    const value = condition(after(text, m), /suffer|live with|living with|battl|struggle/iu.test(m[0]));
    return value ? [propose('health', value, 'state', { dated: !/^(?:I |we )?(?:have|have got)\s/iu.test(m[0]) })] : [];
  }
  return [];
}

/** Reads diet, allergies and intolerances, and health conditions. */
export const readFoodHealth: Reader = ({ text }) => {
  // A condition named with a verb the gate lacks ("I deal with anxiety") still opens the health part.
  if (!GATE.test(text) && !HEALTH_GATE.test(text)) return [];
  return [
    ...(DIET_GATE.test(text) ? readDiet(text) : []),
    ...(ALLERGY_GATE.test(text) ? readAllergy(text) : []),
    ...(HEALTH_GATE.test(text) ? readHealth(text) : []),
  ];
};

/** Cheap tests before each part's patterns. */
const DIET_GATE = new RegExp(
  String.raw`\b(?:${DIET}|diet|meat|fish|seafood|chicken|beef|pork|poultry|animal products|dairy|eggs` +
    String.raw`|gluten|sugar|carbs` +
    String.raw`|shellfish|lamb|everything|anything)\b`,
  'iu',
);
const ALLERGY_GATE = /allerg|alerg|intoleran|sensitiv/iu;
const HEALTH_GATE = new RegExp(
  String.raw`\b(?:diagnos\w*|suffer\w*|living with|live with|struggl\w*|battl\w*|deal\w* with|recover\w*|manag\w*` +
    String.raw`|treated for|medication for` +
    String.raw`|remission|cured|beat|gone|went away|cleared up|disappeared` +
    (String.raw`|${[...CONDITION_ADJECTIVES.keys()].join('|')}|${CONDITION})|(?:itis|osis|emia|disease` +
      String.raw`|disorder|syndrome|cancer|condition|deficiency|pathy|algia)\b`),
  'iu',
);
