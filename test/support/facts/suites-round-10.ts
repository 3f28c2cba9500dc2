/**
 * The tenth set of phrasings (`split: 'round10'`): written after round 9 was scored, before any
 * rule was changed for it, and scored once untouched (the "before" figure in docs/facts.md); the
 * rules were then generalised with rounds 9 and 10 in view. It covers every attribute in styles
 * the earlier sets had little of: terse chat, labels ("Email: …"), nominal and passive forms
 * ("my move to … is finished"), "used to … now …", "ex-" and "former", "no longer", "any more",
 * "since last week", "we", a change in a second clause, typos, British spellings and emoji.
 * Placeholders as in the other suites.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const r10 = (text: string, options: { retireOnly?: boolean; replacesOld?: boolean } = {}): ChangePhrasing => ({
  split: 'round10',
  text,
  ...options,
});
const retire = { retireOnly: true };

/** Changes, per attribute. */
export const ROUND_10_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r10('relocation to {new} done ✅'),
    r10('my move to {new} is finished, finally unpacked'),
    r10('used to live in {old}, now in {new}'),
    r10('ex-{old} resident, now living in {new} 🙂'),
    r10('Location: {new}'),
    r10('no longer living in {old} - we settled in {new}'),
    r10("since last week I'm living in {new}"),
  ],
  diet: [
    r10('Diet: {new} now'),
    r10('used to be {old}, now fully {new}'),
    r10("not {old} any more, I'm {new} 🌱"),
    r10('since last week im {new}'),
    r10('gone {new} this year, honestly feel great'),
    r10('Former {old}, {new} since March.'),
  ],
  job: [
    r10("new job! {new} at st mary's"),
    r10('Job: {new}'),
    r10('ex-{old}, now a {new}'),
    r10("used to work as a {old}, now i'm a {new}"),
    r10("I loved being a {old}, but I'm a {new} now."),
    r10('career change complete: I am officially a {new} 🎉'),
    r10('no longer a {old}; qualified as a {new} last week'),
  ],
  employer: [
    r10("I love my job, though I'm now at {new}."),
    r10('Employer: {new}'),
    r10('left {old} for {new} last month'),
    r10('Former {old} employee here, I work for {new} now.'),
    r10('quit {old}, joined {new} 🙌'),
    r10('my new employer is {new}'),
  ],
  school: [
    r10('transferred to {new} this term'),
    r10("no longer at {old}, I'm studying at {new} now"),
    r10('School: {new}'),
    r10('my transfer to {new} went through'),
    r10("Since September I've been enrolled at {new}."),
  ],
  partner: [
    r10("my ex {old} and I still talk, but I'm with {new} now"),
    r10("{old}'s my ex now.", retire),
    r10('{new} and I are together now 💕'),
    r10('Partner: {new}'),
    r10('me and {new} got engaged!!'),
    r10('no longer seeing {old}', retire),
  ],
  pet: [
    r10('new {kind} in the house: {newName} 🐾'),
    r10('RIP {oldName}, best {kind} ever.', retire),
    r10('We adopted another {kind}, {newName}.'),
    r10('{oldName} is called {newName} now, the kids renamed him'),
    r10('we lost {oldName} last week 😢', retire),
  ],
  phone: [
    r10('new number: {new}'),
    r10('Phone: {new}'),
    r10("my old number's dead, use {new}"),
    r10('number changed → {new}'),
    r10('ring me on {new} from now on'),
  ],
  allergy: [
    r10('Allergy update: {new}'),
    r10('outgrew my {old} allergy 🎉', retire),
    r10("Apparently I've developed an allergy to {new}."),
    r10('not allergic to {old} any more, the tests came back clear', retire),
    r10('new allergy unlocked: {new} 🙃'),
  ],
  language: [
    r10('learning {new} rn'),
    r10("Since last week I'm taking {new} classes."),
    r10("We've started {new} lessons as a family."),
    r10('Language: {new} (beginner)'),
  ],
  email: [
    r10('Email: {new}'),
    r10('my old address {old} is dead, write to {new}'),
    r10('email changed to {new}'),
    r10('pls use {new} from now on, {old} is no longer monitored'),
  ],
  name: [
    r10('Name: {new} (not {old} anymore)'),
    r10('Everyone calls me {new} these days.'),
    r10('formerly {old}, now {new} 🙂'),
    r10("it's {new} now - I legally changed my name"),
  ],
  favorite_food: [
    r10('fav food rn: {new}'),
    r10('used to be obsessed with {old} but {new} is my favourite now'),
    r10('Favourite food: {new}'),
    r10('{new} has overtaken {old} as my favourite food'),
  ],
  like: [
    r10('not into {old} any more', retire),
    r10('big {new} fan now 🎧'),
    r10("Since last month I'm hooked on {new}."),
    r10('{old}? meh, bored of it now.', retire),
  ],
  plan: [
    r10("{old} trip's cancelled 😞", retire),
    r10("Plans changed: we're going to {new} in July."),
    r10('booked flights to {new} for the autumn ✈️'),
    r10('no longer going to {old}', retire),
  ],
};

/** Turns that must change nothing, per attribute (`{other}` is a third value). */
export const ROUND_10_DISTRACTORS: Record<string, string[]> = {
  city: [
    'thinking of moving to {other}?',
    "if I lived in {other} I'd cycle everywhere",
    'My sister says "we live in {other} now"',
    'Location of the conference: {other}',
  ],
  diet: ['should I go {other}?', "my roommate's {other} now"],
  job: ['ex-colleague of mine is a {other} now', 'would love to be a {other} one day'],
  employer: ['{other} is hiring, should I apply?', 'my husband works at {other} now'],
  school: ["my son's transferring to {other}"],
  partner: ['my brother and {other} are together now'],
  pet: ["my neighbour's new {kind} is named {other}"],
  phone: ['Dentist: {other}', 'is {other} still your number?'],
  allergy: ['is anyone else allergic to {other}?'],
  language: ['my kids are learning {other} rn'],
  email: ['Support email: {other}'],
  name: ['my boss goes by {other} now'],
  favorite_food: ["Tom's fav food: {other}"],
  like: ['my partner is really into {other} now'],
  plan: ['we might go to {other} someday, who knows'],
};
