/**
 * The rule extractor on diet, allergies and health the user volunteers: diets taken up, given
 * up and switched, allergies found and outgrown, conditions; and someone else's diet or a
 * question about one.
 */
import { describe, it } from 'vitest';
import { expectFacts, expectNoUserFacts, type Expected } from '../support/facts/expect-facts.js';

// Said on 2024-09-10.
const DIET: [string, Expected[]][] = [
  ["I'm vegetarian.", [['diet', 'vegetarian']]],
  ["I'm a vegan.", [['diet', 'vegan']]],
  ['im vegeterian so no bacon for me', [['diet', 'vegetarian']]],
  ["I've been vegan for years.", [['diet', 'vegan']]],
  ["I'm pescatarian these days.", [['diet', 'pescatarian']]],
  ['Went vegetarian in January!', [['diet', 'vegetarian', 'state', { validFrom: '2024-01-01T00:00:00.000Z' }]]],
  ['I went vegan last year.', [['diet', 'vegan', 'state', { validFrom: '2023-01-01T00:00:00.000Z' }]]],
  ['I became a vegetarian two years ago.', [['diet', 'vegetarian']]],
  ['I decided to become pescatarian in the summer.', [['diet', 'pescatarian']]],
  ['These days I follow a keto diet.', [['diet', 'keto']]],
  ["I'm gluten-free because of celiac disease.", [['diet', 'gluten-free']]],
  ['I switched from vegan to vegetarian.', [['diet', 'vegetarian', 'state', { replaces: 'vegan' }]]],
  [
    "I used to be vegetarian but I'm vegan now.",
    [
      ['diet', 'vegetarian', 'retire'],
      ['diet', 'vegan', 'state', { replaces: 'vegetarian' }],
    ],
  ],
  ["I don't eat meat.", [['diet', "doesn't eat meat"]]],
  [
    'I stopped eating meat in 2020.',
    [['diet', "doesn't eat meat", 'state', { validFrom: '2020-01-01T00:00:00.000Z' }]],
  ],
  ['I eat fish again.', [['diet', 'eats fish']]],
  ['I started eating meat again.', [['diet', 'eats meat']]],
  ["I'm back to eating meat.", [['diet', 'eats meat']]],
  ["I'm not vegetarian anymore.", [['diet', 'vegetarian', 'retire']]],
  ['No longer vegan!', [['diet', 'vegan', 'retire']]],
  ['I gave up being vegetarian.', [['diet', 'vegetarian', 'retire']]],
  ['i quit being vegan lol, bacon won', [['diet', 'vegan', 'retire']]],
];

const ALLERGY: [string, Expected[]][] = [
  ["I'm allergic to peanuts.", [['allergy', 'peanuts']]],
  [
    "I'm allergic to peanuts and shellfish.",
    [
      ['allergy', 'peanuts'],
      ['allergy', 'shellfish'],
    ],
  ],
  ['im alergic to cats', [['allergy', 'cats']]],
  ['I have a severe peanut allergy.', [['allergy', 'peanut']]],
  ["Turns out I'm also allergic to shellfish.", [['allergy', 'shellfish']]],
  ['I developed an allergy to latex this year.', [['allergy', 'latex']]],
  ["I'm lactose intolerant.", [['allergy', 'lactose']]],
  ['I have a gluten intolerance.', [['allergy', 'gluten']]],
  ["I'm no longer allergic to peanuts.", [['allergy', 'peanuts', 'retire']]],
  ['I outgrew my peanut allergy.', [['allergy', 'peanut', 'retire']]],
  ["I'm not allergic to cats anymore.", [['allergy', 'cats', 'retire']]],
];

const HEALTH: [string, Expected[]][] = [
  ['I have type 2 diabetes.', [['health', 'type 2 diabetes']]],
  ['I have asthma.', [['health', 'asthma']]],
  ['I was diagnosed with ADHD last year.', [['health', 'ADHD', 'state', { validFrom: '2023-01-01T00:00:00.000Z' }]]],
  ["I'm diabetic.", [['health', 'diabetes']]],
  ['I suffer from migraines.', [['health', 'migraines']]],
  ['I live with chronic pain.', [['health', 'chronic pain']]],
  ['I have a heart condition.', [['health', 'a heart condition']]],
  ['I recovered from cancer.', [['health', 'cancer', 'retire']]],
];

const NOT_MINE = [
  'My wife is vegan.',
  'My brother is a vegan chef.',
  'Should I try going vegan?',
  'I might go vegan next year.',
  'My doctor says I should be vegetarian.',
  'If I were vegetarian, what would I eat?',
  'Can you recommend vegetarian restaurants in Berlin?',
  'Vegetarian lasagna is my go-to dish when friends visit.',
  'I ate steak yesterday.',
  'My mom is allergic to peanuts.',
  'My son is allergic to eggs.',
  'Am I allergic to eggs?',
  'Is it normal to be allergic to cats?',
  'My doctor thinks I might be lactose intolerant.',
  'I wonder if I am allergic to gluten.',
  'I have a cold.',
  'I have a headache today.',
  'My dad has diabetes.',
  'I would never eat snails.',
];

describe('facts rules: diet, allergies and health', () => {
  it.each(DIET)('%s', (text, expected) => expectFacts(text, expected));
  it.each(ALLERGY)('%s', (text, expected) => expectFacts(text, expected));
  it.each(HEALTH)('%s', (text, expected) => expectFacts(text, expected));
  it.each(NOT_MINE)('states nothing about the user: %s', (text) => expectNoUserFacts(text));
});
