/**
 * The attribute registry: what a fact about the user can be about, whether it holds one value at
 * a time or a list, and how a value reads as a sentence. Chosen from what chat users say about
 * themselves (LoCoMo's per-session observations are a census: work, family and pets, where they
 * live, food, health, hobbies, plans) and from what a model needs to answer "where do I live,
 * what do I eat, who is my partner".
 * @module
 */
import type { FactCardinality } from './types.js';

/** A group of attributes, for reports and for the model prompt. */
export type FactFamily =
  'identity' | 'home' | 'work' | 'family' | 'pets' | 'food-health' | 'preferences' | 'plans' | 'contact' | 'other';

/** One attribute: its name (a `FactCandidate.attribute`), cardinality, and its sentences. */
export interface FactAttribute {
  /** The name facts carry (`city`, `employer`, `pet`). */
  name: string;
  family: FactFamily;
  /** `one`: a newer value supersedes the old one; `many`: values accumulate until retired. */
  cardinality: FactCardinality;
  /** What it is, in a few words (for the model prompt and `listFacts` screens). */
  label: string;
  /** The value as a sentence about the user that holds now ("The user lives in Berlin."). */
  describe(value: string): string;
  /** The value as a sentence about the user that no longer holds ("The user no longer lives in Lyon."). */
  describeRetired(value: string): string;
}

