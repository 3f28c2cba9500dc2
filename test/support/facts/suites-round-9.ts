/**
 * The ninth set of phrasings (`split: 'unseen'`): written after the rules were generalised with
 * the eighth set in view, and scored once, untouched; no rule was changed for it afterwards. Its
 * figure is the plainest estimate of how the rules read phrasings they have never met.
 * Placeholders as in the other suites; the attributes are those of the earlier suites and of
 * `suites-round-8.ts`.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const unseen = (text: string, options: { retireOnly?: boolean; replacesOld?: boolean } = {}): ChangePhrasing => ({
  split: 'unseen',
  text,
  ...options,
});
const retire = { retireOnly: true };

/** Changes, per attribute. */
export const ROUND_9_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    unseen('ok so we officially live in {new} now!!'),
    unseen("I've been a {new} resident since the spring."),
    unseen('we packed up the {old} apartment and drove to {new}, our new home'),
    unseen('Moved across the country to {new} in January.'),
  ],
  diet: [
    unseen("I've been eating {new} for a while now."),
    unseen("Dropped the {old} diet last month, it wasn't working.", retire),
    unseen('my doctor put me on a {new} diet and I stick to it'),
  ],
  job: [
    unseen('Since the summer I have been employed as a {new}.'),
    unseen("I'm training as a {new} now, left the {old} job behind."),
    unseen('im working as {new} these days'),
  ],
  employer: [
    unseen("I'm now an employee of {new}."),
    unseen('Last month I started working for {new}.'),
    unseen('{old} let me go, but {new} hired me right away.'),
  ],
  school: [
    unseen("I'm currently enrolled at {new}."),
    unseen('My wife and I are both studying at {new} now.'),
    unseen('Switched from {old} to {new} after my first year.'),
  ],
  partner: [
    unseen('Me and {old} ended things a few weeks back.', retire),
    unseen('{new} is my boyfriend now.'),
    unseen('I got married to {new} last summer!'),
  ],
  pet: [
    unseen('We brought home a {kind} named {newName} on Saturday.'),
    unseen('Our poor {kind} {oldName} passed last winter.', retire),
    unseen("{oldName} isn't with us anymore.", retire),
  ],
  phone: [
    unseen('Heads up, my new mobile is {new}.'),
    unseen("I've changed phone numbers - it's {new} now."),
    unseen('You can text me at {new} going forward.'),
  ],
  allergy: [
    unseen("Recently I've started reacting to {new}, the allergist says it's an allergy."),
    unseen("I've got a {new} allergy now, diagnosed last week."),
    unseen('No more {old} allergy for me!', retire),
  ],
  language: [unseen("I've begun learning {new} in the evenings."), unseen("I'm studying {new} at night school.")],
  email: [
    unseen('New email address: {new}'),
    unseen("I've moved to {new}, please use that one."),
    unseen('My email is now {new}.'),
  ],
  name: [unseen('I go by {new} now, not {old}.'), unseen('Please note my name is {new} now.')],
  favorite_food: [
    unseen('These days my favourite food has to be {new}.'),
    unseen('I think {new} is my new favorite food.'),
  ],
  like: [unseen('I really like {new} now.'), unseen("I've lost interest in {old}.", retire)],
  plan: [unseen('We called off the {old} trip.', retire), unseen("We're heading to {new} in September instead.")],
};

/** Turns that must change nothing, per attribute (`{other}` is a third value). */
export const ROUND_9_DISTRACTORS: Record<string, string[]> = {
  city: ['My in-laws have lived in {other} for years.', 'We drove through {other} on the way home.'],
  diet: ['My coworker just went {other}.'],
  job: ['My mom used to be a {other}.'],
  employer: ['My best friend just got hired by {other}.'],
  school: ["My nephew's starting at {other} in the fall."],
  partner: ["{other}'s wedding was beautiful."],
  pet: ["My aunt's {kind} {other} is so fluffy."],
  phone: ['The restaurant number is {other}.'],
  allergy: ['Half my class is allergic to {other}.'],
  language: ['My neighbours speak {other} at home.'],
  email: ['Send the invoice to {other}.'],
  name: ["My neighbour's daughter is called {other}."],
  favorite_food: ["My husband's favourite food is {other}."],
  like: ['My brother really likes {other}.'],
  plan: ['My sister is going to {other} next month.'],
};
