/**
 * The fifth set of phrasings: written as a held-out set after the fourth round of tuning, scored
 * once (64.1% of its changes passed), then tuned on, so now part of `dev`. Keyed by attribute;
 * `{old}`, `{new}`, `{other}`, `{kind}`, `{oldName}`, `{newName}` are filled as in the other suites.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const round5 = (text: string, retireOnly = false): ChangePhrasing => ({
  split: 'dev',
  text,
  ...(retireOnly ? { retireOnly } : {}),
});

/** Changes, per attribute. */
export const ROUND_5_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    round5('Guess who lives in {new} now? Me!'),
    round5('The new flat in {new} finally has internet, so I can chat again.'),
    round5("We're renting in {new} until we find something to buy."),
    round5("I've moved! New city: {new}."),
    round5('I moved out of {old} and into a place in {new} last spring.'),
    round5('My family and I are now living in {new}.'),
  ],
  diet: [
    round5("I decided to go {new} and I've stuck with it for three months."),
    round5("These days I'm a {new}."),
    round5("I'm {new} now - no more {old} for me.", false),
    round5('My {old} days are over, I eat meat again.', true),
    round5("I've stopped being {old}.", true),
  ],
  job: [
    round5('I just started a job as a {new}.'),
    round5("I'm a {new} by profession now."),
    round5('After my retraining course, I now work as a {new}.'),
    round5("Quick update: I'm no longer a {old}, I became a {new} this year."),
    round5('My current job is {new}.'),
  ],
  employer: [
    round5('I got a job offer from {new} and accepted it!'),
    round5("I'm currently employed at {new}."),
    round5('Since June I work at {new}.'),
    round5('I swapped {old} for {new} a few months ago.'),
    round5("I've just joined {new} as a senior engineer."),
  ],
  phone: [
    round5('You can call me at {new} now.'),
    round5('New phone, new number: {new}'),
    round5('My contact number has changed to {new}.'),
    round5('Just so you have it, my number is {new} now.'),
  ],
  partner: [
    round5("I've got a girlfriend now, {new}."),
    round5("{old} and I broke up and I've met someone new, {new}."),
    round5("I'm engaged to {new}!"),
    round5('{old} and I are divorced now.', true),
    round5('My boyfriend {new} and I just celebrated six months together.'),
  ],
  pet: [
    round5('Our {kind} {oldName} died in the spring; we now have a {kind} called {newName}.'),
    round5("We don't have our {kind} {oldName} anymore.", true),
    round5("Actually the {kind}'s name is {newName}, not {oldName}."),
    round5('We lost {oldName} to old age last month.', true),
  ],
  school: [
    round5("I'm now enrolled at {new}."),
    round5('I started studying at {new} in September.'),
    round5("I've transferred to {new}."),
    round5("I'm in my first year at {new}."),
  ],
  language: [
    round5("I've been learning {new} for a few months."),
    round5("I'm fluent in {new} now."),
    round5("I don't speak {old} anymore.", true),
    round5('I recently started {new} classes.'),
  ],
  allergy: [
    round5("I've become allergic to {new}."),
    round5('I was diagnosed with a {new} allergy last month.'),
    round5("I'm no longer allergic to {old}, which is great.", true),
    round5("Good news, I've outgrown my {old} allergy!", true),
  ],
};

/** Turns that must change nothing, per attribute (`{other}` is a third value). */
export const ROUND_5_DISTRACTORS: Record<string, string[]> = {
  city: [
    'My best friend moved to {other} last year.',
    'Have you ever been to {other}?',
    "If I had the money I'd buy a place in {other}.",
    'We might spend the summer in {other}.',
  ],
  diet: ['My mum is {other}.', 'Is it hard to be {other}?', 'I might try being {other} for a month.'],
  job: [
    'My cousin works as a {other}.',
    'Do you think I would make a good {other}?',
    'I used to dream of being a {other}.',
  ],
  employer: ['My husband just joined {other}.', 'Is {other} a good company to work for?'],
  phone: ["My mom's new number is {other}.", 'Can you call {other} for me?'],
  partner: ["My sister's boyfriend is called {other}.", 'Should I go on a date with {other}?'],
  pet: ['My friend has a {kind} named {other}.', 'Should we name the {kind} {other}?'],
  school: ['My brother studies at {other}.', 'Would {other} accept me?'],
  language: ['My neighbour speaks {other}.', 'Should I learn {other} or Spanish?'],
  allergy: ['My friend is allergic to {other}.', 'What are the symptoms of a {other} allergy?'],
};
