/**
 * The eighth set of phrasings (`split: 'fresh'`): written after every earlier round, before any
 * rule was changed for it, and scored once untouched (the "before" figure in docs/facts.md). It
 * covers the ten attributes of the earlier sets and five they did not have (email, name, a
 * favourite, likes, plans), with the grammar chat users write in: contractions and their typos,
 * lower case without punctuation, British and American spellings, "we" and "my wife and I",
 * past, perfect and progressive tenses, "no longer", "not anymore", "quit", "switched", and
 * relative times. Placeholders as in the other suites.
 * @module
 */
import type { AttributeSuite, ChangePhrasing } from './scenario-types.js';

const fresh = (text: string, options: { retireOnly?: boolean; replacesOld?: boolean } = {}): ChangePhrasing => ({
  split: 'fresh',
  text,
  ...options,
});
const retire = { retireOnly: true };
const replaces = { replacesOld: true };

/** Changes, per attribute of the earlier suites. */
export const ROUND_8_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    fresh("we've been in {new} since last month, the move went smoothly"),
    fresh("My wife and I moved out of {old} in the summer, we're in {new} now."),
    fresh('moving to {new} was the best decision, been here 3 months'),
    fresh('I relocated from {old} to {new} for work.'),
    fresh('Finally unpacked the last boxes at our new place in {new}.'),
    fresh("i dont live in {old} anymore, i'm in {new}"),
    fresh("I've moved house - to {new}, of all places!"),
    fresh("We're settling into {new} nicely."),
    fresh('We sold our flat in {old} and bought one in {new}.'),
    fresh('recently relocated to {new} w/ my partner'),
  ],
  diet: [
    fresh("I'm a {new} now, have been since January."),
    fresh('Switched to a {new} diet a few weeks ago.'),
    fresh("I'm not {old} anymore.", retire),
    fresh('i went {new} last month'),
    fresh("No longer {old} - I'm eating {new} these days."),
    fresh('My husband and I both went {new} in the new year.'),
    fresh("I gave up being {old}, it wasn't for me.", retire),
    fresh('I follow a strict {new} diet now'),
    fresh('Being {new} has been easier than I thought.'),
  ],
  job: [
    fresh("I got promoted and I'm a {new} now"),
    fresh("I'm working as a {new} since the spring."),
    fresh('I quit being a {old} and became a {new}.'),
    fresh("I've been working as a {new} for a few months now."),
    fresh('new job! im a {new} at a hospital now'),
    fresh('I retrained and now work as a {new}.'),
    fresh('Not a {old} anymore, I switched careers to become a {new}.'),
    fresh("I was a {old} until last year; now I'm a {new}."),
  ],
  employer: [
    fresh("I've joined {new} as of last week."),
    fresh("I left {old} in March and now I'm working for {new}."),
    fresh('Got an offer from {new} and accepted it, started yesterday.'),
    fresh("I'm employed by {new} now."),
    fresh('just switched from {old} to {new}'),
    fresh("I don't work at {old} anymore, I'm at {new}."),
    fresh('My new employer, {new}, is way better than {old}.'),
    fresh('Handed in my notice at {old}, starting at {new} on the 1st.'),
  ],
  school: [
    fresh("I'm studying at {new} now."),
    fresh("I switched universities, I'm at {new} this year."),
    fresh('Started my PhD at {new} in the autumn.'),
    fresh('I enrolled at {new} last month.'),
    fresh("I left {old} and I'm doing my degree at {new} now."),
    fresh('im a first year at {new}'),
    fresh("I've been accepted into {new}'s master's program and started in September."),
  ],
  partner: [
    fresh('My girlfriend {old} and I split up last month.', retire),
    fresh("I'm seeing someone called {new}."),
    fresh('{new} and I got engaged!'),
    fresh('I married {new} in June.'),
    fresh('{old} and I are divorced now.', retire),
    fresh('My new boyfriend {new} is amazing.'),
    fresh("I've been going out with {new} for a few weeks."),
    fresh('I broke up with {old}.', retire),
    fresh("i'm in a relationship with {new} now"),
  ],
  pet: [
    fresh('We got a new {kind}, {newName}!'),
    fresh('Our {kind} {oldName} ran away and never came back.', retire),
    fresh("We've adopted a rescue {kind} named {newName}."),
    fresh('{oldName} had to be put down last week.', retire),
    fresh('We renamed {oldName} to {newName}.'),
    fresh("We gave our {kind} {oldName} to my parents since we're never home.", retire),
    fresh('say hello to our new {kind} {newName}'),
    fresh('we lost {oldName} in april, he was 14', retire),
  ],
  phone: [
    fresh("I've got a new number: {new}"),
    fresh('my number changed to {new}'),
    fresh('Please use {new} to reach me, the old number is gone.'),
    fresh('New mobile number - {new}.'),
    fresh("My phone number is no longer {old}, it's {new}."),
    fresh('Text me on {new} from now on'),
    fresh('I got a new phone so my number is {new} now.'),
  ],
  allergy: [
    fresh("I've become allergic to {new}."),
    fresh("The doctor says I'm allergic to {new}."),
    fresh('my {old} allergy went away', retire),
    fresh('My allergy to {old} has cleared up.', retire),
    fresh('Just got diagnosed with a {new} allergy.'),
    fresh('I turned out to be allergic to {new} as well.'),
    fresh("Apparently I'm no longer allergic to {old}.", retire),
  ],
  language: [
    fresh("I've been studying {new} for a few months now."),
    fresh("I'm taking {new} lessons since january"),
    fresh('I speak {new} now too, after two years of classes.'),
    fresh("My {old} is rusty, I've basically lost it.", retire),
    fresh('Learning {new} is my new project.'),
  ],
};

