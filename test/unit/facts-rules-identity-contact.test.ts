/**
 * The rule extractor on who the user is (name, age, birthday, nationality, religion, gender),
 * how to reach them (phone, email, address) and their dated plans; and names, numbers and
 * plans that belong to someone else or to a question.
 */
import { describe, it } from 'vitest';
import { expectFacts, expectNoUserFacts, type Expected } from '../support/facts/expect-facts.js';

// Said on Tuesday 2024-09-10.
const IDENTITY: [string, Expected[]][] = [
  ['My name is Ada Lovelace.', [['name', 'Ada Lovelace']]],
  ['my name is ada', [['name', 'Ada']]],
  ["Hi, I'm Ada. Nice to meet you!", [['name', 'Ada']]],
  ['Call me Ada.', [['nickname', 'Ada']]],
  ['I go by Sam.', [['nickname', 'Sam']]],
  ["I'm 34 years old.", [['age', '34']]],
  ['I just turned 30!', [['age', '30']]],
  ['My birthday is on March 3rd.', [['birthday', 'March 3rd']]],
  ['I was born on 3 May 1990.', [['birthday', '3 May 1990']]],
  ['I was born in 1990.', [['birthday', '1990']]],
  ["I'm Canadian.", [['nationality', 'Canadian']]],
  ["I'm half Italian.", [['nationality', 'Italian']]],
  ["I'm Jewish.", [['religion', 'Jewish']]],
  ['My pronouns are she/her.', [['pronouns', 'she/her']]],
  ["I'm a trans woman.", [['gender', 'trans woman']]],
  ["I'm a 41 year old dad of two", [['age', '41']]],
  [
    "I'm a 30-year-old nurse from Porto",
    [
      ['age', '30'],
      ['hometown', 'Porto'],
      ['job', 'nurse'],
    ],
  ],
  [
    "Hi, I'm Ines, 31, originally from Braga",
    [
      ['name', 'Ines'],
      ['age', '31'],
      ['hometown', 'Braga'],
    ],
  ],
];

const CONTACT: [string, Expected[]][] = [
  ['new sim card, number is 555-0188 now', [['phone', '555-0188']]],
  ['contact me by email on kai@post.example please', [['email', 'kai@post.example']]],
  ['My number is 555-0100.', [['phone', '555-0100']]],
  ['my phone number is (555) 123-4567', [['phone', '(555) 123-4567']]],
  ['You can reach me at +44 7700 900123.', [['phone', '+44 7700 900123']]],
  ['My new number is +1 (555) 010-0199.', [['phone', '+1 (555) 010-0199']]],
  ['I changed my number to 07 98 76 54 32.', [['phone', '07 98 76 54 32']]],
  ['New phone number: 555-0199', [['phone', '555-0199']]],
  ['Please call me on 555-0199 from now on.', [['phone', '555-0199']]],
  ['Heads up, my number changed - it is 555-0142 now.', [['phone', '555-0142']]],
  ['My email is jo.smith@gmail.com', [['email', 'jo.smith@gmail.com']]],
  ['Email me at jo@work.io please.', [['email', 'jo@work.io']]],
  ['I changed my email to im.here@example.org.', [['email', 'im.here@example.org']]],
  ['My address is 12 Rue Mercière, 69002 Lyon.', [['address', '12 Rue Mercière, 69002 Lyon']]],
  ['Update my contact: 555-0199', [['phone', '555-0199']]],
];

const PLANS: [string, Expected[]][] = [
  ["We're flying to Tokyo next week.", [['plan', 'flying to Tokyo (2024-09-17)']]],
  ["I'm going to Japan in May.", [['plan', 'going to Japan (2025-05)']]],
  ["I'm running a marathon in October.", [['plan', 'running a marathon (2024-10)']]],
  ['I have a dentist appointment tomorrow.', [['plan', 'a dentist appointment (2024-09-11)']]],
  ['I have a job interview on Friday.', [['plan', 'a job interview (2024-09-13)']]],
  ["I'm planning to visit my parents next weekend.", [['plan', 'planning to visit their parents (2024-09-14)']]],
  ['My flight to Paris is on Friday.', [['plan', 'flight to Paris (2024-09-13)']]],
  ["We're getting married in June 2025.", [['plan', 'getting married (2025-06)']]],
  ['I will start my new job on Monday.', [['plan', 'start their new job (2024-09-16)']]],
  ["I'm moving to Berlin.", [['plan', 'moving to Berlin']]],
];

const NOT_MINE = [
  "My sister's name is Ana.",
  'my friend, originally from Rome, is a chef',
  "I'm back from Rome",
  'What is my name?',
  'My grandma was born in 1940.',
  "I'm so tired.",
  "I'm fine, thanks.",
  "I'm 5 minutes away.",
  "My mom's number is 555-0142.",
  'Call the office at 555-0173 if I do not answer.',
  'Is 555-0111 a real number?',
  'The pizza place number is 555-0111.',
  'Could you write an email to my landlord?',
  'I visited Berlin last week.',
  'I might go to Japan next year.',
  "I'd love to fly to Tokyo next week.",
  'My sister is getting married in June.',
  'Are you going to Paris next week?',
  'We went to Italy last month.',
  "My sister's contact: 555-0111",
];

describe('facts rules: identity, contact and plans', () => {
  it.each(IDENTITY)('%s', (text, expected) => expectFacts(text, expected));
  it.each(CONTACT)('%s', (text, expected) => expectFacts(text, expected));
  it.each(PLANS)('%s', (text, expected) => expectFacts(text, expected));
  it.each(NOT_MINE)('states nothing about the user: %s', (text) => expectNoUserFacts(text));
});

/** The name the user asks to be called by, said as a change ("rather", "now", "these days"). */
const NAMED_NOW: [string, Expected[]][] = [
  ["honestly I'd prefer to be called Sasha from now on", [['name', 'Sasha']]],
  ['My colleagues know me as Bram these days', [['name', 'Bram']]],
  [
    'these days everyone knows me as Nell, I stopped using Eleanor at uni',
    [['name', 'Nell', 'state', { replaces: 'Eleanor' }]],
  ],
];

const NAMED_NOT_MINE = ['My brother would rather be called Sam', 'Would you rather be called Kate?'];

describe('facts rules: the name the user asks for now', () => {
  it.each(NAMED_NOW)('%s', (text, expected) => expectFacts(text, expected));
  it.each(NAMED_NOT_MINE)('states nothing: %s', (text) => expectNoUserFacts(text));
  it('keeps a name said without a change a nickname', () =>
    expectFacts('My friends call me Bee', [['nickname', 'Bee']]));
});
