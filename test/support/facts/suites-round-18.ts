/**
 * The eighteenth set of phrasings (`split: 'round18'`): written at the same time as the
 * seventeenth, before the rules were read for either, and held out: scored untouched before the
 * rules changed and once after the seventeenth set was tuned on, its failures not looked at in
 * between (#34). Changes over the eighteen attributes of the suite, and distractors of every kind
 * the issue names.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const r18 = (
  text: string,
  options: { retireOnly?: boolean; replacesOld?: boolean; addsItem?: boolean } = {},
): ChangePhrasing => ({
  split: 'round18',
  text,
  ...options,
});
const retire = { retireOnly: true };
const replaces = { replacesOld: true };
const adds = { addsItem: true };

/** Changes, per attribute of the suite. */
export const ROUND_18_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r18("We've been in {new} about two months now, the move from {old} went smoother than expected."),
    r18('i live in {new} now'),
    r18("Since you asked earlier: I'm no longer living in {old}, my new place is in {new}."),
  ],
  diet: [
    r18('I eat a {new} diet these days.'),
    r18("Quit being {old} last year, I'm {new} now, mostly for health reasons."),
  ],
  job: [
    r18('Career change update: I quit being a {old} and became a {new}.'),
    r18('These days I work as a {new}, which is a big change from being a {old}.'),
  ],
  employer: [
    r18("I'm at {new} now, left {old} over the summer."),
    r18('Just signed my contract with {new}! Goodbye {old}.'),
    r18('My employer is {new} now.'),
  ],
  phone: [r18('New number: {new}'), r18("I changed my phone number to {new}, so the old one won't work.")],
  partner: [
    r18("I'm with {new} now, things with {old} ended in the spring."),
    r18("{new} and I moved in together last month, we've been a couple since the new year."),
  ],
  pet: [
    r18('We have a new {kind} named {newName} too!', adds),
    r18('Our {kind} {oldName} died in March, and we adopted {newName} a few weeks later.'),
  ],
  school: [r18("I'm studying at {new} now."), r18('Left {old} and enrolled at {new} for the spring term.')],
  language: [
    r18('I can speak {new} now too, took lessons for two years.'),
    r18("Picked up {new} while working abroad, I'm fluent."),
  ],
  allergy: [
    r18("The doctor told me I'm allergic to {new} as well."),
    r18("Turns out I'm no longer allergic to {old}.", retire),
  ],
  email: [r18('My new email address is {new}.'), r18('Stop using {old} please, my email is {new} now.')],
  name: [r18('Just so you know, I go by {new} now.'), r18('Call me {new} please, nobody calls me {old} anymore.')],
  favorite_food: [r18('{new} has become my favorite food.'), r18('Favorite food: {new} (sorry {old})')],
  like: [r18("I'm really into {new} these days."), r18("I'm obsessed with {new} now.")],
  plan: [
    r18("I'm going to {new} in August for two weeks."),
    r18('We cancelled the {old} trip and booked {new} instead.', replaces),
  ],
  child: [r18('We had a baby! {newName} arrived last Tuesday.'), r18('My youngest, {newName}, just turned one.')],
  health: [r18('I was recently diagnosed with {new}.'), r18("I've been living with {new} since the spring.")],
  dislike: [
    r18('I really dislike {new}.'),
    r18("{new} is something I just can't deal with."),
    r18("I've come around on {old}, I actually enjoy it now.", retire),
  ],
};

/** Distractors, per attribute: nothing in them is a fact about the user. */
export const ROUND_18_DISTRACTORS: Record<string, string[]> = {
  city: [
    'My parents live in {other}.',
    'What is the weather like in {other} in winter?',
    "I'm thinking about maybe moving to {other} someday.",
  ],
  diet: ['A lot of people at my gym are {other}.'],
  job: ['My brother is a {other}, he works crazy hours.', "If I were a {other}, I'd be terrified."],
  employer: ['Is {other} a good company to work for?'],
  phone: ["The restaurant's number is {other}."],
  partner: ['My best friend {other} is getting married next month.'],
  pet: ["My sister's cat {other} is so fat lol"],
  school: ['My friend teaches at {other}.'],
  language: ['Can you translate this into {other} for me?'],
  allergy: ['Are {other} allergies common in kids?'],
  email: ["My boss's email is {other}."],
  name: ['My coworker {other} keeps stealing my lunch.'],
  favorite_food: ['What is the best place for {other} around here?'],
  like: ["Some people love {other} but I've never tried it."],
  plan: ["I'd love to go to {other} someday but it's not in the budget."],
  child: ["My friend's daughter {other} just started school."],
  health: ['Does {other} run in families?'],
  dislike: ['Most kids hate {other}, right?'],
};
