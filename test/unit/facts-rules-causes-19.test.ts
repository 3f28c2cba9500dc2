/**
 * The rule extractor on the causes of misses found in rounds 18 and 19 of the knowledge-update
 * suite (#34), each fixed in general form and checked here with phrasings of its own (not the
 * suite's): adverbs that mark a statement settled ("officially", "finally") after a noun
 * subject, a request or an aside to the listener after a comma, a new noun phrase opening a
 * clause, idioms for life events ("tied the knot", "called it quits", "crossed the rainbow
 * bridge", "fell through", "the doctor has me eating…", "…is something I can't deal with", "I'm
 * over…"), a new home named without "my", a stay counted up to now, a new job named by where it
 * is ("first week at…", "the new gig at…"), and a newcomer named after its kind, announced, apposed
 * to "my youngest", or adopted with its kind said elsewhere in the turn; a name with its own verb
 * before "so we…", "X and I" after an opener, a move said with its verb alone after the user's
 * own clause, "#" for a number, an address "dead to me" or closed and where "everything goes",
 * a rabbit hole, a trip "booked" in the passive, a school switched to in a turn about study, and
 * a statement followed by someone else's report tag ("…, my mom said"), which makes it theirs.
 * Every shape has turns that state nothing
 * about the user beside it.
 */
import { describe, expect, it } from 'vitest';
import { expectFacts, expectNoUserFacts, read, type Expected } from '../support/facts/expect-facts.js';

const STATED: [string, Expected[]][] = [
  // Adverbs that mark a statement settled, after a noun subject.
  ['pho is officially my favourite food', [['favorite_food', 'pho']]],
  ['my eczema finally went away', [['health', 'eczema', 'retire']]],
  // A request or an aside to the listener after a comma.
  ['I go by Sasha now, please update that', [['name', 'Sasha']]],
  ['ramen is my favourite food now, sorry tacos', [['favorite_food', 'ramen']]],
  // A new noun phrase opens a clause of its own.
  ['the move was exhausting, the new flat in Ghent is lovely', [['city', 'Ghent']]],
  // Idioms for life events and stances.
  ['Dana and I tied the knot in June', [['partner', 'Dana']]],
  ['Lee and I called it quits in the spring', [['partner', 'Lee', 'retire']]],
  ['Biscuit crossed the rainbow bridge on Sunday', [['pet', 'Biscuit', 'retire']]],
  ['the Lisbon trip fell through', [['plan', 'Lisbon', 'retire']]],
  ['my nutritionist has me eating paleo', [['diet', 'paleo']]],
  ['loud music is something I can not deal with', [['dislike', 'loud music']]],
  ["I'm so over karaoke", [['like', 'karaoke', 'retire']]],
  // A new home named without "my"; "my new place is in…".
  ['new flat in Ghent, finally!', [['city', 'Ghent']]],
  ['my new place is in Ghent', [['city', 'Ghent']]],
  // A stay counted up to now.
  ["we've been in Ghent almost a year now", [['city', 'Ghent']]],
  ["six months in Ghent and I still can't find good bread", [['city', 'Ghent']]],
  // A new job named by where it is.
  ['first day at Vantora done!', [['employer', 'Vantora']]],
  ['the new job at Nordlys pays better', [['employer', 'Nordlys']]],
  // A newcomer said by its kind, named right after; a birth announced; the user's child apposed to its name.
  ['We had a baby girl! Ivo arrived on Friday.', [['child', 'girl named Ivo']]],
  ['got a kitten today!! Pip is 8 weeks old', [['pet', 'kitten named Pip']]],
  ['Little Ines is finally here 💕', [['child', 'child named Ines']]],
  ['we adopted a toddler, Rafa, in May', [['child', 'toddler named Rafa']]],
  ['my eldest, Tove, starts school on Monday', [['child', 'child named Tove']]],
  // A newcomer named after the user's verb, its kind said elsewhere in the turn.
  ['Our rabbit Clover died last year and we rescued Bramble in June', [['pet', 'rabbit named Bramble']]],
  // A name and its own verb before "so we…" is a clause; a name and the user are one subject.
  ['Crete fell through, so we are doing Malta in May instead', [['plan', 'Crete', 'retire']]],
  ["It's official, Noor and I got hitched!", [['partner', 'Noor']]],
  // The user's own verbs after a comma: a move to a named place is a clause of its own.
  ["I'm 41, grew up near Porto, relocated to Ghent in 2019", [['city', 'Ghent']]],
  // A sign for "number"; addresses given up or closed, and where everything goes now.
  ['new # is 555-0177', [['phone', '555-0177']]],
  ['ada@old.example is dead to me, everything goes to ada@new.example now', [['email', 'ada@new.example']]],
  [
    "closing the ada@old.example account this week, it's ada@new.example from now on",
    [['email', 'ada@old.example', 'retire']],
  ],
  // Idioms: a rabbit hole, a trip booked in the passive.
  ['fell down a pottery rabbit hole over the winter', [['like', 'pottery']]],
  ['our tickets to Oslo are booked for March!', [['plan', 'booked tickets to Oslo (2025-03)']]],
  // A place of study switched to, in a turn about study.
  ['dropped my course at Leeds Beckett and switched to Aston, the lectures are better', [['school', 'Aston']]],
];

const NOTHING: string[] = [
  // Settled statements of others.
  "pho is officially my son's favourite food",
  // Asides after someone else's facts.
  "my brother goes by Sasha now, please don't ask",
  // Idioms said of others, or asked.
  'my parents tied the knot in 1990',
  'my sister and her boyfriend called it quits',
  "my neighbour's dog crossed the rainbow bridge",
  "my brother's trip to Oslo fell through",
  'the doctor has my dad eating keto',
  'is karaoke over yet?',
  // Homes of others, stays in the past or short, a place that is only nice.
  "my sister's new flat in Ghent is tiny",
  'two years in Ghent taught me patience',
  "we've been in Ghent about two weeks now",
  'my new place is nice',
  // Jobs of others.
  "my brother's first week at Vantora went well",
  'the new job at Nordlys went to my coworker',
  'first day at school for my son',
  // Newcomers of others.
  'my cousin had a baby! Ivo arrived on Friday.',
  "my sister's baby Ines is here",
  "my best friend's eldest, Tove, starts school on Monday",
  'my neighbour got a kitten, Pip is 8 weeks old',
  'my parents have a rabbit and my sister rescued Bramble in June',
  // Arrivals that are not newcomers.
  'The parcel arrived today! Finally.',
  'Our plumber Bob is here',
  // Someone else's words after the statement; addresses and trips of others; a switch at work.
  'I live in Rome now, my mom said',
  'use boss@corp.example from now on, my manager said',
  "my sister's address sam@x.example is dead",
  "my sister's flights to Malta are booked",
  'my brother quit Acme, joined Oracle',
  'my boss went down a crypto rabbit hole',
];

describe('facts: the rules on the causes of round 18 and 19 misses', () => {
  it.each(STATED)('%s', (text, expected) => expectFacts(text, expected));
  it.each(NOTHING)('states nothing about the user: %s', (text) => expectNoUserFacts(text));
  it('reads the stay of a trip as no home', () => {
    expect(read("we've been in Ghent about two weeks now").filter((c) => c.attribute === 'city')).toEqual([]);
  });
});