/** "a"/"an" before a noun phrase, unless it already starts with a determiner or a number. */
export function withArticle(phrase: string): string {
  if (/^(?:a|an|the|my|our|some|one|two|three|four|five|\d)\b/iu.test(phrase)) return phrase;
  // Plurals take none: "kids", "children", "turtles".
  if (/(?:[^s]s|children|people|twins)$/iu.test(phrase)) return phrase;
  return `${/^[aeiou]/iu.test(phrase) && !/^(?:uni|use|eu|one)/iu.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

/** Diet values that read as "The user is …" (the others read as "The user …": "eats fish"). */
const DIET_ADJECTIVE = new RegExp(
  String.raw`^(?:vegan|vegetarian|pescatarian|pescetarian|keto|paleo|flexitarian|omnivore|halal|kosher` +
    String.raw`|raw|carnivore|gluten-free|dairy-free|lactose-free|sugar-free|low-carb|plant-based|on a` +
    String.raw`|on the)\b`,
  'iu',
);

/** Job values that are a state rather than a role ("The user is retired."). */
const JOB_STATE =
  /^(?:retired|unemployed|self-employed|freelancing|between jobs|out of work|on leave|a student|a stay-at-home)\b/iu;

type Spec = [
  name: string,
  family: FactFamily,
  cardinality: FactCardinality,
  label: string,
  now: (v: string) => string,
  no: (v: string) => string,
];

const SPECS: Spec[] = [
  ['name', 'identity', 'one', 'name', (v) => `The user's name is ${v}.`, (v) => `The user's name is no longer ${v}.`],
  [
    'nickname',
    'identity',
    'one',
    'name they go by',
    (v) => `The user goes by ${v}.`,
    (v) => `The user no longer goes by ${v}.`,
  ],
  [
    'age',
    'identity',
    'one',
    'age in years',
    (v) => `The user is ${v} years old.`,
    (v) => `The user is no longer ${v}.`,
  ],
  [
    'birthday',
    'identity',
    'one',
    'birthday or birth date',
    (v) => `The user's birthday is ${v}.`,
    (v) => `The user's birthday is not ${v}.`,
  ],
  [
    'gender',
    'identity',
    'one',
    'gender identity',
    (v) => `The user is ${withArticle(v)}.`,
    (v) => `The user is no longer ${withArticle(v)}.`,
  ],
  [
    'pronouns',
    'identity',
    'one',
    'pronouns',
    (v) => `The user's pronouns are ${v}.`,
    (v) => `The user's pronouns are no longer ${v}.`,
  ],
  ['nationality', 'identity', 'one', 'nationality', (v) => `The user is ${v}.`, (v) => `The user is no longer ${v}.`],
  [
    'hometown',
    'identity',
    'one',
    'where they are from, grew up',
    (v) => `The user is from ${v}.`,
    (v) => `The user is not from ${v}.`,
  ],
  [
    'religion',
    'identity',
    'one',
    'religion or belief',
    (v) => `The user is ${v}.`,
    (v) => `The user is no longer ${v}.`,
  ],
  [
    'city',
    'home',
    'one',
    'where they live now (city, town or country)',
    (v) => `The user lives in ${v}.`,
    (v) => `The user no longer lives in ${v}.`,
  ],
  [
    'job',
    'work',
    'one',
    'job title or occupation',
    (v) => (JOB_STATE.test(v) ? `The user is ${v}.` : `The user works as ${withArticle(v)}.`),
    (v) => (JOB_STATE.test(v) ? `The user is no longer ${v}.` : `The user no longer works as ${withArticle(v)}.`),
  ],
  [
    'employer',
    'work',
    'one',
    'company or organisation they work for',
    (v) => `The user works at ${v}.`,
    (v) => `The user no longer works at ${v}.`,
  ],
  [
    'industry',
    'work',
    'one',
    'field they work in',
    (v) => `The user works in ${v}.`,
    (v) => `The user no longer works in ${v}.`,
  ],
  [
    'school',
    'work',
    'one',
    'school or university they attend',
    (v) => `The user studies at ${v}.`,
    (v) => `The user no longer studies at ${v}.`,
  ],
  [
    'study',
    'work',
    'one',
    'subject they study',
    (v) => `The user studies ${v}.`,
    (v) => `The user no longer studies ${v}.`,
  ],
  [
    'partner',
    'family',
    'one',
    "partner's name (spouse, girlfriend, boyfriend)",
    (v) => `The user's partner is ${v}.`,
    (v) => `The user's partner is no longer ${v}.`,
  ],
  [
    'relationship',
    'family',
    'one',
    'relationship status',
    (v) => `The user is ${v}.`,
    (v) => `The user is no longer ${v}.`,
  ],
  [
    'child',
    'family',
    'many',
    'a child (name, age)',
    (v) => `The user has ${withArticle(v)}.`,
    (v) => `The user no longer has ${withArticle(v)}.`,
  ],
  [
    'sibling',
    'family',
    'many',
    'a brother or sister',
    (v) => `The user has ${withArticle(v)}.`,
    (v) => `The user no longer has ${withArticle(v)}.`,
  ],
  [
    'pet',
    'pets',
    'many',
    'a pet (kind and name)',
    (v) => `The user has ${withArticle(v)}.`,
    (v) => `The user no longer has ${withArticle(v)}.`,
  ],
  [
    'diet',
    'food-health',
    'one',
    'diet (vegetarian, vegan, eats fish…)',
    (v) => (DIET_ADJECTIVE.test(v) ? `The user is ${v}.` : `The user ${v}.`),
    (v) => (DIET_ADJECTIVE.test(v) ? `The user is no longer ${v}.` : `No longer true: the user ${v}.`),
  ],
  [
    'allergy',
    'food-health',
    'many',
    'an allergy or intolerance',
    (v) => `The user is allergic to ${v}.`,
    (v) => `The user is no longer allergic to ${v}.`,
  ],
  [
    'health',
    'food-health',
    'many',
    'a health condition the user volunteered',
    (v) => `The user has ${v}.`,
    (v) => `The user no longer has ${v}.`,
  ],
  [
    'like',
    'preferences',
    'many',
    'something they like or love',
    (v) => `The user likes ${v}.`,
    (v) => `The user no longer likes ${v}.`,
  ],
  [
    'dislike',
    'preferences',
    'many',
    'something they dislike',
    (v) => `The user dislikes ${v}.`,
    (v) => `The user no longer dislikes ${v}.`,
  ],
  [
    'hobby',
    'preferences',
    'many',
    'a hobby or regular activity',
    (v) => `The user's hobbies include ${v}.`,
    (v) => `The user no longer does ${v}.`,
  ],
  [
    'language',
    'preferences',
    'many',
    'a language they speak or learn',
    (v) => `The user speaks ${v}.`,
    (v) => `The user no longer speaks ${v}.`,
  ],
  [
    'vehicle',
    'preferences',
    'one',
    'the car or vehicle they drive',
    (v) => `The user drives ${withArticle(v)}.`,
    (v) => `The user no longer drives ${withArticle(v)}.`,
  ],
  [
    'plan',
    'plans',
    'many',
    'a plan, with its date',
    (v) => `The user plans: ${v}.`,
    (v) => `The user no longer plans: ${v}.`,
  ],
  [
    'phone',
    'contact',
    'one',
    'phone number',
    (v) => `The user's phone number is ${v}.`,
    (v) => `The user's phone number is no longer ${v}.`,
  ],
  [
    'email',
    'contact',
    'one',
    'email address',
    (v) => `The user's email is ${v}.`,
    (v) => `The user's email is no longer ${v}.`,
  ],
  [
    'address',
    'contact',
    'one',
    'postal address',
    (v) => `The user's address is ${v}.`,
    (v) => `The user's address is no longer ${v}.`,
  ],
  [
    'other',
    'other',
    'many',
    'any other durable fact about the user',
    (v) => (/[.!?]$/u.test(v) ? v : `${v}.`),
    (v) => `No longer true: ${v}`,
  ],
];

