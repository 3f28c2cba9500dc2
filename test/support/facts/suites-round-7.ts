/**
 * The seventh set of phrasings: written after the held-out set had been scored and the rules
 * changed once more, scored once untouched (69.2% of its 78 changes passed; its 20 distractors
 * none read as a fact), then tuned on, so now part of `dev`. Keyed by attribute; placeholders as
 * in the other suites.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const round7 = (text: string, retireOnly = false): ChangePhrasing => ({
  split: 'dev',
  text,
  ...(retireOnly ? { retireOnly } : {}),
});

/** Changes, per attribute. */
export const ROUND_7_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    round7('We finally made it official and bought a flat in {new}.'),
    round7('After eight years in {old} we packed up and moved to {new}.'),
    round7('Living in {new} now, the rent is insane but I love it.'),
    round7('These days I live in {new}, not {old}.'),
  ],
  diet: [
    round7('Been {new} for about three months now and feeling great.'),
    round7('I decided to go {new} at the start of the year.'),
    round7("I eat meat again, the {old} thing didn't work out for me.", true),
    round7('These days I follow a {new} diet.'),
  ],
  job: [
    round7('Started a new job last week as a {new}!'),
    round7("I'm a {new} now, big career change at 35."),
    round7('I left my job as a {old} and retrained as a {new}.'),
    round7('Just got my first paycheck as a {new}.'),
  ],
  employer: [
    round7('Started at {new} on Monday, new job jitters!'),
    round7("I've been at {new} since January, I left {old} after five years."),
    round7('My first week at {new} went great.'),
    round7("I finally quit {old}; I'm joining {new} next month."),
  ],
  phone: [
    round7('Update my contact: {new}'),
    round7("Changed my number, it's {new} now."),
    round7('My cell is {new} now, the old one is disconnected.'),
  ],
  partner: [
    round7('My partner {new} surprised me with flowers yesterday.'),
    round7('{old} and I called it quits last month.', true),
    round7("I'm with {new} now and we're really happy."),
    round7('Moved in with my partner {new} last weekend.'),
  ],
  pet: [
    round7('We adopted a {kind} and named it {newName}.'),
    round7('Our {kind} {oldName} died last month, we miss her so much.', true),
    round7('Say hi to {newName}, our new {kind}!'),
    round7('We had to give {oldName} away when we moved.', true),
  ],
  school: [
    round7("I'm now enrolled at {new}."),
    round7('Just finished my first semester at {new}.'),
    round7('I transferred from {old} to {new}.'),
    round7('Got accepted to {new} and started in the fall!'),
  ],
  language: [
    round7("I've started learning {new} on Duolingo."),
    round7('My {new} is getting pretty good, I can hold a conversation now.'),
    round7("I can't speak {old} anymore, it's all gone.", true),
    round7("I'm taking {new} classes twice a week."),
  ],
  allergy: [
    round7("Just found out I'm allergic to {new}."),
    round7('The allergist confirmed I have a {new} allergy.'),
    round7("I'm no longer allergic to {old}, I outgrew it.", true),
    round7('Turns out I react badly to {new}, I have to avoid it now.'),
  ],
};

/** Turns that must change nothing, per attribute (`{other}` is a third value). */
export const ROUND_7_DISTRACTORS: Record<string, string[]> = {
  city: ['My brother just bought a flat in {other}.', 'Would you rather live in {other} or here?'],
  diet: ['My wife went {other} last year.', 'What do {other} people eat for breakfast?'],
  job: ['My dad retired as a {other}.', 'Is it hard to work as a {other}?'],
  employer: ['My neighbour just started at {other}.', 'Do you know anyone at {other}?'],
  phone: ['Can you call {other} for me?', "The plumber's number is {other}."],
  partner: ['{other} is dating my cousin.', 'My best friend {other} got married.'],
  pet: ["My friend's {kind} {other} is adorable.", 'Should we name the puppy {other}?'],
  school: ['My son wants to apply to {other}.', 'Is {other} a good school?'],
  language: ['My boss is fluent in {other}.', 'How long does it take to learn {other}?'],
  allergy: ['My son is allergic to {other}.', 'Can you be allergic to {other}?'],
};
