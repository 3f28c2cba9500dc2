/**
 * The twentieth set of phrasings (`split: 'round20'`): written with the nineteenth, before the
 * rules were read for either, and held out: scored untouched before the rules changed and once
 * after the nineteenth set was tuned on, its failures never tuned on (#34). Changes over the
 * eighteen attributes of the suite in the registers of chat, and distractors of every kind the
 * issue names.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const r20 = (
  text: string,
  options: { retireOnly?: boolean; replacesOld?: boolean; addsItem?: boolean } = {},
): ChangePhrasing => ({
  split: 'round20',
  text,
  ...options,
});
const retire = { retireOnly: true };
const replaces = { replacesOld: true };

/** Changes, per attribute of the suite. */
export const ROUND_20_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r20("Moving update: the truck came Saturday, and now we're officially {new} residents."),
    r20("i'm in {new} now (moved from {old} in jan)"),
    r20('Work transferred me to {new} for good, so that is home now.'),
  ],
  diet: [
    r20("so I'm {new} now, started after watching a documentary"),
    r20('switched from {old} to {new} this year'),
    r20('Quick note for the meal planner: I eat {new} now.'),
  ],
  job: [
    r20("I'm a qualified {new} now!! passed my exams last month"),
    r20('Used to be a {old}; these days I do {new} work at a startup.'),
  ],
  employer: [
    r20("New job! I'm joining {new} as of Monday, my last day at {old} is Friday."),
    r20('Been at {new} since February, left {old} after the layoffs.'),
    r20('I quit {old}. Working for {new} now, fully remote.'),
  ],
  phone: [r20('new cell # is {new}'), r20("Here's my new number: {new}. {old} is no longer in service.")],
  email: [r20('New email: {new}'), r20("I've moved to {new}, please update your records and drop {old}.")],
  partner: [
    r20('My spouse {new} and I are celebrating our first anniversary next week.'),
    r20('{new} (my partner) moved in with me last month 🥰'),
    r20("it's over with {old}. seeing someone new, {new}, and it's going well"),
    r20('I got engaged to {new} over the weekend!'),
  ],
  pet: [
    r20('We adopted a {kind} last month, {newName}, and {oldName} is warming up to the newcomer.'),
    r20('Our old {kind} {oldName} passed in the fall; we now have {newName}.'),
    r20('we have two pets now, {oldName} and our new {kind} {newName}'),
  ],
  school: [r20('Now studying at {new}, left {old} after first year.'), r20("I'm enrolled at {new} this year.")],
  language: [
    r20("I've become conversational in {new} after my year abroad."),
    r20('learning {new} for my new job, about B1 level now'),
  ],
  allergy: [
    r20("apparently I'm allergic to {new} now?? 😩"),
    r20('the {old} allergy seems to have vanished, the immunotherapy worked', retire),
  ],
  health: [r20('Was diagnosed with {new} last month.'), r20("I'm in remission from {old} 🙏", retire)],
  child: [
    r20('Welcome to the world, {newName}! Our little one arrived on Sunday.'),
    r20('{oldName} finally has a baby sibling: {newName}, born two weeks ago 💕'),
  ],
  like: [
    r20("Lately I'm super into {new}."),
    r20("I've grown fond of {new} over the past year."),
    r20("I don't really enjoy {old} these days.", retire),
  ],
  dislike: [
    r20("Can't stand {new} anymore, used to be fine with it"),
    r20("Turns out I don't mind {old} after all", retire),
  ],
  plan: [
    r20('Planning a trip to {new} in September!'),
    r20("We're off to {new} next spring, just booked it"),
    r20('Scrapped the {old} trip, going to {new} in May instead.', replaces),
  ],
  name: [
    r20('Please start calling me {new}.'),
    r20('{new} is the name I use now, {old} was just a childhood nickname'),
  ],
  favorite_food: [r20('My new favourite food is {new}.'), r20('{new} > everything. easily my favorite food now')],
};

/** Distractors, per attribute: nothing in them is a fact about the user. */
export const ROUND_20_DISTRACTORS: Record<string, string[]> = {
  city: [
    "My brother's been living in {other} for a year now.",
    'How far is {other} from here by train?',
    "In the novel I'm writing, the hero lives in {other}.",
  ],
  diet: ['Is {other} healthier than what I eat now?'],
  job: ['My wife retrained as a {other} last year and loves it.', 'You said earlier I should become a {other}, why?'],
  employer: ['{other} posted a job that looks perfect for me, worth applying?'],
  phone: ["The dentist's office number is {other}."],
  email: ["My colleague's email is {other}, can you draft a message to her?"],
  partner: ['My friend {other} just got engaged.'],
  pet: ["My parents' dog {other} is getting old."],
  school: ['My daughter wants to go to {other}.'],
  language: ['Is {other} spoken much outside its own country?'],
  allergy: ['Can a person be allergic to {other}?', "my sister's allergic to {other}"],
  health: ['My aunt has {other}.'],
  child: ['My niece {other} turned three today.'],
  like: ["I wonder if I'd like {other}."],
  dislike: ['Why do people hate {other} so much?'],
  plan: [
    "My coworkers are going to {other} for the offsite, I'm not going.",
    'Would {other} be a good trip in winter?',
  ],
  name: ['What does the name {other} mean?'],
  favorite_food: ['If I could only eat one thing it might be {other}, but who knows.'],
};
