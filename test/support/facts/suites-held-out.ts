/**
 * The sixth set of phrasings: written after the last round of tuning and scored untouched: the
 * figure in docs/facts.md's "held out" column. Keyed by attribute; `{old}`, `{new}`, `{other}`,
 * `{kind}`, `{oldName}`, `{newName}` are filled as in the other suites.
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
    held("We've officially moved into our new home in {new}!"),
    held("I'm living in {new} at the moment, it's where my new job is."),
    held('Relocated to {new} over the winter, still adjusting.'),
    held("Since last month I've been living in {new}."),
    held('We swapped {old} for {new} this year and love it.'),
    held("It's been two months since we left {old}; {new} feels like home already."),
  ],
  diet: [
    held("I've gone {new} this year."),
    held('I turned {new} after watching a documentary.'),
    held("I'm back on meat, so I'm not {old} anymore.", true),
    held("I've been strictly {new} since the spring."),
    held('No more {old} diet for me, I eat fish and chicken now.', true),
  ],
  job: [
    held("I've switched jobs and I'm a {new} now."),
    held('I work as a {new} these days.'),
    held("Since January I'm employed as a {new}."),
    held("I'm no longer working as a {old}; I'm a {new}."),
    held('I took a job as a {new} at a startup.'),
  ],
  employer: [
    held("I'm working at {new} since the autumn."),
    held('{new} is where I work now, I left {old}.'),
    held('I signed with {new} and start on Monday.'),
    held('I was hired at {new} last month.'),
    held('Last week was my last day at {old}; I start at {new} tomorrow.'),
  ],
  phone: [
    held('My new phone number is {new}.'),
    held('Reach me at {new} from now on.'),
    held('I switched carriers and my number is now {new}.'),
    held('Note the new number: {new}'),
  ],
  partner: [
    held("I'm dating someone new - {new}."),
    held('My fiancé {new} and I are planning the wedding.'),
    held("{old} and I aren't a couple anymore.", true),
    held("I've been seeing {new} since the summer."),
    held('We broke up, {old} and I, in March.', true),
  ],
  pet: [
    held("We changed the {kind}'s name to {newName}."),
    held('Our {kind} {oldName} is no longer with us.', true),
    held('{oldName} passed away peacefully last week.', true),
    held('Our {kind} is called {newName} now, not {oldName}.'),
  ],
  school: [
    held("I'm a student at {new} since September."),
    held('I started my masters at {new}.'),
    held('Transferred to {new} this semester!'),
    held('I go to {new} now instead of {old}.'),
  ],
  language: [
    held("I'm learning {new} with a tutor."),
    held('I picked up {new} while traveling and now I speak it well.'),
    held("I've forgotten all my {old}.", true),
    held("I'm taking an evening course in {new}."),
  ],
  allergy: [
    held('I tested positive for a {new} allergy.'),
    held("I've developed an allergy to {new} recently."),
    held("Turns out I'm not allergic to {old} after all.", true),
    held('My {old} allergy is gone now.', true),
  ],
};

/** Turns that must change nothing, per attribute (`{other}` is a third value). */
export const HELD_OUT_DISTRACTORS: Record<string, string[]> = {
  city: [
    'My parents are moving to {other} next year.',
    'Which neighbourhood in {other} would you recommend?',
    "I'm flying to {other} for a wedding.",
    'Imagine living in {other} with a sea view!',
  ],
  diet: [
    'My roommate is {other} and cooks amazing food.',
    'Is being {other} expensive?',
    'I could go {other} one day.',
  ],
  job: ['My brother-in-law is a {other}.', 'How do I become a {other}?', 'I wanted to be a {other} as a kid.'],
  employer: ['My girlfriend works at {other}.', 'Is {other} hiring engineers?'],
  phone: ["My boss's number is {other}.", 'Who has the number {other}?'],
  partner: ['My colleague {other} is so nice.', 'Do you think {other} would say yes if I asked her out?'],
  pet: ["My cousin's {kind} is called {other}.", 'Is {other} a good name for a {kind}?'],
  school: ['My best friend studies at {other}.', 'Should I transfer to {other}?'],
  language: ['My grandfather spoke {other}.', 'Is {other} similar to Spanish?'],
  allergy: ["My daughter's friend is allergic to {other}.", 'How common is an allergy to {other}?'],
};
