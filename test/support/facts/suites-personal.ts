/**
 * Knowledge-update phrasings for diet, phone number, partner, pet, languages and allergies.
 * @module
 */
import type { AttributeSuite } from './scenario-types.js';

export const DIET: AttributeSuite = {
  attribute: 'diet',
  cardinality: 'one',
  pairs: [
    ['vegetarian', 'vegan'],
    ['vegan', 'vegetarian'],
    ['vegetarian', 'pescatarian'],
    ['keto', 'vegan'],
  ],
  others: ['paleo', 'gluten-free', 'halal', 'kosher'],
  originals: [
    "I'm {old}.",
    "I've been {old} for years.",
    'im {old} so no bacon for me',
    'As a {old}, I cook a lot at home.',
  ],
  changes: [
    { split: 'dev', text: "I'm {new} now." },
    { split: 'dev', text: 'I went {new} last year.' },
    { split: 'dev', text: 'I switched from {old} to {new}.' },
    { split: 'dev', text: "I've been {new} since January." },
    { split: 'dev', text: "I'm not {old} anymore.", retireOnly: true },
    { split: 'dev', text: 'I eat fish again.', retireOnly: true },
    { split: 'dev', text: 'I started eating meat again.', retireOnly: true },
    { split: 'dev', text: 'I gave up being {old}.', retireOnly: true },
    { split: 'holdout', text: "No longer {old} - I've gone fully {new}." },
    { split: 'holdout', text: 'I decided to become {new} in the summer.' },
    { split: 'holdout', text: "I'm eating meat again these days.", retireOnly: true },
    { split: 'holdout', text: 'i quit being {old} lol, bacon won', retireOnly: true },
    { split: 'holdout', text: 'These days I follow a {new} diet.' },
    { split: 'holdout', text: "I used to be {old} but I'm {new} now." },
  ],
  distractors: [
    'My wife is {other}.',
    'Should I try going {other}?',
    'I might go {other} next year.',
    'My doctor says I should be {other}.',
    'If I were {other}, what would I eat?',
  ],
};

export const PHONE: AttributeSuite = {
  attribute: 'phone',
  cardinality: 'one',
  pairs: [
    ['555-0100', '555-0199'],
    ['+44 7700 900123', '+44 7700 900456'],
    ['(555) 123-4567', '(555) 987-6543'],
    ['06 12 34 56 78', '07 98 76 54 32'],
  ],
  others: ['555-0142', '+1 202 555 0173', '555-0111', '+33 6 11 22 33 44'],
  originals: [
    'My number is {old}.',
    'my phone number is {old}',
    'You can reach me at {old}.',
    'My mobile number: {old}',
  ],
  changes: [
    { split: 'dev', text: 'My new number is {new}.' },
    { split: 'dev', text: 'I changed my number to {new}.' },
    { split: 'dev', text: 'You can reach me at {new} now.' },
    { split: 'dev', text: 'New phone number: {new}' },
    { split: 'dev', text: 'My phone number is now {new}.' },
    { split: 'holdout', text: 'Heads up, my number changed - it is {new} now.' },
    { split: 'holdout', text: 'Please call me on {new} from now on.' },
    { split: 'holdout', text: "I got a new phone, my number's {new}." },
    { split: 'holdout', text: 'Text me at {new}, the old number no longer works.' },
  ],
  distractors: [
    "My mom's number is {other}.",
    'Call the office at {other} if I do not answer.',
    'Is {other} a real number?',
    'The pizza place number is {other}.',
  ],
};

export const PARTNER: AttributeSuite = {
  attribute: 'partner',
  cardinality: 'one',
  pairs: [
    ['Anna', 'Maria'],
    ['Tom', 'Jake'],
    ['Priya', 'Leila'],
    ['Lucas', 'Omar'],
  ],
  others: ['Sophie', 'Ben', 'Chloe', 'Sam'],
  originals: [
    'My girlfriend {old} is coming over tonight.',
    "My partner's name is {old}.",
    "I'm dating {old}.",
    'my boyfriend {old} and I went hiking',
    'My wife, {old}, loves gardening.',
  ],
  changes: [
    { split: 'dev', text: "I'm dating {new} now." },
    { split: 'dev', text: '{old} and I broke up.', retireOnly: true },
    { split: 'dev', text: 'My new girlfriend is {new}.' },
    { split: 'dev', text: 'I married {new} in June!' },
    { split: 'dev', text: "I broke up with {old}, and I'm seeing {new} now." },
    { split: 'holdout', text: "{old} and I split up last month, it's been rough.", retireOnly: true },
    { split: 'holdout', text: "I'm in a relationship with {new} these days." },
    { split: 'holdout', text: 'My partner {new} and I just moved in together.' },
    { split: 'holdout', text: 'I got engaged to {new}!' },
    { split: 'holdout', text: 'My ex, {old}, texted me yesterday.', retireOnly: true },
  ],
  distractors: [
    "My friend's girlfriend is called {other}.",
    'My sister is dating {other}.',
    'Should I ask {other} out?',
    '{other} from work is so funny.',
  ],
};

