/**
 * The rule extractor on the causes of misses found in rounds 12 to 14 of the knowledge-update
 * suite (#34), each fixed in general form and checked here with phrasings of its own (not the
 * suite's): hedge words that are no hedge, arrows and fillers in labels, a day of the month,
 * trips, pets named in apposition or later, the user's own email address, allergies found or
 * added, a subject shared by coordinated verbs, a stance before a statement, names asked for,
 * likes said as a thing of one's own, a negation that reaches only its own piece, one attribute
 * per name. Every shape has turns that state nothing about the user beside it.
 */
import { describe, it } from 'vitest';
import { expectFacts, expectNoUserFacts, type Expected } from '../support/facts/expect-facts.js';

const STATED: [string, Expected[]][] = [
  // A hedge word that is the object of the statement, a condition on the listener.
  ["I'm loving pottery these days, it's all I talk about", [['like', 'pottery']]],
  ['if you ever need to call me, my number is 555-0137', [['phone', '555-0137']]],
  ["I'd rather you call me Sasha, nobody calls me Alexandra now", [['name', 'Sasha']]],
  // Arrows and fillers between a label and its value; a day of the month.
  ['new number -> 555-0161', [['phone', '555-0161']]],
  ['Email → kim.r@mail.example', [['email', 'kim.r@mail.example']]],
  ["I'm flying to Lima on the 3rd", [['plan', 'flying to Lima (2024-10-03)']]],
  // Trips planned, under way, chosen instead of another, given up.
  ['we are planning a trip to Chile next spring', [['plan', 'planning a trip to Chile (2025-03)']]],
  ['off to Crete next week!', [['plan', 'off to Crete (2024-09-17)']]],
  ['heading to Oslo next month for a conference', [['plan', 'heading to Oslo (2024-10)']]],
  ['change of plans, Bali instead of Fiji', [['plan', 'going to Bali', 'state', { replaces: 'Fiji' }]]],
  ['we dropped Fiji, the flights were crazy', [['plan', 'Fiji', 'retire']]],
  // Pets named in apposition, before their kind, or later in the turn.
  ['we took in a kitten, Biscuit, last week', [['pet', 'kitten named Biscuit']]],
  ['Meet Pickle, the newest addition to the house, a rescue puppy', [['pet', 'puppy named Pickle']]],
  ['rescued Juno (dog, 5 years old) from the shelter', [['pet', 'dog named Juno']]],
  ['we adopted a cat! her name is Tofu', [['pet', 'cat named Tofu']]],
  ['we gave Pickle to my aunt, she has a farm', [['pet', 'Pickle', 'retire']]],
  // The user's own email address.
  ['I set up a new inbox, kim@fresh.example', [['email', 'kim@fresh.example']]],
  ["I'm on kim@fresh.example these days", [['email', 'kim@fresh.example']]],
  // Allergies added, found by a test or a reaction, gone.
  ['put kiwi on my allergy list', [['allergy', 'kiwi']]],
  ['went to the allergist, birch pollen allergy confirmed', [['allergy', 'birch pollen']]],
  ['I had a reaction to mango yesterday, one more allergy for me', [['allergy', 'mango']]],
  ['the kiwi allergy is gone, finally', [['allergy', 'kiwi', 'retire']]],
  // A subject shared by coordinated verbs; a role with no subject; a stance before a statement.
  ['quit Initech in May and have been at Hooli ever since', [['employer', 'Hooli']]],
  ['officially a paramedic as of today!', [['job', 'paramedic']]],
  ["I've decided gnocchi is my favourite food", [['favorite_food', 'gnocchi']]],
  // Names asked for; likes said as a thing of one's own.
  ['please refer to me as Robin', [['name', 'Robin']]],
  ["It's Robin now, I changed my name", [['name', 'Robin']]],
  ['bouldering is my new obsession', [['like', 'bouldering']]],
  ['just discovered matcha and I love it', [['like', 'matcha']]],
  [
    'my favourite food used to be lasagna but now it is pho',
    [['favorite_food', 'pho', 'state', { replaces: 'lasagna' }]],
  ],
  // A negation or someone else's subject reaches only its own piece; one attribute per name.
  ['we just moved into a flat in Ghent and the landlord does not answer emails', [['city', 'Ghent']]],
  ['first term at Ghent University is intense', [['school', 'Ghent University']]],
  ['My new school is Ghent University.', [['school', 'Ghent University']]],
  ['no longer at Initech, I am at Hooli since June', [['employer', 'Hooli']]],
  ['these days I make my money as a translator', [['job', 'translator']]],
];

const NOT_MINE: string[] = [
  // Hedges that are hedges; conditions on the user.
  'I think about moving to Ghent a lot',
  'if I moved to Ghent I would need a bike',
  // Trips of others, trips only thought of.
  'my parents are flying to Lima on the 3rd',
  'my sister is planning a trip to Chile next spring',
  'we might go to Crete next week if the weather holds',
  // Pets of others.
  'my aunt took in a kitten, Biscuit, last week',
  "Meet Pickle, my neighbour's new puppy",
  // Addresses that are someone else's, or that the user writes to.
  'I emailed kim@fresh.example about the flat',
  'I sent my CV to jobs@initech.example',
  'forward the invoice to billing@shop.example, it is their address',
  "my brother's new inbox is kim@fresh.example",
  // Allergies of others, or looked up.
  'my son had a reaction to mango yesterday, one more allergy for him',
  'what does a birch pollen allergy feel like?',
  // Roles, names and likes of others, or asked about.
  'my wife is officially a paramedic as of today',
  "my daughter's name is Robin",
  "my brother's new obsession is bouldering",
  // Schools and workplaces of others.
  "my nephew's first term at Ghent University is intense",
  'my last day at Initech was Friday',
];

describe('facts rules: causes of misses, fixed in general form', () => {
  it.each(STATED)('%s', (text, expected) => expectFacts(text, expected));
  it.each(NOT_MINE)('states nothing about the user: %s', (text) => expectNoUserFacts(text));
});
