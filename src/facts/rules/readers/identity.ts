/**
 * Who the user is: name ("my name is Ada", "call me Ada", "Hi, I'm Ada."), age ("I'm 34", "I
 * just turned 30"), birthday ("my birthday is March 3rd", "I was born on 3 May 1990"), where
 * they are from ("I'm from Lyon", "I grew up in Lyon", "born and raised in Lyon"), nationality
 * ("I'm Canadian"), religion, gender and pronouns.
 * @module
 */
import { ADV, SUBJ, pattern } from '../grammar.js';
import { NATIONALITIES, OCCUPATIONS, RELIGIONS, alternation } from '../lexicon.js';
import { after, find, propose, type Proposal, type Reader } from '../reader.js';
import { cutValue, properCase } from '../values.js';

const GATE = new RegExp(
  String.raw`\b(?:name|call|go by|know(?:s)? me as|known as|I am|turned|birthday|bday|b-day|born|from|grew up` +
    String.raw`|raised|pronouns|originally` +
    String.raw`|citizen|home ?town|home city|home country|birthplace|place of birth|years? old|yo\b)`,
  'iu',
);

const NAME_IS = /\bmy (?:full |first |real |given )?name is\s+(?:now\s+|officially\s+|legally\s+)?/iu;
const NICKNAME = new RegExp(
  String.raw`\b(?:(?:you can |please |just |everyone |people |friends |most people |my friends )?call` +
    String.raw`(?:s)? me|I go by|I am called|I am known as|be called|be known as|know(?:s)? me as)\s+`,
  'iu',
);
/** "I'm Ada." / "I'm Ada, nice to meet you": a capitalized word that is no adjective. Case-sensitive. */
const I_AM_NAME =
  /^I am (\p{Lu}[\p{Ll}'-]+(?: \p{Lu}[\p{Ll}'-]+)?)\s*(?:[,.!]|$|and\b|here\b|now\s*[,.!]*$|from now on\b)/u;
