/**
 * The fifth set of phrasings: written after the fourth and last round of tuning and scored
 * untouched: the figure in docs/facts.md's "held out" column. Keyed by attribute; `{old}`,
 * `{new}`, `{other}`, `{kind}`, `{oldName}`, `{newName}` are filled as in the other suites.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const held = (text: string, retireOnly = false): ChangePhrasing => ({
  split: 'holdout',
  text,
  ...(retireOnly ? { retireOnly } : {}),
});

/** Changes, per attribute. */
export const HELD_OUT_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    held('Guess who lives in {new} now? Me!'),
    held('The new flat in {new} finally has internet, so I can chat again.'),
    held("We're renting in {new} until we find something to buy."),
    held("I've moved! New city: {new}."),
    held('I moved out of {old} and into a place in {new} last spring.'),
    held('My family and I are now living in {new}.'),
  ],
  diet: [
    held("I decided to go {new} and I've stuck with it for three months."),
    held("These days I'm a {new}."),
    held("I'm {new} now - no more {old} for me.", false),
    held('My {old} days are over, I eat meat again.', true),
    held("I've stopped being {old}.", true),
  ],
  job: [
    held('I just started a job as a {new}.'),
    held("I'm a {new} by profession now."),
    held('After my retraining course, I now work as a {new}.'),
    held("Quick update: I'm no longer a {old}, I became a {new} this year."),
    held('My current job is {new}.'),
  ],
  employer: [
    held('I got a job offer from {new} and accepted it!'),
    held("I'm currently employed at {new}."),
    held('Since June I work at {new}.'),
    held('I swapped {old} for {new} a few months ago.'),
    held("I've just joined {new} as a senior engineer."),
  ],
  phone: [
    held('You can call me at {new} now.'),
    held('New phone, new number: {new}'),
    held('My contact number has changed to {new}.'),
    held('Just so you have it, my number is {new} now.'),
  ],
  partner: [
    held("I've got a girlfriend now, {new}."),
    held("{old} and I broke up and I've met someone new, {new}."),
    held("I'm engaged to {new}!"),
    held('{old} and I are divorced now.', true),
    held('My boyfriend {new} and I just celebrated six months together.'),
  ],
  pet: [
    held('Our {kind} {oldName} died in the spring; we now have a {kind} called {newName}.'),
    held("We don't have our {kind} {oldName} anymore.", true),
    held("Actually the {kind}'s name is {newName}, not {oldName}."),
    held('We lost {oldName} to old age last month.', true),
  ],
  school: [
    held("I'm now enrolled at {new}."),
    held('I started studying at {new} in September.'),
    held("I've transferred to {new}."),
    held("I'm in my first year at {new}."),
  ],
  language: [
    held("I've been learning {new} for a few months."),
    held("I'm fluent in {new} now."),
    held("I don't speak {old} anymore.", true),
    held('I recently started {new} classes.'),
  ],
  allergy: [
    held("I've become allergic to {new}."),
    held('I was diagnosed with a {new} allergy last month.'),
    held("I'm no longer allergic to {old}, which is great.", true),
    held("Good news, I've outgrown my {old} allergy!", true),
  ],
};

/** Turns that must change nothing, per attribute (`{other}` is a third value). */
export const HELD_OUT_DISTRACTORS: Record<string, string[]> = {
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
