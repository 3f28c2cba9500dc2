/**
 * Phrasings written after the extractor was tuned on the others, and scored once, untouched:
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
    held('Quick life update: we relocated to {new} at the start of the year.'),
    held("I'm a {new} resident now, moved there in August."),
    held("We're in {new} now! Found a flat near the river."),
    held('Been living in {new} for three months already, time flies.'),
    held("just got back from the movers, we're officially {new} people now"),
    held("Sold our place in {old}, we've moved to {new}."),
    held('The move to {new} went smoothly, thanks for asking.'),
    held('I live in {new} these days, not {old}.'),
  ],
  diet: [
    held("After the documentary I became {new}, it's been two months."),
    held("I've switched to being {new}."),
    held('Fun fact: I went {new} in March and I feel great.'),
    held("Honestly I'm no longer {old}, I eat chicken now.", true),
    held('I dropped the {old} thing last year.', true),
    held("I'm fully {new} now, no exceptions."),
  ],
  job: [
    held('I changed jobs, I work as a {new} now.'),
    held('Started my new role as a {new} on Monday!'),
    held("I'm training as a {new} and already working shifts."),
    held("I'm working as a {new} at the moment."),
    held("I used to be a {old}, now I'm a {new}."),
    held('Landed a job as a {new} last week 🎉'),
  ],
  employer: [
    held("I've just started working at {new}."),
    held('New job! I joined the team at {new} in May.'),
    held('I handed in my notice at {old}, starting at {new} next week.'),
    held("{new} is my new employer, I'm there since January."),
    held("I'm employed by {new} now."),
    held('Left {old} last month, now with {new}.'),
  ],
  phone: [
    held('I have a new number: {new}'),
    held('My cell is {new} now.'),
    held("Update my contact: phone's {new}"),
    held('Reach me on {new} going forward.'),
  ],
  partner: [
    held("I've been seeing {new} for a few months, we're really happy."),
    held("{new} and I are together now, it's official!"),
    held("I'm with {new} now, things ended with {old}."),
    held('My girlfriend {new} says hi!'),
    held("{old} and I aren't together anymore.", true),
  ],
  pet: [
    held("We renamed the {kind} - he's {newName} now."),
    held("{oldName} isn't with us anymore, we lost our {kind} in the spring.", true),
    held('We gave our {kind} {oldName} to my parents, they have a garden.', true),
    held("Correction: my {kind}'s name is {newName}."),
  ],
  school: [
    held("I'm enrolled at {new} now."),
    held('I got accepted to {new} and moved in September!'),
    held('I study at {new} these days.'),
    held("I'm doing my masters at {new} now."),
  ],
  language: [
    held('I started learning {new} on an app.'),
    held("I'm taking {new} lessons twice a week."),
    held('I barely remember any {old} these days.', true),
    held("I've been studying {new} since last year."),
  ],
  allergy: [
    held('The doctor confirmed I have an allergy to {new}.'),
    held("Turns out I'm allergic to {new} as well."),
    held('I grew out of my {old} allergy as a teenager.', true),
    held("I'm actually not allergic to {old}, it was a misdiagnosis.", true),
  ],
};

/** Turns that must change nothing, per attribute (`{other}` is a third value). */
export const HELD_OUT_DISTRACTORS: Record<string, string[]> = {
  city: [
    'Would you recommend living in {other}?',
    'My cousin just got a flat in {other}.',
    "We're thinking of moving to {other}, what do you think?",
    'If we ever leave, it would be for {other}.',
    'My parents retired to {other}.',
  ],
  diet: [
    'Is a {other} diet healthy?',
    'My roommate went {other} last year.',
    'I could never be {other}, I love cheese too much.',
  ],
  job: [
    'My mom was a {other} for 30 years.',
    'Is being a {other} stressful?',
    'I sometimes dream of becoming a {other}.',
  ],
  employer: [
    'My husband works for {other}.',
    'Is {other} hiring right now?',
    'I have an interview at {other} next week, fingers crossed.',
  ],
  phone: ["My dad's new number is {other}.", 'What is the number for the clinic, is it {other}?'],
  partner: ['My best friend is marrying {other}.', 'Do you think {other} likes me?'],
  pet: ['My neighbour adopted a {kind} called {other}.', 'We might get a {kind} and call it {other}.'],
  school: ['My sister got into {other}.', 'Should I apply to {other}?'],
  language: ['My grandma only speaks {other}.', 'Is {other} hard to learn?'],
  allergy: ['My daughter is allergic to {other}.', 'Could I be allergic to {other}?'],
};
