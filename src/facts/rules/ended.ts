/**
 * Ends said of the thing itself, not of the user: "my eczema went away", "the hay fever is gone",
 * "shrimp is fine for me now", "I don't mind olives anymore", "I'm over podcasts", "the Rome trip
 * fell through". The user is not the subject, so neither the readers nor the denied statements
 * (`variants.ts`) read them; what ended is a value of a list the user keeps (a condition, an
 * allergy, a dislike, a like, a plan), and it is retired from every list its predicate can end.
 * A retirement that names no current value changes nothing, so naming several lists is safe.
 * @module
 */
import type { Proposal } from './reader.js';
import { cutValue } from './values.js';

/** A cheap test first: most clauses end nothing. */
const MAY_END = new RegExp(
  String.raw`\b(?:clear|cleared|away|gone|vanished|disappeared|resolved|cured|healed|fine|mind|over|through` +
    String.raw`|cancell?ed|off|scrapped|around|outgrew|outgrown|died|passed|bridge|missing|put)\b`,
  'iu',
);

/** Words that open the clause before the thing named: fillers, a possessive, an article. */
const OPENING =
  String.raw`(?:^|^.{0,80}?\b(?:and|but|so|now)\s+)` +
  String.raw`(?:(?:so|and|but|well|ok|okay|honestly|anyway|update|good news|great news|turns out` +
  String.raw`|it turns out)[\s,:]+)*`;
const OWNED = String.raw`(?:(?:my|our|the|that|this)\s+)?`;
/** The thing named: one to four words, no pronoun, no one else's ("my sister's eczema"). */
const THING =
  String.raw`((?!(?:it|that|this|he|she|they|everything|nothing|all|which|who)\b)` +
  String.raw`[\p{L}][\p{L}-]*(?:\s+[\p{L}][\p{L}-]*){0,3}?)`;
/** What may stand between the thing and its predicate ("allergy seems to have", "has finally"). */
const LINK =
  String.raw`\s+(?:(?:allerg(?:y|ies)|trip|holiday|vacation|plans?|problem|problems|issues?|thing|has|have|had` +
  String.raw`|is|are|was|were|seems? to(?: have)?(?: be)?|finally|totally|completely|mostly|basically|just|all|now` +
  String.raw`|officially` +
  String.raw`|kind of|kinda|apparently|actually|got|gotten|been|pretty much)\s+)*`;

/** One way things end: its pattern (group 1 the thing) and the lists it ends. */
interface Ending {
  re: RegExp;
  attributes: readonly string[];
}

const CONDITIONS = ['health', 'allergy'] as const;
const TOLERATED = ['allergy', 'dislike'] as const;

const ENDINGS: readonly Ending[] = [
  {
    // "my migraines finally cleared up", "the penicillin allergy seems to have vanished".
    re: new RegExp(
      OPENING +
        OWNED +
        THING +
        LINK +
        String.raw`(?:cleared up|cleared|gone away|went away|vanished|disappeared|gone|resolved|cured|healed` +
        String.raw`|outgrown)\b`,
      'iu',
    ),
    attributes: CONDITIONS,
  },
  {
    // "shrimp is fine for me after all", "cats are no problem for me now".
    re: new RegExp(
      OPENING + OWNED + THING + LINK + String.raw`(?:fine|ok|okay|no problem)\s+(?:for|with)\s+me\b`,
      'iu',
    ),
    attributes: TOLERATED,
  },
  {
    // "I don't mind cilantro after all", "I've come around on olives", "I outgrew my peanut allergy".
    re: new RegExp(
      OPENING +
        String.raw`(?:I|we)\s+(?:(?:actually|really|now|kind of|kinda|finally|totally|have|do)\s+)*` +
        String.raw`(?:do not mind|don't mind|came around (?:on|to)|come around (?:on|to)|outgrew|outgrown)\s+` +
        OWNED +
        THING +
        String.raw`(?=\s+(?:allerg(?:y|ies)|after all|anymore|any more|now|these days|actually)\b|[\s.!,]*$)`,
      'iu',
    ),
    attributes: ['dislike', 'allergy'],
  },
  {
    // "I'm kind of over coffee now", "we're so over camping".
    re: new RegExp(
      OPENING +
        String.raw`(?:I|we)\s+(?:am|are)\s+` +
        String.raw`(?:(?:so|kind of|kinda|totally|completely|honestly|officially|pretty much|just)\s+)*` +
        String.raw`over\s+` +
        OWNED +
        THING +
        String.raw`(?=\s+(?:now|already|anymore|any more|these days|honestly|tbh|lol)\b|[\s.!,]*$)`,
      'iu',
    ),
    attributes: ['like'],
  },
  {
    // "Luna passed in January", "our old dog Rex died": a loss, said of the pet.
    re: new RegExp(
      OPENING +
        OWNED +
        String.raw`(?:(?:old|sweet|poor|dear|little|beloved)\s+)*` +
        String.raw`(?:(?:cat|dog|kitten|puppy|rabbit|bunny|hamster|bird|parrot|fish)\s+)?` +
        THING +
        LINK +
        String.raw`(?:died|passed away|passed|crossed the rainbow bridge|ran away|went missing|was put down` +
        String.raw`|was put to sleep)\b`,
      'iu',
    ),
    attributes: ['pet'],
  },
  {
    // "Japan fell through", "the Rome trip got cancelled", "our Lisbon holiday is off".
    re: new RegExp(
      OPENING +
        OWNED +
        THING +
        LINK +
        String.raw`(?:fell through|falling through|cancell?ed|called off|scrapped|off|not happening)\b`,
      'iu',
    ),
    attributes: ['plan'],
  },
];

/** Trailing words that are the kind of thing, not the thing ("penicillin allergy", "Rome trip"). */
const KIND_WORDS = /\s+(?:allerg(?:y|ies)|trip|holiday|vacation|plans?|problem|problems|issues?|thing)$/iu;

/**
 * What a clause says has ended, retired from the lists it can end, or an empty list.
 * @example
 * endedStatements('My eczema finally went away');
 * // [{ attribute: 'health', value: 'eczema', kind: 'retire' }, { attribute: 'allergy', … }]
 */
export function endedStatements(text: string): Proposal[] {
  if (!MAY_END.test(text)) return [];
  for (const { re, attributes } of ENDINGS) {
    const m = re.exec(text);
    if (!m) continue;
    const value = cutValue(m[1]!.replace(KIND_WORDS, ''), 'thing');
    if (!value || /^(?:allerg(?:y|ies)|trip|holiday|plans?|it|that)$/iu.test(value)) return [];
    return attributes.map((attribute) => ({ attribute, value, kind: 'retire' as const }));
  }
  return [];
}