/** Turns that must change nothing, per attribute of the earlier suites (`{other}` is a third value). */
export const ROUND_8_DISTRACTORS: Record<string, string[]> = {
  city: [
    'My ex still lives in {other}.',
    "We're not moving to {other}, don't worry.",
    'Did you know my parents moved to {other}?',
  ],
  diet: ['Our daughter went {other} last month.', "I'd never go {other}."],
  job: ['My wife just became a {other}.', 'my son wants to be a {other} when he grows up'],
  employer: ['My husband quit {other} last week.', 'What is it like working for {other}?'],
  school: ['My daughter got into {other}!', 'would {other} accept me with my grades'],
  phone: ["My mom's new number is {other}.", 'is {other} a scam number?'],
  partner: ['My sister is marrying {other}.', "{other} and I are just friends, we're not dating."],
  pet: ["My neighbour's {kind} {other} keeps visiting.", 'We might get a {kind} and call it {other}.'],
  allergy: ['My husband is allergic to {other}.', 'are allergies to {other} hereditary?'],
  language: ['My wife speaks {other} fluently.', "I've never learned {other}."],
};

/** Attributes the earlier sets did not have: each suite's changes are all `fresh`. */
export const ROUND_8_SUITES: readonly AttributeSuite[] = [
  {
    attribute: 'email',
    cardinality: 'one',
    pairs: [
      ['sam.lee@gmail.com', 'sam.lee@proton.me'],
      ['jdoe@outlook.com', 'jane.doe@fastmail.com'],
      ['mk@work.example', 'mk@home.example'],
    ],
    others: ['info@shop.example', 'anna.b@gmail.com', 'boss@corp.example'],
    originals: ['My email is {old}.', 'you can email me at {old}', 'My email address: {old}'],
    changes: [
      fresh('My new email is {new}.'),
      fresh('I switched to {new} for email.'),
      fresh("Email me at {new} from now on, I don't use {old} anymore."),
      fresh("my email changed, it's {new} now"),
      fresh('I no longer use {old}; my address is {new}.'),
      fresh('Please update my email to {new}.'),
    ],
    distractors: ["My sister's email is {other}.", 'Should I send it to {other}?', 'Is {other} a valid email address?'],
  },
  {
    attribute: 'name',
    cardinality: 'one',
    pairs: [
      ['Katie', 'Kate'],
      ['Jon', 'Jonathan'],
      ['Lee', 'Morgan'],
    ],
    others: ['Chris', 'Dana', 'Felix'],
    originals: ['My name is {old}.', "I'm {old}, nice to meet you.", 'Hi, {old} here.'],
    changes: [
      fresh('Actually my name is {new}, not {old}.'),
      fresh('I changed my name to {new} last year.'),
      fresh('my names {new} btw, not {old}'),
      fresh('Since the wedding my name is {new}.'),
    ],
    distractors: [
      "My brother's name is {other}.",
      'Is {other} a nice name for a baby?',
      'My boss {other} is on holiday.',
    ],
  },
  {
    attribute: 'favorite_food',
    cardinality: 'one',
    pairs: [
      ['sushi', 'tacos'],
      ['pizza', 'ramen'],
      ['pasta', 'curry'],
    ],
    others: ['lasagna', 'paella', 'dumplings'],
    originals: ['My favourite food is {old}.', '{old} is my favorite food.', 'my fav food is {old}'],
    changes: [
      fresh('My favorite food these days is {new}.'),
      fresh('{new} has become my new favourite food.'),
      fresh("I'm obsessed with {new} now, it's my favorite food."),
      fresh('My favourite dish is now {new}, not {old}.'),
      fresh('Honestly {new} is my favorite food now.'),
    ],
    distractors: ["My son's favourite food is {other}.", 'Is {other} healthy?', "My wife's favorite food is {other}."],
  },
  {
    attribute: 'like',
    cardinality: 'many',
    pairs: [
      ['jazz', 'techno'],
      ['hiking', 'running'],
      ['coffee', 'green tea'],
    ],
    others: ['opera', 'golf', 'energy drinks'],
    originals: ['I love {old}.', 'I really enjoy {old}.', 'im a big fan of {old}'],
    changes: [
      fresh("I don't like {old} anymore.", retire),
      fresh("I've gotten really into {new} lately."),
      fresh("I'm not into {old} these days.", retire),
      fresh("I've grown to love {new}."),
      fresh("I used to love {old} but I'm over it.", retire),
    ],
    distractors: ['My husband loves {other}.', 'Do you like {other}?', 'I might try {other} one day.'],
  },
  {
    attribute: 'plan',
    cardinality: 'many',
    pairs: [
      ['Japan', 'Portugal'],
      ['Mexico', 'Iceland'],
      ['Greece', 'Canada'],
    ],
    others: ['Peru', 'Norway', 'Vietnam'],
    originals: [
      "We're going to {old} in May.",
      "I'm planning a trip to {old} next summer.",
      'We booked a holiday in {old} for August.',
    ],
    changes: [
      fresh('We cancelled our trip to {old}.', retire),
      fresh("Change of plans: we're going to {new} instead of {old}."),
      fresh("We're not going to {old} anymore, we're going to {new} in July.", replaces),
      fresh('the {old} trip is off', retire),
      fresh("I'm planning to visit {new} in October."),
    ],
    distractors: [
      'My parents are going to {other} in June.',
      'Have you ever been to {other}?',
      "We'd love to go to {other} someday.",
    ],
  },
];