const NOT_NAMES = new Set(
  (
    'Fine|Good|Great|Okay|Ok|Back|Here|Sorry|So|Not|Also|In|On|Sure|Done|Happy|Sad|Tired|Excited|Ready|Home|Just|' +
    'Really|Very|Still|Always|Never|Now|Well|Alright|Glad|Grateful|Thankful|Proud|Busy|Free|Single|Married|Engaged|' +
    'Divorced|Pregnant|Vegan|Vegetarian|Retired|Unemployed|Sick|Ill|Better|Worse|Late|Early|Off|Out|Up|Down|Game|' +
    'Lost|Confused|Curious|Serious|Joking|Kidding|Listening|Thinking|Working|Going|Coming|Leaving|Trying|Literally|' +
    'Actually|Honestly|Totally|Definitely|Certainly|Afraid|Scared|Nervous|Stressed|Bored|Hungry|Thirsty|Cold|Hot|' +
    'Sure|Positive|Certain|Aware|Right|Wrong|Same|Too|Both|All|Done|Finished|Alive|Human|Allergic|Fluent|Bilingual'
  ).split('|'),
);
const NATIONALITY = new RegExp(
  String.raw`^I am (?:a |an )?(?:proud |half |full |100% )?(${alternation(NATIONALITIES)})` +
    String.raw`(?:-(${alternation(NATIONALITIES)}))?` +
    String.raw`(?: citizen| national| by birth)?\s*(?:[,.!]|$|and\b|but\b|too\b|now\b|myself\b)`,
  'iu',
);
const RELIGION = new RegExp(
  String.raw`^I am (?:a |an )?(?:devout |practicing |practising |proud |lapsed |non-practicing |born-again )?` +
    String.raw`(${alternation(RELIGIONS)})\s*(?:[,.!]|$|and\b|but\b|now\b)`,
  'iu',
);
const AGE = new RegExp(
  String.raw`^(?:I am|I'm) (\d{1,3})(?:\s*(?:years old|years of age|yrs old|yrs|yo|y\/o|year old))?\s*` +
    String.raw`(?:[,.!]|$|and\b|but\b|now\b|so\b|myself\b)`,
  'iu',
);
const AGE_TURNED = pattern(String.raw`\b${SUBJ}\s+${ADV}turned (\d{1,3})\b`);
const AGE_OLD = /\bI am (\d{1,3}) (?:years old|yrs old|year old|y\/o)\b/iu;
/** "I'm Tomasz, 29, …": an introduction's name, then an age. Case-sensitive, for the name's capital. */
const NAME_THEN_AGE = /^I am \p{Lu}[\p{L}'-]+, (\d{1,2})(?:,|$| and\b)/u;
/** "I'm a 35 year old mum", "I'm a 52-year-old engineer": the age as an adjective of the user. */
const AGE_ADJECTIVE = /^I am (?:a |an )?(\d{1,3})[- ](?:years?|yrs?)[- ]old\b/iu;
const MONTH =
  String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t` +
  String.raw`(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const DATE_WORDS =
  String.raw`((?:${MONTH}\.? \d{1,2}(?:st|nd|rd|th)?(?:,? (?:19|20)\d\d)?)|(?:\d{1,2}(?:st|nd|rd|th)? ` +
  String.raw`(?:of )?${MONTH}(?:,? (?:19|20)\d\d)?)|(?:(?:19|20)\d\d-\d\d-\d\d)|(?:\d{1,2}[/.]\d{1,2}` +
  String.raw`(?:[/.](?:19|20)?\d\d)?)|(?:${MONTH} (?:19|20)\d\d)|(?:(?:19|20)\d\d))`;
const BIRTHDAY = new RegExp(
  String.raw`\bmy (?:birthday|bday|b-day|birth date|date of birth|dob) is (?:on )?(?:the )?${DATE_WORDS}`,
  'iu',
);
const BORN_ON = new RegExp(String.raw`\bI was born (?:on |in )?(?:the )?${DATE_WORDS}`, 'iu');
const BORN_IN_PLACE = /\b(?:I was born and raised|I was born|born and raised|born and bred)\s+(?:in|at)\s+/iu;
const FROM = pattern(String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:am|are|come)\s+${ADV}(?:originally |actually )?from\s+`);
const GREW_UP = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:grew up|was raised|were raised|spent my childhood)\s+(?:in|on|at)\s+`,
);
/** "originally from Gdansk", "I'm Tomasz, 29, originally from Gdansk": an introduction's place of origin. */
const ORIGINALLY = new RegExp(
  String.raw`(?:^|^I am [^,]{1,40},(?: [^,]{1,20},)? )(?:and |but |though )?` +
    String.raw`(?:originally|born and raised|born and bred) (?:from|in) `,
  'iu',
);
/** "I'm a dentist from Pune", "I'm a 52-year-old engineer from Nairobi": a person's noun, then where from. */
const PERSON_FROM = /^I am (?:a |an )?(?:[\p{L}\d-]+ ){0,3}?([\p{L}-]+) from (?=\p{Lu})/u;
const PERSON_NOUNS = new Set([
  ...OCCUPATIONS,
  ...'girl|guy|boy|man|woman|lady|dude|mum|mom|dad|father|mother|student|native|expat|immigrant|kid'.split('|'),
]);
const HOMETOWN = /\bmy (?:home ?town|home city|home country|birthplace|place of birth) (?:is|was) /iu;
const PRONOUNS = /\bmy pronouns are ([a-z]+\s*\/\s*[a-z]+(?:\s*\/\s*[a-z]+)?)/iu;
const GENDER = new RegExp(
  String.raw`^I am (?:a |an )?(?:proud )?(trans(?:gender)? (?:woman|man|girl|guy)|trans|transgender` +
    String.raw`|non-?binary|enby|genderqueer|genderfluid|gender-fluid|agender|cis(?:gender)? (?:woman` +
    String.raw`|man)|two-spirit)\b`,
  'iu',
);

function ageOk(n: string): boolean {
  const v = Number(n);
  return v >= 5 && v <= 120;
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Reads name, age, birthday, hometown, nationality, religion, gender and pronouns. */
/** "it is Kate now": a single name said with "it". Case-sensitive, for the capital. */
const IT_IS_NAME = new RegExp(
  String.raw`(?:^|[,;:]\s*)(?:[Ii]t is|[Ii]ts) (?:now )?(\p{Lu}[\p{L}'-]*)(?: now)?(?:,? not (\p{Lu}[\p{L}'-]*))?` +
    String.raw`\s*(?:[.!]*$|,\s+(?=I\b))`,
  'u',
);
/** Days and months, which "it is … now" names as often as a name. */
const CALENDAR_WORD = new RegExp(
  String.raw`^(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|January|February|March|April|May|June|July|August` +
    String.raw`|(?:Septem|Octo|Novem|Decem)ber)$`,
  'u',
);
/**
 * "…nobody calls me Lee except my mum", "I stopped using Lee", "…instead of Lee": a name the user
 * gives up in the turn. Case-sensitive.
 */
const NAME_GIVEN_UP = new RegExp(
  String.raw`\b(?:(?:[Nn]obody|[Nn]o one|[Nn]oone) (?:\S+ ){0,3}?calls me|stopped (?:using|going by)|instead of` +
    String.raw`|rather than) (\p{Lu}[\p{L}'-]*)`,
  'u',
);
/** Words that make a name the user asks for a change of the name, not a second one ("I go by Kate now"). */
const NAME_CHANGE = /\b(?:now|these days|nowadays|from now on|anymore|any more|rather|prefer|instead)\b/iu;
/** The turn talks of the user's own name changing. */
const NAME_TALK = new RegExp(
  String.raw`\b(?:changed my (?:first |last |legal )?name|my (?:new |legal |first )?name|name change|new name|go by` +
    String.raw`|(?:legally|officially) changed it|changed it (?:legally|officially)|deed poll)\b`,
  'iu',
);

export const readIdentity: Reader = ({ text, turnMentions, turnFind }) => {
  // "it's Kate now - I changed my name": the name the turn talks of, said with "it".
  const it = IT_IS_NAME.exec(text);
  if (it && turnMentions(NAME_TALK)) {
    const name = cutValue(it[1]!, 'name');
    const old = it[2] ? cutValue(it[2], 'name') : undefined;
    if (name && !NOT_NAMES.has(name) && !CALENDAR_WORD.test(name))
      return [propose('name', name, 'state', { replaces: old })];
  }
  if (!GATE.test(text)) return [];
  const out: Proposal[] = [];
  let m = find(text, NAME_IS);
  if (m) {
    const name = cutValue(after(text, m), 'name');
    if (name) out.push(propose('name', name));
  }
  m = find(text, NICKNAME);
  // "nobody calls me Jon anymore" is a name given up, not one the user goes by.
  if (m && !/\b(?:nobody|no one|noone|never)\s+(?:\S+\s+)?$/iu.test(text.slice(0, m.index))) {
    const name = cutValue(after(text, m), 'name');
    // "call me Morgan, nobody calls me Lee": with a name given up in the turn, the one asked for is the name.
    const givenUp = turnFind(NAME_GIVEN_UP);
    const old = givenUp ? cutValue(givenUp[1]!, 'name') : undefined;
    if (name && /^\p{Lu}/u.test(after(text, m)))
      out.push(
        old && !sameName(old, name)
          ? propose('name', name, 'state', { replaces: old })
          : propose(NAME_CHANGE.test(text) ? 'name' : 'nickname', name),
      );
  }
  const named = I_AM_NAME.exec(text);
  if (named && !NOT_NAMES.has(named[1]!.split(' ')[0]!) && !NATIONALITY.test(text) && !RELIGION.test(text))
    out.push(propose('name', named[1]!));
  const nationality = NATIONALITY.exec(text);
  if (nationality)
    out.push(
      propose('nationality', properCase(nationality[2] ? `${nationality[1]}-${nationality[2]}` : nationality[1]!)),
    );
  const religion = RELIGION.exec(text);
  if (religion) out.push(propose('religion', properCase(religion[1]!.toLowerCase())));
  const age =
    AGE.exec(text) ??
    AGE_OLD.exec(text) ??
    AGE_ADJECTIVE.exec(text) ??
    NAME_THEN_AGE.exec(text) ??
    find(text, AGE_TURNED);
  if (age && ageOk(age[1]!)) out.push(propose('age', age[1]!));
  const birthday = find(text, BIRTHDAY) ?? find(text, BORN_ON);
  if (birthday) {
    const born = birthday[0].startsWith('I was born');
    out.push(
      propose(
        'birthday',
        birthday[1]!,
        'state',
        born ? { text: `The user was born ${/^\d{4}$/u.test(birthday[1]!) ? 'in' : 'on'} ${birthday[1]}.` } : {},
      ),
    );
  } else {
    m = find(text, BORN_IN_PLACE);
    const place = m ? cutValue(after(text, m), 'place') : undefined;
    if (place) out.push(propose('hometown', place));
  }
  const person = PERSON_FROM.exec(text);
  m =
    find(text, FROM) ??
    find(text, GREW_UP) ??
    find(text, HOMETOWN) ??
    ORIGINALLY.exec(text) ??
    (person && PERSON_NOUNS.has(person[1]!.toLowerCase()) ? person : undefined);
  if (m) {
    const place = cutValue(after(text, m), 'place');
    if (place && !/^(?:work|school|the (?:future|past|gym|office|store|shop|hospital))$/iu.test(place))
      out.push(propose('hometown', place));
  }
  const pronouns = PRONOUNS.exec(text);
  if (pronouns) out.push(propose('pronouns', pronouns[1]!.replace(/\s+/gu, '').toLowerCase()));
  const gender = GENDER.exec(text);
  if (gender) out.push(propose('gender', gender[1]!.toLowerCase()));
  return out;
};
