/**
 * The from-to frame (#34): a change said with both of its values ("from X to Y", "left X for Y",
 * "Y instead of X", "Y after years as X"), its attribute chosen by the kind of the values (a job
 * title, a diet, a language, a school word, two forms of one name) or by what the turn talks
 * about, never by the verb. Phrasings written for this file, none taken from the knowledge-update
 * suite; beside them, changes that are someone else's, asked, supposed, planned or denied.
 */
import { describe, expect, it } from 'vitest';
import { expectFacts, expectNoUserFacts, read, type Expected } from '../support/facts/expect-facts.js';

const CHANGES: [string, Expected[]][] = [
  // The kind of the values decides.
  ['I went from bartender to paramedic in two years', [['job', 'paramedic', 'state', { replaces: 'bartender' }]]],
  [
    'Retrained last year: a dental hygienist after a decade as a cashier.',
    [['job', 'dental hygienist', 'state', { replaces: 'cashier' }]],
  ],
  ['I am an electrician now instead of a plumber', [['job', 'electrician', 'state', { replaces: 'plumber' }]]],
  ['switched from vegetarian to vegan over the winter', [['diet', 'vegan', 'state', { replaces: 'vegetarian' }]]],
  ['we swapped Spanish for Portuguese at home', [['language', 'Portuguese', 'state', { replaces: 'Spanish' }]]],
  [
    'I went from Ohio State to the University of Michigan',
    [['school', 'the University of Michigan', 'state', { replaces: 'Ohio State' }]],
  ],
  ['Please use Alexandra instead of Alex from now on', [['name', 'Alexandra', 'state', { replaces: 'Alex' }]]],
  // Two names: what the turn talks about decides.
  [
    'Quick résumé question. I switched from Initech to Hooli in May.',
    [['employer', 'Hooli', 'state', { replaces: 'Initech' }]],
  ],
  [
    'We relocated from Leeds to Porto, the flat is tiny but sunny.',
    [['city', 'Porto', 'state', { replaces: 'Leeds' }]],
  ],
  [
    'I am transferring from Rice to Tulane next semester, most credits count',
    [['school', 'Tulane', 'state', { replaces: 'Rice' }]],
  ],
  ['We moved from Lyon to Nantes for my new job.', [['city', 'Nantes', 'state', { replaces: 'Lyon' }]]],
  [
    'I finally left Globex for Umbrella, the new team is great',
    [['employer', 'Umbrella', 'state', { replaces: 'Globex' }]],
  ],
];

const NOT_MINE = [
  'My brother moved from Lyon to Paris.',
  'She left Acme for Globex last year.',
  'Tom switched from nurse to teacher',
  'Should I switch from vegetarian to vegan?',
  'If I went from Lyon to Paris, would I need a car?',
  'I might switch from Spanish to Portuguese classes',
  'I never switched from Acme to Globex after all',
  'People who moved from Lyon to Paris say the rent is brutal.',
];

describe('a change said with both of its values', () => {
  it.each(CHANGES)('%s', (text, expected) => expectFacts(text, expected));

  it.each(NOT_MINE)('states nothing: %s', (text) => expectNoUserFacts(text));

  it('gives the values one attribute, not a second reading as another', () => {
    const found = read('Can you fix my CV? I moved from Initech to Hooli in March.');
    expect(found.filter((c) => c.kind === 'state').map((c) => [c.attribute, c.value])).toEqual([['employer', 'Hooli']]);
  });

  it('decides nothing between two names the turn says nothing about', () => {
    // A trip, a job, a home: nothing says which, so no value of a single-valued attribute is replaced.
    expect(read('I picked Rome instead of Oslo.').filter((c) => c.replaces === 'Oslo')).toEqual([]);
  });
});