export const PET: AttributeSuite = {
  attribute: 'pet',
  cardinality: 'many',
  pairs: [
    ['dog named Rex', 'dog named Max'],
    ['cat named Luna', 'cat named Milo'],
    ['dog named Bella', 'dog named Daisy'],
  ],
  others: ['Buddy', 'Coco', 'Oscar'],
  originals: ['I have a {old}.', 'My {kind} {oldName} is the best.', "Our {kind}'s name is {oldName}."],
  changes: [
    { split: 'dev', text: 'We renamed our {kind} {newName}.' },
    { split: 'dev', text: "Our {kind}'s name is {newName} now." },
    { split: 'dev', text: 'My {kind} {oldName} passed away last month.', retireOnly: true },
    { split: 'dev', text: 'We had to rehome our {kind} {oldName}.', retireOnly: true },
    { split: 'holdout', text: 'Sadly {oldName}, our {kind}, died in May. We adopted a {kind} named {newName}.' },
    { split: 'holdout', text: "We don't have {oldName} anymore, sadly.", retireOnly: true },
    { split: 'holdout', text: 'Actually my {kind} is called {newName}, not {oldName}.' },
  ],
  distractors: [
    "My neighbour's {kind} is called {other}.",
    'Should I get a {kind} named {other}?',
    'My sister has a {kind} named {other}.',
  ],
};

export const LANGUAGE: AttributeSuite = {
  attribute: 'language',
  cardinality: 'many',
  pairs: [
    ['French', 'Japanese'],
    ['German', 'Spanish'],
    ['Italian', 'Korean'],
  ],
  others: ['Portuguese', 'Mandarin', 'Arabic'],
  originals: ['I speak {old}.', "I'm fluent in {old}.", 'i speak {old} and english'],
  changes: [
    { split: 'dev', text: "I'm learning {new}." },
    { split: 'dev', text: "I've started {new} lessons." },
    { split: 'dev', text: 'I forgot most of my {old}.', retireOnly: true },
    { split: 'dev', text: "I can't speak {old} anymore.", retireOnly: true },
    { split: 'holdout', text: "I'm now fluent in {new}." },
    { split: 'holdout', text: "I've been taking {new} classes since spring." },
    { split: 'holdout', text: "I don't really speak {old} anymore, it's gone.", retireOnly: true },
  ],
  distractors: ['My mom speaks {other}.', 'Should I learn {other}?', 'I wish I spoke {other}.'],
};

export const ALLERGY: AttributeSuite = {
  attribute: 'allergy',
  cardinality: 'many',
  pairs: [
    ['peanuts', 'shellfish'],
    ['cats', 'pollen'],
    ['penicillin', 'latex'],
  ],
  others: ['eggs', 'dust', 'bee stings'],
  originals: ["I'm allergic to {old}.", 'I have a severe {old} allergy.', 'im allergic to {old}'],
  changes: [
    { split: 'dev', text: "Turns out I'm also allergic to {new}." },
    { split: 'dev', text: "I'm no longer allergic to {old}.", retireOnly: true },
    { split: 'dev', text: 'I outgrew my {old} allergy.', retireOnly: true },
    { split: 'holdout', text: 'I found out I am allergic to {new} too.' },
    { split: 'holdout', text: "I'm not allergic to {old} anymore, the doctor confirmed.", retireOnly: true },
    { split: 'holdout', text: 'I developed an allergy to {new} this year.' },
  ],
  distractors: [
    'My son is allergic to {other}.',
    'Am I allergic to {other}?',
    'Is it common to be allergic to {other}?',
  ],
};
