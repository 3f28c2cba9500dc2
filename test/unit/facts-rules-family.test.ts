/**
 * The rule extractor on partner, relationship status, children, siblings and pets: names said
 * many ways, break-ups and new partners, pets adopted, renamed and lost; and other people's
 * families and pets, which are not the user's.
 */
import { describe, it } from 'vitest';
import { expectFacts, expectNoUserFacts, type Expected } from '../support/facts/expect-facts.js';

const PARTNER: [string, Expected[]][] = [
  ["Leila and me aren't together anymore", [['partner', 'Leila', 'retire']]],
  ['we broke up last month, me and Omar', [['partner', 'Omar', 'retire']]],
  [
    'finally engaged to Ines!',
    [
      ['partner', 'Ines'],
      ['relationship', 'engaged'],
    ],
  ],
  ['My girlfriend Anna is coming over tonight.', [['partner', 'Anna']]],
  ["My partner's name is Sam.", [['partner', 'Sam']]],
  ['My wife, Priya, loves gardening.', [['partner', 'Priya']]],
  ['my boyfriend Tom and I went hiking', [['partner', 'Tom']]],
  ["My husband's name is Tom.", [['partner', 'Tom']]],
  ['My wife is Anna.', [['partner', 'Anna']]],
  ["I'm dating Maria now.", [['partner', 'Maria']]],
  [
    'I married Leila in June!',
    [
      ['partner', 'Leila'],
      ['relationship', 'married'],
    ],
  ],
  [
    "I'm engaged to Priya.",
    [
      ['partner', 'Priya'],
      ['relationship', 'engaged'],
    ],
  ],
  [
    'I got engaged to Omar!',
    [
      ['partner', 'Omar'],
      ['relationship', 'engaged'],
    ],
  ],
  ["I'm seeing someone named Chloe.", [['partner', 'Chloe']]],
  [
    'Anna and I broke up.',
    [
      ['partner', 'Anna', 'retire'],
      ['relationship', 'single'],
    ],
  ],
  ['I broke up with Tom last month.', [['partner', 'Tom', 'retire']]],
  [
    "I broke up with Anna, and I'm seeing Maria now.",
    [
      ['partner', 'Anna', 'retire'],
      ['partner', 'Maria'],
    ],
  ],
  ['My ex, Anna, texted me yesterday.', [['partner', 'Anna', 'retire']]],
  [
    'I divorced my husband Mark.',
    [
      ['partner', 'Mark', 'retire'],
      ['relationship', 'divorced'],
    ],
  ],
  ['We split up, Priya and me, a while ago.', [['partner', 'Priya', 'retire']]],
  ['Anna and I called it quits last month.', [['partner', 'Anna', 'retire']]],
];

const STATUS: [string, Expected[]][] = [
  ["I'm single again.", [['relationship', 'single']]],
  ['My wife and I just got married!', [['relationship', 'married']]],
  ['I got divorced last year.', [['relationship', 'divorced']]],
  ["I'm in a long-distance relationship.", [['relationship', 'in a long-distance relationship']]],
  ["I'm married.", [['relationship', 'married']]],
];

const CHILDREN: [string, Expected[]][] = [
  [
    'I have two kids, Leo and Mia.',
    [
      ['child', 'kid named Leo'],
      ['child', 'kid named Mia'],
    ],
  ],
  ['We have three children.', [['child', 'three children']]],
  ['My daughter Emma just turned 5.', [['child', 'daughter named Emma']]],
  ['My son is called Noah.', [['child', 'son named Noah']]],
  ["I'm a mother of two.", [['child', 'two children']]],
  ['We had a baby girl in June.', [['child', 'girl']]],
  ["I'm pregnant!", [['health', 'pregnancy']]],
  ['I have a sister named Ana.', [['sibling', 'sister named Ana']]],
  ['I have two brothers.', [['sibling', 'two brothers']]],
];

