/**
 * The twenty-fifth set of phrasings (`split: 'round25'`): written from the issue and the scenario
 * format alone, before the rules were read for it, each phrasing under 0.6 word overlap with every
 * earlier set, and scored once untouched (#34). Changes over the eighteen attributes of the suite as
 * people type them in a chat months after the first one (a move with the family, a diet dropped
 * after a checkup, a notice handed in, a new SIM, a break-up, a rescue animal, a transfer, a
 * diagnosis, a booked trip, a name one goes by), and distractors of every kind the issue names.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const r25 = (
  text: string,
  options: { retireOnly?: boolean; replacesOld?: boolean; addsItem?: boolean } = {},
): ChangePhrasing => ({
  split: 'round25',
  text,
  ...options,
});
const retire = { retireOnly: true };
const replaces = { replacesOld: true };
const adds = { addsItem: true };

/** Changes, per attribute of the suite. */
export const ROUND_25_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r25(
      'ok so big news, we finally did it: packed up the flat in {old} and moved to {new} in August. ' +
        'the kids are already complaining about the rain lol',
    ),
    r25("oh btw the move finally happened, I'm a {new} resident now and {old} feels like ages ago"),
    r25(
      "Can you recommend a good running route? I relocated to {new} for work a few weeks ago and don't know the area yet.",
    ),
    r25('Home is {new} now. {old} was great but I needed a change.'),
  ],
  diet: [
    r25("So I gave up being {old} a couple of months ago. I'm {new} now and honestly I feel great."),
    r25("fyi I'm no longer {old}, switched to a {new} diet after my checkup"),
    r25('Could you suggest some dinners for this week? Keep in mind I am {new} now, not {old}.'),
  ],
  job: [
    r25("Career update: I stopped working as a {old} in the fall and I've started a new role as a {new}."),
    r25("i'm a {new} these days, the {old} years are behind me thank god"),
    r25('Now that I work as a {new} my schedule is completely different. Any tips for staying organised?'),
  ],
  employer: [
    r25("Last Monday was my first day at {new}! I'd handed in my notice at {old} back in January."),
    r25('new job!! officially a {new} employee as of this week'),
    r25(
      'Since joining {new} in the summer my commute is way shorter. Could you help me redo my budget, ' +
        'the salary is different too.',
    ),
  ],
  phone: [
    r25('My number changed, it is {new} now. Please use that one instead of {old}.'),
    r25("I switched carriers so I've got a new number, {new}. {old} is dead now."),
  ],
  email: [
    r25('Please update my email address to {new}, I stopped using {old}.'),
    r25('Mail to {old} just piles up unread these days, the address I actually use is {new}.'),
  ],
  partner: [
    r25("{old} and I broke up in the spring. I've been seeing {new} for a few months and it's going really well."),
    r25('my partner {new} and I are looking for a weekend getaway, any ideas?'),
    r25("Got engaged to {new} last weekend!! Still can't believe it."),
  ],
  pet: [
    r25('Sad news, {oldName} passed away last month. We just brought home a rescue {kind} called {newName}.'),
    r25('We adopted another {kind}! The new one is {newName}.', adds),
    r25('{newName} (our new {kind}) keeps stealing socks, any training tips?', adds),
  ],
  school: [
    r25("Transfer went through! This semester I'm a student at {new} instead of {old}."),
    r25('Classes at {new} started last week and the campus is huge compared to {old}.'),
  ],
  language: [
    r25("I've been learning {new} for two years and I'm finally fluent enough to watch films without subtitles."),
    r25('Fun fact, I can speak {new} now too, took classes all winter.'),
  ],
  allergy: [
    r25("Turns out I'm allergic to {new}. Found out the hard way at a restaurant last week."),
    r25("My allergist says I've outgrown my {old} allergy, so that's one less thing to worry about.", retire),
  ],
  health: [
    r25('The doctor told me I have {new}, so I am changing a few habits.'),
    r25('the {old} seems to have gone away for good, no flare-ups since last winter', retire),
  ],
  child: [
    r25("Big news from our family: our little {newName} was born on Tuesday, everyone's healthy."),
    r25("Our youngest, {newName}, just turned one month old and we're exhausted."),
  ],
  like: [
    r25("My partner got me hooked on {new} and now I can't stop."),
    r25("{new} is my new favorite thing, I'm hooked."),
  ],
  dislike: [
    r25("I've really gone off {new}, can't stand it anymore."),
    r25('Not a fan of {new} anymore, honestly it is the worst.'),
  ],
  plan: [
    r25("We're going to {new} in the summer, just booked the flights!"),
    r25("So we're skipping {old} this year, the whole family voted for {new} and we fly out in June.", replaces),
    r25("Next on my list is {new}, I've got tickets for October."),
  ],
  name: [
    r25("quick thing: friends know me as {new} nowadays, {old} feels like a kid's name"),
    r25("From now on I'd like to be addressed as {new}, please."),
  ],
  favorite_food: [
    r25("Sorry {old}, you've been dethroned: {new} is the food I crave most now."),
    r25("if I had to pick one dish to eat forever it'd be {new} now"),
  ],
};

/** Distractors, per attribute: nothing in them is a fact about the user. */
export const ROUND_25_DISTRACTORS: Record<string, string[]> = {
  city: [
    "My sister relocated to {other} for her husband's job, she says the food is amazing.",
    'Which month would you pick for a long weekend in {other}?',
    'Hypothetically, if a job offer came up in {other}, is public transport good enough there?',
  ],
  diet: [
    'My girlfriend is {other}, what should I cook when her parents visit?',
    'What would happen if I went {other} for a month?',
  ],
  job: [
    'My uncle worked as a {other} his whole life and says it wrecked his back.',
    'How much does a {other} make on average?',
  ],
  employer: ['Do you know if {other} is hiring right now?', 'My cousin got an offer from {other}.'],
  phone: [
    "Can you add {other} to my notes as my mom's new cell?",
    'You wrote {other} earlier, is that the support line?',
  ],
  email: ["Please address the complaint to {other}, it's the property manager's inbox."],
  partner: [
    'My best friend {other} asked me to be in the wedding party in May!',
    "Should I text {other}? We matched on an app but haven't met yet.",
  ],
  pet: [
    'The dog next door, {other}, howls whenever the owners leave.',
    'Hypothetically, if we got a puppy, is {other} too silly a name?',
  ],
  school: ['How is the computer science department at {other} ranked?', 'My niece just got accepted to {other}!'],
  language: [
    'For a native English speaker, roughly how many hours does {other} take to reach B1?',
    'Grandma never learned English, she only talks to us in {other}.',
  ],
  allergy: ['My son might be allergic to {other}, what symptoms should I watch for?'],
  health: ['What symptoms usually show up first with {other}?'],
  child: ['My coworker just had a baby boy named {other}.'],
  like: ["My husband is really into {other}, I don't get it."],
  dislike: ['Why does {other} get so much hate online?'],
  plan: [
    'My parents fly out to {other} in a few weeks for their anniversary.',
    'You mentioned {other} is nice in spring, is that true?',
  ],
  name: ['My colleague {other} keeps taking credit for my work.'],
  favorite_food: ['Got an easy weeknight recipe for {other}?'],
};