/** The categories of `favorite_*` attributes (one value each: a new favourite replaces the old). */
export const FAVORITE_CATEGORIES = [
  'food',
  'dish',
  'cuisine',
  'drink',
  'dessert',
  'snack',
  'fruit',
  'color',
  'movie',
  'film',
  'show',
  'series',
  'book',
  'author',
  'music',
  'genre',
  'band',
  'singer',
  'artist',
  'song',
  'album',
  'sport',
  'team',
  'game',
  'place',
  'city',
  'country',
  'season',
  'animal',
  'flower',
  'restaurant',
  'holiday',
  'number',
  'painter',
  'actor',
  'podcast',
  'hobby',
] as const;

for (const category of FAVORITE_CATEGORIES) {
  SPECS.push([
    `favorite_${category}`,
    'preferences',
    'one',
    `favourite ${category}`,
    (v) => `The user's favorite ${category} is ${v}.`,
    (v) => `The user's favorite ${category} is no longer ${v}.`,
  ]);
}

const REGISTRY: ReadonlyMap<string, FactAttribute> = new Map(
  SPECS.map(([name, family, cardinality, label, now, no]): [string, FactAttribute] => [
    name,
    Object.freeze({ name, family, cardinality, label, describe: now, describeRetired: no }),
  ]),
);

/** Every attribute of the registry, in a stable order (identity first, `other` before favourites). */
export const FACT_ATTRIBUTES: readonly FactAttribute[] = Object.freeze([...REGISTRY.values()]);

/** The attribute named `name`, or `undefined` for a name the registry does not know. */
export function factAttribute(name: string): FactAttribute | undefined {
  return typeof name === 'string' ? REGISTRY.get(name) : undefined;
}

/**
 * The sentence a fact shows: the attribute's own wording for `kind` `'state'` (holds now) or
 * `'retire'` (no longer holds). An unknown attribute reads the value as it is.
 * @example
 * factSentence('city', 'Berlin'); // "The user lives in Berlin."
 * factSentence('diet', 'vegetarian', 'retire'); // "The user is no longer vegetarian."
 */
export function factSentence(attribute: string, value: string, kind: 'state' | 'retire' = 'state'): string {
  const spec = factAttribute(attribute) ?? factAttribute('other')!;
  return kind === 'retire' ? spec.describeRetired(value) : spec.describe(value);
}
