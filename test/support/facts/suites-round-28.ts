/**
 * The twenty-eighth set of phrasings (`split: 'round28'`): written with the twenty-seventh, from the
 * issue and the scenario format alone, without reading the extractor, each phrasing under 0.6 word
 * overlap with every earlier set, and held out: scored once untouched (#34). Changes over the
 * eighteen attributes of the suite, often inside a longer turn about something else ("long story
 * short", "actually", "switched to", "new number:"), and distractors of every kind the issue names.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const r28 = (
  text: string,
  options: { retireOnly?: boolean; replacesOld?: boolean; addsItem?: boolean } = {},
): ChangePhrasing => ({
  split: 'round28',
  text,
  ...options,
});
const retire = { retireOnly: true };
const replaces = { replacesOld: true };
const adds = { addsItem: true };

/** Changes, per attribute of the suite. */
export const ROUND_28_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r28(
      'Long story short, the job fell through in {old} so I relocated to {new} in March. ' +
        "Anyway, what's a good budgeting app?",
    ),
    r28("Actually I'm in {new} now, not {old}. I moved last fall."),
    r28('hey! writing from my new apartment in {new} lol. what should I hang on the walls?'),
    r28("I've been a {new} resident since January, still getting lost on the subway."),
  ],
  diet: [
    r28("Heads up, I'm not {old} anymore. Switched to {new} about three months ago."),
    r28("Actually I'm {new} now, could you adjust the recipes you gave me?"),
    r28('After being {old} for five years I decided to go {new}.'),
  ],
  job: [
    r28('Career change done: after the retraining course I got hired as a {new}, so no more {old} shifts.'),
    r28("new job! i'm a {new} at a small startup"),
    r28("Could you help me update my bio? It still says {old}, but I've been a {new} since October."),
  ],
  employer: [
    r28('I left {old} back in January and joined {new}.'),
    r28("Got the offer from {new} and accepted it, so I'm no longer with {old}."),
    r28('My first week at {new} was intense. Way more meetings than at {old}!'),
  ],
  phone: [
    r28('new phone who dis lol, number is {new} now'),
    r28('Heads up that I changed my number to {new}, the {old} one is disconnected.'),
    r28('Can you save {new} as my phone number? I switched carriers.'),
  ],
  email: [
    r28('My email is {new} now, {old} got hacked so I stopped using it.'),
    r28('Send everything to {new} from now on please, that is my email now.'),
  ],
  partner: [
    r28("Dating update: I'm seeing {new} now, {old} is history."),
    r28('My girlfriend {new} and I are moving in together!'),
    r28("Actually {old} and I aren't together anymore; I've been with {new} since the summer."),
  ],
  pet: [
    r28('We lost {oldName} last winter; now we have a {kind} named {newName}.', replaces),
    r28('Meet {newName}, our new {kind}! {oldName} is getting used to having a sibling.', adds),
    r28("We decided {oldName} didn't suit our {kind}, so we changed it to {newName}.", replaces),
  ],
  school: [
    r28("I switched schools, I'm at {new} now instead of {old}."),
    r28('Just started my first semester at {new}! So much bigger than {old}.'),
  ],
  language: [
    r28('Spent a year abroad and now my {new} is good enough to get by.'),
    r28('Finally fluent in {new}, took me three years!'),
  ],
  allergy: [
    r28('New allergy unlocked: {new}. Found out after a terrible reaction.'),
    r28("Good news, I'm no longer allergic to {old}, the immunotherapy worked.", retire),
  ],
  health: [
    r28('Got some test results back, and apparently I have {new}.'),
    r28("My doctor says I'm clear of {old} now, not a single flare-up since last winter.", retire),
  ],
  child: [
    r28('We had a baby! {newName} was born on the 3rd.'),
    r28('{newName} is one month old today, our little family just got bigger.'),
  ],
  like: [
    r28("Lately I'm really into {new}, can you recommend more?"),
    r28("I've started loving {new}, never expected that."),
  ],
  dislike: [
    r28('Something about {new} really gets on my nerves now.'),
    r28('Not a fan of {new} anymore, it just annoys me.'),
  ],
  plan: [
    r28("Our October holiday is sorted, we're spending ten days in {new}."),
    r28('Scrapped the {old} idea, the summer trip is {new} now.', replaces),
    r28('My sister and I are going to {new} this summer, any must-sees?'),
  ],
  name: [
    r28('Actually, I prefer {new} now. Only my grandma still calls me {old}.'),
    r28("I've changed my name to {new}, please use that."),
    r28('Could you call me {new} instead of {old}?'),
  ],
  favorite_food: [
    r28("{new} is my favorite food now, I've totally moved on from {old}."),
    r28('I think {new} has become my number one food.'),
  ],
};

/** Distractors, per attribute: nothing in them is a fact about the user. */
export const ROUND_28_DISTRACTORS: Record<string, string[]> = {
  city: ['My parents are thinking about retiring to {other}.', 'Is {other} safe for tourists at night?'],
  diet: [
    'Do you have any {other} dessert ideas for a party?',
    'My roommate just went {other}, it has been interesting.',
  ],
  job: ['My niece dreams of being a {other}, how can I encourage her?', 'What skills does a {other} need?'],
  employer: ['Did you see {other} is cutting jobs again?', 'My brother works at {other}, he loves it.'],
  phone: ['Which country is {other} from, judging by the prefix?'],
  email: ['Someone at {other} sent me an invoice I never asked for, is that legit?'],
  partner: [
    'My coworker {other} keeps flirting with me, how do I shut it down?',
    'Out of nowhere my ex, {other}, sent me a message on my birthday.',
  ],
  pet: ['My sister named her kitten {other}.', "My friend's rabbit is called {other}, isn't that adorable?"],
  school: ['My cousin got into {other}, so proud of her.'],
  language: ['My grandparents only speak {other}.'],
  allergy: ['My nephew reacts to {other}, could that be an allergy?'],
  health: ['How do doctors test for {other}?'],
  child: ['Congratulations are in order for my cousin, her baby {other} arrived yesterday.'],
  like: ["My partner loves {other}, I don't get it."],
  dislike: ['What makes {other} so unpopular with people?'],
  plan: ['My boss flies to {other} next month for a conference.', 'What would a week in {other} cost?'],
  name: ['Is {other} short for something, or is it a full name?'],
  favorite_food: ["My kids' favorite food is {other}, any healthy versions?"],
};
