/**
 * The third set of phrasings: written as a held-out set after the second round of tuning, scored
 * once (67.4% of its changes passed), then tuned on, so now part of `dev`. Keyed by attribute;
 * `{old}`, `{new}`, `{other}`, `{kind}`, `{oldName}`, `{newName}` are filled as in the other suites.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const round3 = (text: string, retireOnly = false): ChangePhrasing => ({
  split: 'dev',
  text,
  ...(retireOnly ? { retireOnly } : {}),
});

/** Changes, per attribute. */
export const ROUND_3_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    round3("It's been a crazy few weeks - we moved across the country to {new}!"),
    round3('My partner got a job offer so we relocated to {new} in the autumn.'),
    round3('i moved to {new} a couple months ago and im still getting lost lol'),
    round3("We've been in {new} since the spring, loving the food scene."),
    round3('Writing from my new apartment in {new} 🙂'),
    round3('So {old} is behind us, we live in {new} now.'),
  ],
  diet: [
    round3("I've been {new} for about six weeks now and feel amazing."),
    round3("I'm not {old} these days, I started eating meat again.", true),
    round3('Switched my diet to {new} this year.'),
    round3("I'm trying to keep it simple: I'm {new} now."),
    round3('After years of being {old} I now eat fish.', true),
  ],
  job: [
    round3('I got hired as a {new} at a small firm last month.'),
    round3("Big career change - I'm a {new} now!"),
    round3('I now work as a {new}, way less stress.'),
    round3('I left my {old} job and became a {new}.'),
    round3('My new position: {new}. Started in June.'),
  ],
  employer: [
    round3("I'm now working for {new} as a contractor."),
    round3('Started at {new} two weeks ago, the team is lovely.'),
    round3('After five years I left {old} and joined {new}.'),
    round3("I don't work for {old} anymore - I'm at {new} since March."),
    round3('Accepted the job at {new}! Last day at {old} is Friday.'),
  ],
  phone: [
    round3('Please note my new number is {new}.'),
    round3("My phone number's changed, it's {new} now."),
    round3('Changed my number to {new} btw'),
    round3('New cell: {new}'),
  ],
  partner: [
    round3("{old} and I broke up in the spring, I'm dating {new} now."),
    round3('I have a new boyfriend, his name is {new}.'),
    round3('{new} and I just got engaged!!'),
    round3("I'm in a relationship with {new} now."),
    round3('We split up, {old} and me, a while ago.', true),
  ],
  pet: [
    round3('We decided to call the {kind} {newName} instead of {oldName}.'),
    round3('My poor {kind} {oldName} passed away last week.', true),
    round3("{oldName} ran away last month and never came back, we're heartbroken.", true),
    round3('We adopted a {kind}, {newName}, after {oldName} died.'),
  ],
  school: [
    round3("I'm a student at {new} now, transferred in January."),
    round3('Starting this semester I attend {new}.'),
    round3('I switched universities, now at {new}.'),
    round3("I've started my degree at {new}."),
  ],
  language: [
    round3("I've started learning {new}, it's hard but fun."),
    round3("I'm picking up {new} for an upcoming trip."),
    round3("I can't really speak {old} anymore.", true),
    round3('I speak {new} now, after two years of classes.'),
  ],
  allergy: [
    round3("I recently found out I'm allergic to {new}."),
    round3('Allergy test came back: I am allergic to {new}.'),
    round3("I'm no longer allergic to {old}, I outgrew it.", true),
    round3('My {old} allergy is gone, the doctor says.', true),
  ],
};

/** Turns that must change nothing, per attribute (`{other}` is a third value). */
export const ROUND_3_DISTRACTORS: Record<string, string[]> = {
  city: [
    'My brother lives in {other} and loves it.',
    'Is {other} a good place to raise kids?',
    'I dream of moving to {other} when I retire.',
    'We might relocate to {other}, nothing is decided.',
  ],
  diet: ['My girlfriend is {other}, so I cook a lot of veggies.', 'Thinking of going {other}, any tips?'],
  job: ['My dad is a {other}.', 'What does a {other} earn?', 'My best friend just became a {other}.'],
  employer: ['My sister got a job at {other}.', 'Do you know anyone at {other}?'],
  phone: ["Here's the plumber's number: {other}", 'Is {other} your number?'],
  partner: ['My brother is dating {other}.', 'I met {other} at a party, she was nice.'],
  pet: ['My aunt has a {kind} named {other}.', 'What a cute {kind}! Is it called {other}?'],
  school: ['My nephew goes to {other}.', 'Is {other} expensive?'],
  language: ['My colleague speaks {other}.', 'How do you say hello in {other}?'],
  allergy: ['My husband is allergic to {other}.', 'Can you be allergic to {other}?'],
};
