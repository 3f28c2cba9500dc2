/**
 * The fourth set of phrasings: written as a held-out set after the third round of tuning, scored
 * once (70.7% of its changes passed), then tuned on, so now part of `dev`. Keyed by attribute;
 * `{old}`, `{new}`, `{other}`, `{kind}`, `{oldName}`, `{newName}` are filled as in the other suites.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const round4 = (text: string, retireOnly = false): ChangePhrasing => ({
  split: 'dev',
  text,
  ...(retireOnly ? { retireOnly } : {}),
});

/** Changes, per attribute. */
export const ROUND_4_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    round4('Hello from {new}! We finally made the move in July.'),
    round4("I'm renting a place in {new} now, it's tiny but cute."),
    round4('Sorry for the silence, I was busy relocating. {new} is my new city!'),
    round4('so yeah, long story short, I live in {new} these days'),
    round4("We said goodbye to {old} and now we're {new}-based."),
    round4('My new neighbourhood in {new} is so quiet compared to {old}.'),
  ],
  diet: [
    round4('I eat a {new} diet now.'),
    round4("I'm officially {new} as of this month!"),
    round4("I've given up being {old}, I eat everything now.", true),
    round4('Been {new} since New Year and loving it.'),
    round4("I'm not really {old} anymore, I have the occasional steak.", true),
  ],
  job: [
    round4("I've been working as a {new} since the spring."),
    round4('New job title: {new}!'),
    round4("After the retraining I'm finally a qualified {new}."),
    round4('i quit being a {old}, im a {new} now'),
    round4('These days I earn my living as a {new}.'),
  ],
  employer: [
    round4("I'm at {new} now, left {old} in the summer."),
    round4("I started a new position at {new} and I'm loving it."),
    round4("{new} offered me a role and I took it, so I've moved on from {old}."),
    round4('My employer is {new} now.'),
    round4('Work update: I joined {new} this month.'),
  ],
  phone: [
    round4('My mobile number is now {new}.'),
    round4("I've got a new number, it's {new}."),
    round4('FYI my number is {new} now, the old one is gone.'),
    round4('Contact me on {new} please, new phone.'),
  ],
  partner: [
    round4('My new girlfriend {new} is coming to dinner.'),
    round4("I've started dating someone, her name is {new}."),
    round4('{old} and I have separated.', true),
    round4("I'm now married to {new}!"),
    round4('{new} moved in with me last month, we are so happy together.'),
  ],
  pet: [
    round4("We renamed {oldName} - the {kind}'s called {newName} now."),
    round4('Sadly we had to put our {kind} {oldName} to sleep.', true),
    round4("{oldName} isn't around anymore, she passed in March.", true),
    round4('Meet our new {kind}, {newName}! {oldName} passed away last year.'),
  ],
  school: [
    round4('I go to {new} now, I switched in January.'),
    round4("I'm studying at {new} since this fall."),
    round4('Just started my first semester at {new}!'),
    round4('I transferred from {old} to {new}.'),
  ],
  language: [
    round4("I'm learning {new} at the moment."),
    round4('I can get by in {new} now.'),
    round4("I've lost my {old}, haven't spoken it in years.", true),
    round4("I'm studying {new} in the evenings."),
  ],
  allergy: [
    round4('Bad news: I just developed a {new} allergy.'),
    round4("It turns out I'm allergic to {new}."),
    round4("I'm not allergic to {old} anymore.", true),
    round4('My {old} allergy went away.', true),
  ],
};

/** Turns that must change nothing, per attribute (`{other}` is a third value). */
export const ROUND_4_DISTRACTORS: Record<string, string[]> = {
  city: [
    "I'd love to visit {other} someday.",
    'My in-laws just bought a place in {other}.',
    'What is the cost of living in {other}?',
    "If I'm honest, I could see myself in {other} one day.",
  ],
  diet: [
    'My son went {other} last month.',
    'Can you suggest some {other} recipes?',
    'Would going {other} help my cholesterol?',
  ],
  job: ['My wife is a {other}.', 'I admire every {other} I know.', 'My son wants to be a {other}.'],
  employer: ['My friend got hired at {other}.', 'I have a call with {other} tomorrow about a possible job.'],
  phone: ["My sister's number is {other}.", 'The restaurant number is {other}, can you call them?'],
  partner: ['My friend {other} is getting married.', 'Should I text {other} back?'],
  pet: ['Our neighbour has a {kind} called {other}.', 'I saw a {kind} named {other} at the park.'],
  school: ['My daughter starts at {other} in September.', 'Is {other} a good school?'],
  language: ['Do you speak {other}?', 'My partner is learning {other}.'],
  allergy: ['My brother is allergic to {other}.', 'Is a {other} allergy dangerous?'],
};