const PETS: [string, Expected[]][] = [
  ["We've got a third dog now, Pip!", [['pet', 'dog named Pip']]],
  ['I have a dog named Rex.', [['pet', 'dog named Rex']]],
  ['I have a cat called Miso.', [['pet', 'cat named Miso']]],
  [
    'I have two cats, Luna and Milo.',
    [
      ['pet', 'cat named Luna'],
      ['pet', 'cat named Milo'],
    ],
  ],
  ['We adopted a puppy last week, his name is Biscuit.', [['pet', 'puppy named Biscuit']]],
  ['We got a golden retriever named Sunny.', [['pet', 'golden retriever named Sunny']]],
  ['My dog Bella is the best.', [['pet', 'dog named Bella']]],
  ["Our dog's name is Rex.", [['pet', 'dog named Rex']]],
  ['I have a hamster.', [['pet', 'hamster']]],
  ['We renamed our dog Max.', [['pet', 'dog named Max', 'state', { replaces: 'dog' }]]],
  ["Our dog's name is Max now.", [['pet', 'dog named Max', 'state', { replaces: 'dog' }]]],
  ['Actually my cat is called Milo, not Luna.', [['pet', 'cat named Milo', 'state', { replaces: 'Luna' }]]],
  ['My cat Luna passed away last month.', [['pet', 'cat named Luna', 'retire']]],
  ['Our old dog passed away.', [['pet', 'dog', 'retire']]],
  ['We had to rehome our dog Rex.', [['pet', 'dog named Rex', 'retire']]],
  ['Sadly Bella, our dog, died in May.', [['pet', 'dog named Bella', 'retire']]],
  ["We don't have Bella anymore, sadly.", [['pet', 'Bella', 'retire']]],
  ["I don't have a dog anymore.", [['pet', 'dog', 'retire']]],
  ['I used to have a cat named Tom.', [['pet', 'cat named Tom', 'retire']]],
  ['We lost Bella to old age last month.', [['pet', 'Bella', 'retire']]],
  ['After Luna died we were sad for weeks.', [['pet', 'Luna', 'retire']]],
  ['We adopted a dog and named it Max.', [['pet', 'dog named Max']]],
  ['Say hi to Milo, our new cat!', [['pet', 'cat named Milo']]],
  ['We had to give Rex away when we moved.', [['pet', 'Rex', 'retire']]],
];

const NOT_MINE = [
  'my sister is engaged to Tom',
  'engaged to Tom? no way',
  "My friend's girlfriend is called Sophie.",
  'My sister is dating Ben.',
  'Should I ask Chloe out?',
  'Sam from work is so funny.',
  'My wife is amazing.',
  'My wife is Japanese.',
  "My neighbour's dog is called Oscar.",
  'Should I get a dog named Coco?',
  'My sister has a dog named Buddy.',
  'Tom has a dog named Rex.',
  'Our neighbours have three cats.',
  'Maybe we will adopt a cat next year.',
  'In my dream I had a dog named Spot.',
  'Write a poem about a cat named Whiskers.',
  "Pretend you're my girlfriend named Lucy.",
  'My son plays the piano.',
  'I would love to have kids one day.',
  'If I had a dog, I would call it Rex.',
  'Are cats better than dogs?',
  'She left me her phone number.',
  'This is my husband in front of this house.',
  'I left my job last month.',
  "Say hi to Tom, my neighbour's cat.",
];

describe('facts rules: family and pets', () => {
  it.each(PARTNER)('%s', (text, expected) => expectFacts(text, expected));
  it.each(STATUS)('%s', (text, expected) => expectFacts(text, expected));
  it.each(CHILDREN)('%s', (text, expected) => expectFacts(text, expected));
  it.each(PETS)('%s', (text, expected) => expectFacts(text, expected));
  it.each(NOT_MINE)('states nothing about the user: %s', (text) => expectNoUserFacts(text));
});
