/**
 * The rule extractor's general change mechanisms (#34), each checked with phrasings of its own,
 * none taken from the knowledge-update suite: an end said of the thing rather than of the user
 * ("my eczema went away", "the Rome trip fell through") retires it from the lists that predicate
 * can end; after a retirement, the words that follow fill the open attribute ("Rex died, we now
 * have Pip"); a child or pet announced by its arrival, kind and name in any order ("Baby Ada is
 * here!!", "we got a puppy!! Biscuit is 9 weeks old"). Beside each, turns where someone else is
 * the subject, that ask or suppose, or where nothing ends; of two contacts of one kind, the one
 * beside a word of ending is replaced by the one beside a word of use, whatever their order; a
 * value of the right kind in a piece that drops its subject and opens on something new ("new
 * flat in Leeds!!"), or where the user is the object ("the firm sent me to Oslo").
 */
import { describe, expect, it } from 'vitest';
import { expectFacts, expectNoUserFacts, read, type Expected } from '../support/facts/expect-facts.js';
import { reconcile } from '../support/facts/mini-reconcile.js';

const ENDED: [string, Expected[]][] = [
  ['My eczema went away over the summer.', [['health', 'eczema', 'retire']]],
  ['the hay fever is finally gone, no more pills', [['health', 'hay fever', 'retire']]],
  ['so the tinnitus has completely resolved', [['health', 'tinnitus', 'retire']]],
  ['retested last week and shrimp is fine for me now', [['allergy', 'shrimp', 'retire']]],
  ['I outgrew my peanut allergy', [['allergy', 'peanut', 'retire']]],
  ['Honestly I do not mind olives anymore', [['dislike', 'olives', 'retire']]],
  ['I have come around on jazz', [['dislike', 'jazz', 'retire']]],
  ["we're so over camping", [['like', 'camping', 'retire']]],
  ['the Rome trip got cancelled', [['plan', 'Rome', 'retire']]],
  ['Oslo fell through, so we are doing Madrid in spring', [['plan', 'Oslo', 'retire']]],
  ['sweet old Biscuit crossed the rainbow bridge last night', [['pet', 'Biscuit', 'retire']]],
];

const ENDS_NOTHING_OF_MINE = [
  "my sister's eczema cleared up",
  'his asthma went away after the move',
  'it is over now',
  'that is fine for me',
];

const SUCCEEDED: [string, Expected[]][] = [
  [
    'My goldfish Bubbles died last spring, and now we have a hamster named Nibbles.',
    [['pet', 'hamster named Nibbles']],
  ],
  ['Our old rabbit Clover passed; we now have Pip.', [['pet', 'rabbit named Pip']]],
  // A plan skipped, and the one done in its place.
  [
    'we are skipping Oslo this spring and doing Lisbon instead',
    [
      ['plan', 'Oslo', 'retire'],
      ['plan', 'Lisbon'],
    ],
  ],
  ["I split up with Priya; I'm seeing Dana these days.", [['partner', 'Dana', 'state', { replaces: 'Priya' }]]],
  [
    'I quit being a plumber, working as an electrician now.',
    [['job', 'electrician', 'state', { replaces: 'plumber' }]],
  ],
  ['I was a cashier for years; nowadays I do web design work from home.', [['job', 'web design']]],
  [
    'I no longer live in Porto, these days it is Valencia for me.',
    [['city', 'Valencia', 'state', { replaces: 'Porto' }]],
  ],
  [
    'I no longer live in Porto, these days it is Rio de Janeiro for me.',
    [['city', 'Rio de Janeiro', 'state', { replaces: 'Porto' }]],
  ],
  ['Cancelled the Peru trip, heading to Chile in June instead.', [['plan', 'heading to Chile (2025-06)']]],
];

describe('ends said of the thing, not of the user', () => {
  it.each(ENDED)('%s', (text, expected) => expectFacts(text, expected));

  it.each(ENDS_NOTHING_OF_MINE)('retires nothing: %s', (text) => {
    expect(read(text)).toEqual([]);
  });

  it('makes an allergy that cleared up no longer current, and keeps the others', () => {
    const held = reconcile([
      ...read("I'm allergic to kiwi and latex."),
      ...read('good news: the kiwi allergy seems to have disappeared!'),
    ]);
    expect(held.filter((h) => h.attribute === 'allergy').map((h) => h.value)).toEqual(['latex']);
  });
});

