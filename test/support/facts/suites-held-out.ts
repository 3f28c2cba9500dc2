/**
 * The third set of phrasings: written after the second round of tuning and scored untouched:
 * the figure in docs/facts.md's "held out" column. Keyed by attribute; `{old}`, `{new}`,
 * `{other}`, `{kind}`, `{oldName}`, `{newName}` are filled as in the other suites.
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
    held("It's been a crazy few weeks - we moved across the country to {new}!"),
    held('My partner got a job offer so we relocated to {new} in the autumn.'),
    held('i moved to {new} a couple months ago and im still getting lost lol'),
    held("We've been in {new} since the spring, loving the food scene."),
    held('Writing from my new apartment in {new} 🙂'),
    held('So {old} is behind us, we live in {new} now.'),
  ],
  diet: [
    held("I've been {new} for about six weeks now and feel amazing."),
    held("I'm not {old} these days, I started eating meat again.", true),
    held('Switched my diet to {new} this year.'),
    held("I'm trying to keep it simple: I'm {new} now."),
    held('After years of being {old} I now eat fish.', true),
  ],
  job: [
    held('I got hired as a {new} at a small firm last month.'),
    held("Big career change - I'm a {new} now!"),
    held('I now work as a {new}, way less stress.'),
    held('I left my {old} job and became a {new}.'),
    held('My new position: {new}. Started in June.'),
  ],
  employer: [
    held("I'm now working for {new} as a contractor."),
    held('Started at {new} two weeks ago, the team is lovely.'),
    held('After five years I left {old} and joined {new}.'),
    held("I don't work for {old} anymore - I'm at {new} since March."),
    held('Accepted the job at {new}! Last day at {old} is Friday.'),
  ],
  phone: [
    held('Please note my new number is {new}.'),
    held("My phone number's changed, it's {new} now."),
    held('Changed my number to {new} btw'),
    held('New cell: {new}'),
  ],
  partner: [
    held("{old} and I broke up in the spring, I'm dating {new} now."),
    held('I have a new boyfriend, his name is {new}.'),
    held('{new} and I just got engaged!!'),
    held("I'm in a relationship with {new} now."),
    held('We split up, {old} and me, a while ago.', true),
  ],
  pet: [
    held('We decided to call the {kind} {newName} instead of {oldName}.'),
    held('My poor {kind} {oldName} passed away last week.', true),
    held("{oldName} ran away last month and never came back, we're heartbroken.", true),
    held('We adopted a {kind}, {newName}, after {oldName} died.'),
  ],
  school: [
    held("I'm a student at {new} now, transferred in January."),
    held('Starting this semester I attend {new}.'),
    held('I switched universities, now at {new}.'),
    held("I've started my degree at {new}."),
  ],
  language: [
    held("I've started learning {new}, it's hard but fun."),
    held("I'm picking up {new} for an upcoming trip."),
    held("I can't really speak {old} anymore.", true),
    held('I speak {new} now, after two years of classes.'),
  ],
  allergy: [
    held("I recently found out I'm allergic to {new}."),
    held('Allergy test came back: I am allergic to {new}.'),
    held("I'm no longer allergic to {old}, I outgrew it.", true),
    held('My {old} allergy is gone, the doctor says.', true),
  ],
};

/** Turns that must change nothing, per attribute (`{other}` is a third value). */
export const HELD_OUT_DISTRACTORS: Record<string, string[]> = {
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
