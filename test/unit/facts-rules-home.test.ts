/**
 * The rule extractor on where the user lives and is from: the many ways a move is said, with
 * the value it replaces and when it happened, and the statements that are not about the
 * user's own home (someone else's, a wish, a trip, a question).
 */
import { describe, it } from 'vitest';
import { expectFacts, expectNoUserFacts, type Expected } from '../support/facts/expect-facts.js';

// Said on 2024-09-10.
const HOME: [string, Expected[]][] = [
  ['I live in Lyon.', [['city', 'Lyon']]],
  ['i live in berlin now', [['city', 'Berlin']]],
  ["I'm living in Porto now, just a heads up.", [['city', 'Porto']]],
  ['Currently living in Amsterdam.', [['city', 'Amsterdam']]],
  ["I've been living in Berlin since 2019.", [['city', 'Berlin', 'state', { validFrom: '2019-01-01T00:00:00.000Z' }]]],
  ["I've lived in Chicago for six years.", [['city', 'Chicago']]],
  ["I'm based in Manchester these days.", [['city', 'Manchester']]],
  ['We live in New York City with our two kids.', [['city', 'New York City']]],
  ['We moved to Berlin last month!', [['city', 'Berlin', 'state', { validFrom: '2024-08-01T00:00:00.000Z' }]]],
  ['Just moved to Berlin 🎉', [['city', 'Berlin']]],
  ['moved to austin last year, loving it', [['city', 'Austin', 'state', { validFrom: '2023-01-01T00:00:00.000Z' }]]],
  ['I relocated to Denver in the spring.', [['city', 'Denver']]],
  [
    'I moved from Lyon to Berlin in May.',
    [['city', 'Berlin', 'state', { replaces: 'Lyon', validFrom: '2024-05-01T00:00:00.000Z' }]],
  ],
  ['We relocated from Leeds to York over Christmas.', [['city', 'York', 'state', { replaces: 'Leeds' }]]],
  [
    'I moved to Berlin from Lyon two months ago.',
    [['city', 'Berlin', 'state', { replaces: 'Lyon', validFrom: '2024-07-01T00:00:00.000Z' }]],
  ],
  ['Berlin is home now.', [['city', 'Berlin']]],
  ['Home is Lisbon these days.', [['city', 'Lisbon']]],
  ['I call Denver home now.', [['city', 'Denver']]],
  ["We're settled in Bristol now.", [['city', 'Bristol']]],
  ["I'm in Berlin now.", [['city', 'Berlin']]],
  ['Our new apartment in Berlin is so much bigger.', [['city', 'Berlin']]],
  ['We bought a house in Seattle.', [['city', 'Seattle']]],
  ["Since moving to Edinburgh I've been cycling everywhere.", [['city', 'Edinburgh']]],
  ['Living in Berlin has been great.', [['city', 'Berlin']]],
  ['Moving to Tokyo was the best decision I ever made.', [['city', 'Tokyo']]],
  ['My wife and I moved to Oslo in June.', [['city', 'Oslo', 'state', { validFrom: '2024-06-01T00:00:00.000Z' }]]],
  ['I no longer live in Lyon.', [['city', 'Lyon', 'retire']]],
  ["I don't live in Lyon anymore.", [['city', 'Lyon', 'retire']]],
  ['I used to live in Lyon.', [['city', 'Lyon', 'retire']]],
  ['Our family moved out of London in 2021.', [['city', 'London', 'retire']]],
  [
    "I no longer live in Lyon, I'm in Berlin now.",
    [
      ['city', 'Lyon', 'retire'],
      ['city', 'Berlin', 'state', { replaces: 'Lyon' }],
    ],
  ],
  [
    'I used to live in Lyon but now I live in Berlin.',
    [
      ['city', 'Lyon', 'retire'],
      ['city', 'Berlin', 'state', { replaces: 'Lyon' }],
    ],
  ],
  ['Actually, I live in Berlin, not Lyon.', [['city', 'Berlin', 'state', { replaces: 'Lyon' }]]],
  ['So yeah, long story short: we moved to Porto 🌞 and the kids love it.', [['city', 'Porto']]],
  ["We've been in Lisbon since the spring, loving the food scene.", [['city', 'Lisbon']]],
  ["I've been in Denver for two years.", [['city', 'Denver']]],
  ['The new flat in Berlin finally has internet, so I can chat again.', [['city', 'Berlin']]],
  [
    "Sold our place in Lyon, we've moved to Berlin.",
    [
      ['city', 'Lyon', 'retire'],
      ['city', 'Berlin', 'state', { replaces: 'Lyon' }],
    ],
  ],
  ['Sorry for the silence, I was busy relocating. Melbourne is my new city!', [['city', 'Melbourne']]],
  ['Hello from Edinburgh! We finally made the move in July.', [['city', 'Edinburgh']]],
];

const HOMETOWN: [string, Expected[]][] = [
  ["I'm from Kyiv.", [['hometown', 'Kyiv']]],
  [
    "I'm originally from Ohio but I live in Texas now.",
    [
      ['hometown', 'Ohio'],
      ['city', 'Texas'],
    ],
  ],
  ['I grew up in Lagos.', [['hometown', 'Lagos']]],
  ['I was born and raised in Glasgow.', [['hometown', 'Glasgow']]],
  ['I come from a small town in Norway.', []],
  ['My hometown is Cork.', [['hometown', 'Cork']]],
];

const NOT_MINE = [
  'My friend lives in Paris.',
  'My sister just moved to Berlin.',
  'My parents live in Spain.',
  'If I lived in Rome, I would eat pasta every day.',
  'I might move to Rome one day.',
  "I'm thinking about moving to Lisbon.",
  "I'd love to live in Tokyo someday.",
  'I wish I lived in Rome.',
  'Where do I live?',
  'Do you think I should move to Berlin?',
  'Should I move to Denver',
  'What is it like to live in Oslo?',
  'My boss thinks I should move to Dublin.',
  'You said I live in Madrid.',
  'We spent a weekend in Prague, it was lovely.',
  'I visited Berlin last week.',
  "I'm in London this week for work.",
  "I'm at the airport now.",
  'Imagine living in Paris!',
  'In my dream I lived in a castle.',
  '"I live in Rome," she said.',
  'My character in the game lives in a castle.',
  'I live on the moon lol jk',
  'The hotel I stayed at in Rome was lovely.',
  'I read an article about people who live in Iceland.',
  'Tom lives in Rome.',
  'Lots of people live in Rome.',
  "What's the weather like in Vienna this week?",
  'Let us say I live in Rome, what would I see?',
  'How do I say "I live in Berlin" in German?',
  "I'm in trouble now, my boss is angry.",
  'A safe home is key for the kids.',
  "We've been in Paris for a week, the museums are great.",
  'We moved here in May.',
];

describe('facts rules: home', () => {
  it.each(HOME)('%s', (text, expected) => expectFacts(text, expected));
  it.each(HOMETOWN)('%s', (text, expected) => expectFacts(text, expected));
  it.each(NOT_MINE)('states nothing about the user: %s', (text) => expectNoUserFacts(text));
});