describe('the value that takes a retired one’s place', () => {
  it.each(SUCCEEDED)('%s', (text, expected) => expectFacts(text, expected));

  it('names no successor where no word of change follows', () => {
    const found = read('Our cat Mochi died last week. Tom was very kind about it.');
    expect(found.filter((c) => c.attribute === 'pet' && c.kind === 'state')).toEqual([]);
  });

  it('states nothing when the words after it are about someone else', () => {
    expectNoUserFacts('My brother quit being a plumber; he is with Acme now.');
    expectNoUserFacts('My parents are skipping Rome this year, doing Oslo instead.');
  });

  it('replaces the old value once applied', () => {
    const held = reconcile([
      ...read('My partner is Jules.'),
      ...read('Jules and I split up, but I met Robin at work.'),
    ]);
    expect(held.filter((h) => h.attribute === 'partner').map((h) => h.value)).toEqual(['Robin']);
  });
});

const ANNOUNCED: [string, Expected[]][] = [
  ['Baby Ada is here!! 7 pounds of perfection', [['child', 'child named Ada']]],
  ['Welcome to the world, Theo! Our little one arrived at dawn.', [['child', 'child named Theo']]],
  ['Rosa has a baby brother now: Felix, born on Monday', [['child', 'child named Felix']]],
  ['we got a puppy!! Biscuit is 9 weeks old and already bossy', [['pet', 'puppy named Biscuit']]],
  ['We rescued a kitten yesterday, Pepper, and the old cat is not impressed.', [['pet', 'kitten named Pepper']]],
  // Introduced as the newest of the household, without a word of arrival; a date is not the name.
  ['Meet Pickle, our newest family member 🐾', [['pet', 'Pickle']]],
  ['Ivy is our latest arrival, born at 3am', [['child', 'child named Ivy']]],
  ['we adopted a cat on Sunday, Mochi, and she already rules the flat', [['pet', 'cat named Mochi']]],
  ['new family member: a hamster we named Biscuit', [['pet', 'hamster named Biscuit']]],
];

const ANNOUNCES_NOTHING_OF_MINE = [
  'my cousin just had a baby, they named him Arlo',
  "my colleague's puppy Biscuit arrived yesterday",
  'if we ever adopt a kitten, would Pepper be a good name?',
  'Theo was born in 1990 and loves chess.',
  'Meet Sara, the newest member of our team!',
  'Meet Luna, the newest member of my sister’s family',
  'Is Biscuit your new family member?',
];

describe('a child or pet announced', () => {
  it.each(ANNOUNCED)('%s', (text, expected) => expectFacts(text, expected));

  it.each(ANNOUNCES_NOTHING_OF_MINE)('adds nothing: %s', (text) => {
    expect(read(text).filter((c) => c.attribute === 'child' || c.attribute === 'pet')).toEqual([]);
  });

  it('keeps the pet the user had beside the newcomer', () => {
    const held = reconcile([...read('I have a cat named Juno.'), ...read('we adopted a kitten!! Pico is 8 weeks old')]);
    expect(held.filter((h) => h.attribute === 'pet').map((h) => h.value)).toEqual([
      'cat named Juno',
      'kitten named Pico',
    ]);
  });
});

const CONTACTS: [string, Expected[]][] = [
  [
    'Deleting ana@old.example this week; reach me at ana@fresh.example from now on.',
    [['email', 'ana@fresh.example', 'state', { replaces: 'ana@old.example' }]],
  ],
  [
    'write to me at rui@casa.example going forward, I am shutting down rui@job.example',
    [['email', 'rui@casa.example', 'state', { replaces: 'rui@job.example' }]],
  ],
  ['I ditched 555-0111, my new # is 555-0222', [['phone', '555-0222', 'state', { replaces: '555-0111' }]]],
  ['my # is 555-0333 now', [['phone', '555-0333']]],
];

describe('which of two contacts is given up', () => {
  it.each(CONTACTS)('%s', (text, expected) => expectFacts(text, expected));

  it("leaves someone else's contacts alone", () => {
    expectNoUserFacts("My boss's email changed from a@x.example to b@x.example, I keep using the old one.");
  });

  it('reads no number from dates', () => {
    expectNoUserFacts("I'm closing the old account on 2024-06-01, the new one opens 2024-07-01");
  });
});

const ELIDED: [string, Expected[]][] = [
  ['big news: finally signed the lease!! new flat in Leeds 🎉', [['city', 'Leeds']]],
  ['first month at Contoso done, the team is lovely', [['employer', 'Contoso']]],
  ['Saying goodbye to Initrode was hard, the new job at Vandelay is worth it though.', [['employer', 'Vandelay']]],
  ['my nutritionist has me eating pescatarian now, so no more steak', [['diet', 'pescatarian']]],
];

const ELIDED_NOT_MINE = [
  'the new bakery in Leeds is great',
  'new flat in Leeds for my cousin, she loves it',
  'first day at Contoso for my brother today',
  'the new office in Oslo opens Monday',
];

describe('a value of the right kind with the subject dropped, or the user as object', () => {
  it.each(ELIDED)('%s', (text, expected) => expectFacts(text, expected));

  it.each(ELIDED_NOT_MINE)('states nothing: %s', (text) => expectNoUserFacts(text));
});
