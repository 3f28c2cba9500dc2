/**
 * The second set of phrasings: written as a held-out set after the first round of tuning, scored
 * once (59.8% of its changes passed), then tuned on, so now part of `dev`. Keyed by attribute;
 * `{old}`, `{new}`, `{other}`, `{kind}`, `{oldName}`, `{newName}` are filled as in the other suites.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const round2 = (text: string, retireOnly = false): ChangePhrasing => ({
  split: 'dev',
  text,
  ...(retireOnly ? { retireOnly } : {}),
});

/** Changes, per attribute. */
export const ROUND_2_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    round2('Quick life update: we relocated to {new} at the start of the year.'),
    round2("I'm a {new} resident now, moved there in August."),
    round2("We're in {new} now! Found a flat near the river."),
    round2('Been living in {new} for three months already, time flies.'),
    round2("just got back from the movers, we're officially {new} people now"),
    round2("Sold our place in {old}, we've moved to {new}."),
    round2('The move to {new} went smoothly, thanks for asking.'),
    round2('I live in {new} these days, not {old}.'),
  ],
  diet: [
    round2("After the documentary I became {new}, it's been two months."),
    round2("I've switched to being {new}."),
    round2('Fun fact: I went {new} in March and I feel great.'),
    round2("Honestly I'm no longer {old}, I eat chicken now.", true),
    round2('I dropped the {old} thing last year.', true),
    round2("I'm fully {new} now, no exceptions."),
  ],
  job: [
    round2('I changed jobs, I work as a {new} now.'),
    round2('Started my new role as a {new} on Monday!'),
    round2("I'm training as a {new} and already working shifts."),
    round2("I'm working as a {new} at the moment."),
    round2("I used to be a {old}, now I'm a {new}."),
    round2('Landed a job as a {new} last week 🎉'),
  ],
  employer: [
    round2("I've just started working at {new}."),
    round2('New job! I joined the team at {new} in May.'),
    round2('I handed in my notice at {old}, starting at {new} next week.'),
    round2("{new} is my new employer, I'm there since January."),
    round2("I'm employed by {new} now."),
    round2('Left {old} last month, now with {new}.'),
  ],
  phone: [
    round2('I have a new number: {new}'),
    round2('My cell is {new} now.'),
    round2("Update my contact: phone's {new}"),
    round2('Reach me on {new} going forward.'),
  ],
  partner: [
    round2("I've been seeing {new} for a few months, we're really happy."),
    round2("{new} and I are together now, it's official!"),
    round2("I'm with {new} now, things ended with {old}."),
    round2('My girlfriend {new} says hi!'),
    round2("{old} and I aren't together anymore.", true),
  ],
  pet: [
    round2("We renamed the {kind} - he's {newName} now."),
    round2("{oldName} isn't with us anymore, we lost our {kind} in the spring.", true),
    round2('We gave our {kind} {oldName} to my parents, they have a garden.', true),
    round2("Correction: my {kind}'s name is {newName}."),
  ],
  school: [
    round2("I'm enrolled at {new} now."),
    round2('I got accepted to {new} and moved in September!'),
    round2('I study at {new} these days.'),
    round2("I'm doing my masters at {new} now."),
  ],
  language: [
    round2('I started learning {new} on an app.'),
    round2("I'm taking {new} lessons twice a week."),
    round2('I barely remember any {old} these days.', true),
    round2("I've been studying {new} since last year."),
  ],
  allergy: [
    round2('The doctor confirmed I have an allergy to {new}.'),
    round2("Turns out I'm allergic to {new} as well."),
    round2('I grew out of my {old} allergy as a teenager.', true),
    round2("I'm actually not allergic to {old}, it was a misdiagnosis.", true),
  ],
};

/** Turns that must change nothing, per attribute (`{other}` is a third value). */
export const ROUND_2_DISTRACTORS: Record<string, string[]> = {
  city: [
    'Would you recommend living in {other}?',
    'My cousin just got a flat in {other}.',
    "We're thinking of moving to {other}, what do you think?",
    'If we ever leave, it would be for {other}.',
    'My parents retired to {other}.',
  ],
  diet: ['Is a {other} diet healthy?', 'My roommate went {other} last year.', 'I could never be {other}.'],
  job: [
    'My mom was a {other} for 30 years.',
    'Is being a {other} stressful?',
    'I sometimes dream of becoming a {other}.',
  ],
  employer: [
    'My husband works for {other}.',
    'Is {other} hiring right now?',
    'I might interview at {other} at some point.',
  ],
  phone: ["My dad's new number is {other}.", 'What is the number for the clinic, is it {other}?'],
  partner: ['My best friend is marrying {other}.', 'Do you think {other} likes me?'],
  pet: ['My neighbour adopted a {kind} called {other}.', 'We might get a {kind} and call it {other}.'],
  school: ['My sister got into {other}.', 'Should I apply to {other}?'],
  language: ['My grandma only speaks {other}.', 'Is {other} hard to learn?'],
  allergy: ['My daughter is allergic to {other}.', 'Could I be allergic to {other}?'],
};
