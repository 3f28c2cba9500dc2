/**
 * The rule extractor on likes, dislikes, hobbies, favourites, languages and the car the user
 * drives; and the pronouns, opinions and other people's tastes that are none of these.
 */
import { describe, it } from 'vitest';
import { expectFacts, expectNoUserFacts, type Expected } from '../support/facts/expect-facts.js';

const LIKES: [string, Expected[]][] = [
  ['Not a fan of reality shows.', [['dislike', 'reality shows']]],
  ["I'm a lifelong Arsenal supporter", [['like', 'Arsenal']]],
  ['Lately I am enjoying salsa dancing a lot.', [['like', 'salsa dancing']]],
  ["I'm a huge podcast person now", [['like', 'podcast']]],
  [
    "Can't stand karaoke anymore",
    [
      ['dislike', 'karaoke'],
      ['like', 'karaoke', 'retire'],
    ],
  ],
  ['I love sushi.', [['like', 'sushi']]],
  [
    'I love hiking and jazz.',
    [
      ['like', 'hiking'],
      ['like', 'jazz'],
    ],
  ],
  ["I'm a big fan of Italian food.", [['like', 'Italian food']]],
  ["I'm really into bouldering.", [['like', 'bouldering']]],
  ['I love to paint.', [['like', 'painting']]],
  ['I enjoy long walks on the beach.', [['like', 'long walks']]],
  ['I ❤️ ramen', [['like', 'ramen']]],
  ['I hate cilantro.', [['dislike', 'cilantro']]],
  ["I can't stand horror movies.", [['dislike', 'horror movies']]],
  ["I'm not a fan of country music.", [['dislike', 'country music']]],
  ["I don't like sushi anymore.", [['like', 'sushi', 'retire']]],
  ['I used to love running.', [['like', 'running', 'retire']]],
];

const FAVORITES: [string, Expected[]][] = [
  ['My favorite movie is Inception.', [['favorite_movie', 'Inception']]],
  ['My favourite colour is green.', [['favorite_color', 'green']]],
  ['Pizza is my favorite food.', [['favorite_food', 'Pizza']]],
  ['My all-time favourite band is Radiohead.', [['favorite_band', 'Radiohead']]],
  ['favourite colour is teal', [['favorite_color', 'teal']]],
  ['my go-to drink is oolong tea', [['favorite_drink', 'oolong tea']]],
  ['My favourite thing to eat is dumplings', [['favorite_food', 'dumplings']]],
  ['My favorite TV show is The Office.', [['favorite_show', 'The Office']]],
];

const HOBBIES: [string, Expected[]][] = [
  ['I play the guitar.', [['hobby', 'guitar']]],
  ['I play tennis on weekends.', [['hobby', 'tennis']]],
  ['I do yoga every morning.', [['hobby', 'yoga']]],
  ["I've taken up pottery.", [['hobby', 'pottery']]],
  ['I started running in spring.', [['hobby', 'running']]],
  ['I go climbing twice a week.', [['hobby', 'climbing']]],
  ['In my free time I paint.', [['hobby', 'painting']]],
  [
    'My hobbies are chess and baking.',
    [
      ['hobby', 'chess'],
      ['hobby', 'baking'],
    ],
  ],
  ['I quit running last year.', [['hobby', 'running', 'retire']]],
  ["I don't play tennis anymore.", [['hobby', 'tennis', 'retire']]],
];

const LANGUAGES: [string, Expected[]][] = [
  ["I'm trying to learn Greek before the wedding", [['language', 'Greek']]],
  [
    'I speak French and English.',
    [
      ['language', 'French'],
      ['language', 'English'],
    ],
  ],
  ['I speak Spanish fluently.', [['language', 'Spanish']]],
  ["I'm fluent in German.", [['language', 'German']]],
  ['My native language is Polish.', [['language', 'Polish']]],
  [
    "I'm bilingual in English and French.",
    [
      ['language', 'English'],
      ['language', 'French'],
    ],
  ],
  ["I'm learning Japanese.", [['language', 'Japanese']]],
  ["I've started Korean lessons.", [['language', 'Korean']]],
  ["I've been taking Italian classes since spring.", [['language', 'Italian']]],
  ['I forgot most of my German.', [['language', 'German', 'retire']]],
  ["I can't speak French anymore.", [['language', 'French', 'retire']]],
  ["I don't really speak German anymore, it's gone.", [['language', 'German', 'retire']]],
  ['My Korean is getting pretty good, I can hold a conversation now.', [['language', 'Korean']]],
];

const VEHICLE: [string, Expected[]][] = [
  ['I drive a 2019 Toyota Corolla', [['vehicle', 'Toyota Corolla']]],
  ['I drive a Tesla.', [['vehicle', 'Tesla']]],
  ['We bought a Honda Civic last year.', [['vehicle', 'Honda Civic']]],
];

const NOT_MINE = [
  'my sister is trying to learn Korean',
  "I'm a people person",
  'my son is a huge football fan',
  "can't stand hiking?",
  "my kid's favorite food is pizza",
  'Her favourite food is sushi.',
  'I love you guys!',
  'I love that!',
  'I love it here.',
  'I love how you explained that.',
  'I like the idea.',
  'I love my job.',
  'My son plays the piano.',
  'My mom speaks Portuguese.',
  'Should I learn Mandarin?',
  'I wish I spoke Arabic.',
  'I want to learn Japanese.',
  'I would love to try sushi someday.',
  'Do you like jazz?',
  "What's your favorite movie?",
  'My wife loves gardening.',
  'I need a gift for my wife who loves gardening.',
  'Translate "my name is John" into French.',
  'I have a golf lesson on Friday.',
  'I love the energy, diversity and food of this city.',
  "My son's Korean is getting good.",
];

describe('facts rules: preferences, languages, vehicle', () => {
  it.each(LIKES)('%s', (text, expected) => expectFacts(text, expected));
  it.each(FAVORITES)('%s', (text, expected) => expectFacts(text, expected));
  it.each(HOBBIES)('%s', (text, expected) => expectFacts(text, expected));
  it.each(LANGUAGES)('%s', (text, expected) => expectFacts(text, expected));
  it.each(VEHICLE)('%s', (text, expected) => expectFacts(text, expected));
  it.each(NOT_MINE)('states nothing about the user: %s', (text) => expectNoUserFacts(text));
});
