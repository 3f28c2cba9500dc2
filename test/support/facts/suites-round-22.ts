/**
 * The twenty-second set of phrasings (`split: 'round22'`): written with the twenty-first, from the
 * issue and the scenario format alone, before the rules were read for either, and held out:
 * scored once untouched (#34). Changes over the eighteen attributes of the suite as people type
 * them in chat (a long turn with the change in the middle, "actually", "no longer", a change of
 * plans, relative times), and distractors of every kind the issue names.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const r22 = (
  text: string,
  options: { retireOnly?: boolean; replacesOld?: boolean; addsItem?: boolean } = {},
): ChangePhrasing => ({
  split: 'round22',
  text,
  ...options,
});
const retire = { retireOnly: true };
const replaces = { replacesOld: true };
const adds = { addsItem: true };

/** Changes, per attribute of the suite. */
export const ROUND_22_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r22(
      "Sorry it took me a while to reply, things have been crazy since the move. I'm in {new} now, still unpacking " +
        'boxes and figuring out where the grocery store is.',
    ),
    r22("actually I don't live in {old} anymore, moved to {new} in the summer"),
    r22("We've been living in {new} for about three months now."),
  ],
  diet: [
    r22("I stopped being {old} a while ago, I'm {new} now"),
    r22("For the dinner party, just so you know, I'm {new} these days."),
    r22('Been eating {new} for six months now and my energy is way better.'),
  ],
  job: [
    r22('Update on my career: I switched to being a {new} after years as a {old}.'),
    r22('Been working as a {new} for a few months now, still learning the ropes.'),
    r22("So I'm no longer a {old}. Got hired as a {new} at a local company last month."),
  ],
  employer: [
    r22("I switched jobs, I'm now at {new}."),
    r22('Can you help me update my LinkedIn? I moved from {old} to {new} in March.'),
    r22('handed in my badge at {old} on friday, first day at {new} is monday'),
  ],
  phone: [r22('Got a new phone number: {new}'), r22("fyi my number is {new} now, the old one doesn't work")],
  email: [
    r22('Going forward, anything for me should go to {new}.'),
    r22('New address for me: {new}, the old inbox is full of spam'),
  ],
  partner: [
    r22('{new} and I got married last month, still can’t believe it!'),
    r22('{old} and I split up in the spring; {new} and I have been together since August.'),
    r22("I've been seeing someone new, {new}. We met at a friend's party."),
  ],
  pet: [
    r22('new family member alert: a {kind} we named {newName}', adds),
    r22('{oldName} ran away last year and we never found him 😢 we have a new {kind} now, {newName}', replaces),
    r22('Meet {newName}, the newest member of our family! {oldName} is not thrilled yet lol', adds),
  ],
  school: [
    r22('Got my student ID for {new} today, classes start next week.'),
    r22('I ended up transferring from {old} to {new}.'),
  ],
  language: [
    r22("I've been learning {new} on Duolingo for a year, I'm getting pretty good"),
    r22("I'm fluent in {new} now after living there two years"),
  ],
  allergy: [
    r22('Ended up in urgent care last week, turns out I have a {new} allergy now.'),
    r22('Not allergic to {old} anymore, my doctor retested me.', retire),
  ],
  health: [
    r22("Since the spring I've been on medication for {new}."),
    r22('I got diagnosed with {new} a few months ago'),
  ],
  child: [r22('Our baby {newName} was born last month!'), r22('{newName} is our newest addition, born in April.')],
  like: [r22("I've picked up {new} recently and I love it."), r22('weekends are all about {new} for me now')],
  dislike: [r22("I've gone off {new} completely."), r22("{new} is the worst, I can't deal with it lately")],
  plan: [
    r22('Just put a deposit down on a week in {new} this October.'),
    r22("Next year we're going to {new}, already saving up."),
    r22("We're skipping {old} after all and doing {new} instead.", replaces),
  ],
  name: [
    r22("Small thing, but I'd rather be called {new} these days."),
    r22('Finally got the paperwork done, {new} is my legal name now.'),
  ],
  favorite_food: [
    r22('Current food obsession, and my all-time favorite now: {new}.'),
    r22("I used to love {old} the most, but now it's {new}."),
  ],
};

/** Distractors, per attribute: nothing in them is a fact about the user. */
export const ROUND_22_DISTRACTORS: Record<string, string[]> = {
  city: [
    "My friend asked if I'd ever live in {other}. Not sure.",
    'Is {other} usually rainy in March?',
    'Our team has a client in {other}.',
  ],
  diet: ['A guest at my dinner is {other}, what should I cook?'],
  job: ["My roommate's a {other} so she's never home on weekends.", 'Is it too late at 40 to train as a {other}?'],
  employer: ['{other} is hiring, a friend told me.', 'My brother-in-law works at {other}.'],
  phone: ["The restaurant's number is {other}, can you call to book?"],
  email: ["Is {other} a legit sender? It's asking for my password."],
  partner: ["My sister's boyfriend {other} is really nice.", 'Should I invite {other} to the wedding?'],
  pet: ["My friend's dog {other} is so cute."],
  school: [
    'Did you say {other} was a good school for engineering?',
    'Helping my nephew with his {other} application essay tonight.',
  ],
  language: ['It would be so cool to understand {other} someday.'],
  allergy: ['Can adults suddenly develop a reaction to {other}?'],
  health: ['My coworker just got diagnosed with {other}.'],
  child: ["My neighbor's son {other} mows our lawn."],
  like: ['A lot of my friends are into {other}.'],
  dislike: ['My partner hates {other}.'],
  plan: ['Maybe one day I’ll visit {other}.', 'My cousin just got back from {other}.'],
  name: ['My coworker {other} is leaving.'],
  favorite_food: ["Making {other} for my brother's birthday since it's what he always asks for."],
};
