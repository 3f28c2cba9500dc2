/**
 * The twenty-first set of phrasings (`split: 'round21'`): written from the issue and the scenario
 * format alone, before the rules were read for it, and scored once untouched (#34). Everyday chat
 * phrasings of a change over the eighteen attributes of the suite (news, asides in a request,
 * "not X anymore", "these days", relative times), and distractors of every kind the issue names.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const r21 = (
  text: string,
  options: { retireOnly?: boolean; replacesOld?: boolean; addsItem?: boolean } = {},
): ChangePhrasing => ({
  split: 'round21',
  text,
  ...options,
});
const retire = { retireOnly: true };
const replaces = { replacesOld: true };
const adds = { addsItem: true };

/** Changes, per attribute of the suite. */
export const ROUND_21_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r21('we finally closed on a house in {new}, so goodbye {old} 👋'),
    r21("Just a heads up, I relocated to {new} last month for my partner's job."),
    r21('home is {new} now. still getting used to the weather'),
  ],
  diet: [
    r21("I've gone {new} since the new year, feeling great so far"),
    r21("not {old} anymore btw, I'm {new} now"),
    r21("Can you suggest some recipes? I went {new} a few weeks ago and I'm running out of ideas."),
  ],
  job: [
    r21("took the plunge and retrained, I've been working as a {new} since the autumn"),
    r21('Started my first week as a {new}, very different from being a {old}!'),
    r21("these days I'm a {new}, left the {old} life behind"),
  ],
  employer: [
    r21('I accepted an offer from {new}, started there two weeks ago.'),
    r21('I work at {new} now, I left {old} in the spring.'),
    r21("ok so big news, I left {old}! I'm at {new} now and so far I love the team"),
  ],
  phone: [
    r21('heads up, I switched carriers and got a different number: {new}'),
    r21('Please use {new} to reach me from now on, I got rid of the old phone.'),
  ],
  email: [
    r21("can you update my email to {new}? I don't use {old} anymore"),
    r21("oh and I'm not checking {old} these days, reach me at {new}"),
  ],
  partner: [
    r21('my partner {new} and I just got back from our first vacation together'),
    r21("{old} and I broke up a while ago. I've been dating {new} for a few months now."),
    r21('{new} and I tied the knot in June 💍'),
  ],
  pet: [
    r21(
      'we brought home a second {kind} on Saturday, {newName}, and the two of them are already napping together',
      adds,
    ),
    r21('Sadly {oldName} died last month. We adopted a rescue {kind} named {newName} a few weeks later.'),
    r21('{oldName} has a new friend: our {kind} {newName} 🐾', adds),
  ],
  school: [
    r21('This semester I switched over to {new}, the credits mostly carried over.'),
    r21("I'm doing my master's at {new} now, finished at {old} last year"),
  ],
  language: [
    r21('I started taking {new} lessons and can hold a basic conversation now'),
    r21('I can speak {new} now, not just {old}!'),
  ],
  allergy: [
    r21("Turns out I'm allergic to {new}, found out after a bad reaction last week."),
    r21("my allergist confirmed I'm allergic to {new} too"),
    r21('my {old} allergy is basically gone now, the allergist says I can stop carrying the epipen', retire),
  ],
  health: [
    r21("the doctor says I have {new}, so I'm starting meds"),
    r21('Good news: my {old} has cleared up completely, my doctor signed me off.', retire),
  ],
  child: [
    r21("Sorry I went quiet, our baby {newName} came early, on Tuesday! Everyone's healthy."),
    r21('our second kid, {newName}, arrived last week. {oldName} loves being a big sibling'),
  ],
  like: [
    r21("Something new I'm enjoying: {new}. Started a couple months back and can't stop."),
    r21('been obsessed with {new} these past few months'),
    r21("lost interest in {old} this year, it just doesn't do it for me anymore", retire),
  ],
  dislike: [
    r21("I've started to really dislike {new}."),
    r21("Weirdly, I've come around on {old}, it doesn't bother me anymore.", retire),
  ],
  plan: [
    r21("We're planning to go to {new} this summer."),
    r21('we cancelled {old}, going to {new} instead', replaces),
  ],
  name: [
    r21('Most people know me as {new} now, I stopped using {old} after college.'),
    r21('Actually, I prefer {new} instead of {old}.'),
  ],
  favorite_food: [
    r21('my go-to comfort food lately is {new}, I could eat it every day'),
    r21("I'm over {old}, {new} is my number one food now"),
  ],
};

/** Distractors, per attribute: nothing in them is a fact about the user. */
export const ROUND_21_DISTRACTORS: Record<string, string[]> = {
  city: [
    'my sister relocated to {other} over the summer and keeps sending me photos',
    'is {other} worth a weekend trip, or is it overrated?',
    "If I ever moved, it'd probably be to {other}.",
  ],
  diet: ['My roommate went {other} last month, so cooking together is tricky.', 'Is a {other} diet hard to stick to?'],
  job: [
    'my uncle spent his whole career as a {other} and keeps telling me not to do it',
    'Roughly what salary would a {other} make starting out?',
  ],
  employer: ['My cousin just got hired at {other}.', 'Do you think {other} is a good place to work?'],
  phone: ['Can you add my landlord to the contacts list? His number is {other}.'],
  email: ["do you know who {other} belongs to? they've emailed me three times"],
  partner: [
    "Need speech ideas for my buddy {other}'s wedding next month.",
    'You mentioned {other} earlier, who is that?',
  ],
  pet: ["My neighbor's cat {other} keeps coming into our garden."],
  school: ['My brother got into {other}!', 'what GPA do you need for {other}, roughly?'],
  language: ['My coworker speaks {other} fluently.', 'Is {other} harder than English grammar-wise?'],
  allergy: ['Do {other} allergies usually run in families?'],
  health: ['My grandfather was diagnosed with {other} last year.'],
  child: ["My friend's daughter {other} starts kindergarten this fall."],
  like: ["My roommate loves {other}, I don't get the appeal."],
  dislike: ['Why is {other} so divisive?'],
  plan: [
    "My parents' anniversary trip is to {other} this spring, I'm helping them pack.",
    'What would you recommend seeing in {other}?',
  ],
  name: ['Is {other} a common name in Ireland?'],
  favorite_food: ['Where can I get decent {other} around here?'],
};
