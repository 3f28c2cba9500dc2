/**
 * The rule extractor on shapes said without the verb the readers expect: a label and its value,
 * a noun phrase for a verb, a former state, a contact imperative, a second change said with its
 * verb alone; and the same shapes said of someone else, of a purpose, or as a question.
 */
import { describe, it } from 'vitest';
import { expectFacts, expectNoUserFacts, type Expected } from '../support/facts/expect-facts.js';

const STATED: [string, Expected[]][] = [
  ['City: Porto', [['city', 'Porto']]],
  ['Current employer: Initech', [['employer', 'Initech']]],
  ['my email changed to ada@new.example', [['email', 'ada@new.example']]],
  ['Allergies update: kiwi', [['allergy', 'kiwi']]],
  ['new cat in the family: Pixel', [['pet', 'cat named Pixel']]],
  ['relocation to Porto complete', [['city', 'Porto']]],
  ["I'm a proud Porto resident now.", [['city', 'Porto']]],
  ['I am an employee of Initech now.', [['employer', 'Initech']]],
  ['ex-barista, now a nurse', [['job', 'nurse']]],
  ['ex-Porto resident', [['city', 'Porto', 'retire']]],
  ['no more kiwi allergy for me', [['allergy', 'kiwi', 'retire']]],
  ["I've lost interest in chess.", [['like', 'chess', 'retire']]],
  ['I go by Sasha now, not Alex.', [['name', 'Sasha']]],
  ["my old number's gone, use 555-0142", [['phone', '555-0142']]],
  [
    'quit Initech, joined Hooli',
    [
      ['employer', 'Initech', 'retire'],
      ['employer', 'Hooli'],
    ],
  ],
  ['Pixel is called Byte now, the kids renamed her', [['pet', 'Byte', 'state', { replaces: 'Pixel' }]]],
];

const NOT_MINE: string[] = [
  'Venue: Porto',
  'Her employer: Initech',
  'Support email: help@shop.example',
  "my cousin's relocation to Porto is complete",
  'Sam is a Porto resident.',
  'my wife is an employee of Initech',
  'my ex-colleague is a nurse now',
  'my dad quit Initech, joined Hooli',
  'use 555-0142 for the office',
  'please use help@shop.example from now on for refunds',
  'she goes by Sasha now',
  'Is he a big chess fan?',
];

describe('facts rules: labels, noun phrases, former states and imperatives', () => {
  it.each(STATED)('%s', (text, expected) => expectFacts(text, expected));
  it.each(NOT_MINE)('states nothing about the user: %s', (text) => expectNoUserFacts(text));
});
