/**
 * The twenty-fourth set of phrasings (`split: 'round24'`): written with the twenty-third, from the
 * issue and the scenario format alone, before the rules were read for either, and held out: scored
 * once untouched (#34). Changes over the eighteen attributes of the suite as people type them in chat
 * (an update after a long silence, "left … now …", "these days", a newcomer and a loss, a cancelled
 * trip), and distractors of every kind the issue names.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const r24 = (
  text: string,
  options: { retireOnly?: boolean; replacesOld?: boolean; addsItem?: boolean } = {},
): ChangePhrasing => ({
  split: 'round24',
  text,
  ...options,
});
const retire = { retireOnly: true };
const replaces = { replacesOld: true };
const adds = { addsItem: true };

/** Changes, per attribute of the suite. */
export const ROUND_24_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r24("Hey! Long time. Quick update: I've moved from {old} to {new}, the job market was just better there."),
    r24("we left {old} last year, we're in {new} now"),
    r24('The weather here in {new} is so different from {old}, still getting used to it after the move.'),
  ],
  diet: [
    r24('Quick update, I eat {new} now.'),
    r24("Dropped the {old} thing, I'm doing {new} now."),
    r24("my doctor recommended I go {new}, so that's what I'm doing now"),
  ],
  job: [
    r24("Quit being a {old}! I'm a {new} now, finally doing what I love."),
    r24("Took me two years of night school to retrain, but I'm officially working as a {new} now."),
    r24('Work has been busy since I became a {new} in the spring.'),
  ],
  employer: [
    r24("I've been at {new} since April and I really like the team."),
    r24('Left {old}. Now working for {new}.'),
    r24('The benefits at {new} are so much better than at {old}, glad I made the jump.'),
  ],
  phone: [
    r24("got a new phone with a different number lol, it's {new} if anyone asks"),
    r24("If you're putting together my contact info, the right number is {new} now, the other one's disconnected."),
  ],
  email: [
    r24('Heads up, my email changed to {new} last month.'),
    r24("I've moved everything over to {new}, that's my main email now."),
  ],
  partner: [
    r24("I'm married to {new} now, we had a small ceremony in June."),
    r24("Things ended with {old} last year. These days I'm with {new}."),
    r24('me and {new} have been together almost a year now'),
  ],
  pet: [
    r24('We got a new {kind} last month! {newName} is still settling in.', adds),
    r24("{oldName} died in March, it's been hard. We adopted {newName} a few weeks ago.", replaces),
    r24('We got {oldName} a little sister, {newName}!', adds),
  ],
  school: [
    r24("Switched programs over the summer, so I'm enrolled at {new} now."),
    r24("{old} wasn't a good fit, so after freshman year I transferred over to {new}."),
  ],
  language: [
    r24("After a year of lessons I'd say I speak {new} pretty well now"),
    r24("Picked up {new} while living abroad, I'm conversational now."),
  ],
  allergy: [
    r24("Just got tested and it turns out I'm also allergic to {new}."),
    r24("Three years of allergy shots and I'm finally not reacting to {old} anymore!", retire),
  ],
  health: [
    r24('Got diagnosed with {new} this spring, still adjusting.'),
    r24("I've got {old} under control, but now I have {new} too."),
  ],
  child: [
    r24('Our second kid, {newName}, was born in January!'),
    r24('Meet {newName} 👶 our little one arrived two weeks early'),
  ],
  like: [
    r24("I'm obsessed with {new} these days."),
    r24("honestly can't get enough of {new} lately, it's become a daily thing"),
  ],
  dislike: [r24('I used to be fine with {new} but now I really dislike it.'), r24("Can't stand {new} these days.")],
  plan: [
    r24("We're planning a trip to {new} next spring!"),
    r24("Booked it! {new} in July, can't wait."),
    r24('{old} is off, flights were too pricey, so we booked {new} for the same week.', replaces),
  ],
  name: [
    r24('Everyone calls me {new} now, I prefer it.'),
    r24("The name change is official, I'm {new} on everything now, passport included."),
  ],
  favorite_food: [
    r24("Hot take but {new} is my number one food now, I'd eat it every day."),
    r24('Not gonna lie, {new} has become my go-to favorite meal.'),
  ],
};

/** Distractors, per attribute: nothing in them is a fact about the user. */
export const ROUND_24_DISTRACTORS: Record<string, string[]> = {
  city: [
    'My boss is flying to {other} tomorrow.',
    "Have you ever heard of {other}? A coworker won't stop talking about it.",
    'Is the cost of living in {other} as bad as people say?',
  ],
  diet: ['Is being {other} actually healthier?', 'My roommate just went {other}, so grocery shopping got complicated.'],
  job: [
    'My neighbor is thinking about retraining as a {other} at 45, is that realistic?',
    'You said a {other} needs a license, right?',
  ],
  employer: [
    '{other} just announced layoffs, crazy.',
    'A buddy of mine just accepted a job at {other}, should I ask him for a referral?',
  ],
  phone: ['Is {other} a scam number? They called me three times.'],
  email: ['Can you draft a polite follow-up to {other}? They never answered my last message.'],
  partner: [
    'Out of nowhere I got a text from {other}, we dated in college.',
    "I'm a bridesmaid at {other}'s wedding next month.",
  ],
  pet: ['Do you think {other} is a good name for a cat?'],
  school: [
    'My brother graduated from {other} last year.',
    'Do employers actually care if your degree is from {other}?',
  ],
  language: ['A colleague grew up speaking {other} at home, so she translates for our team.'],
  allergy: ['At what age do kids usually outgrow a reaction to {other}?'],
  health: ['My aunt has {other}, is there anything I can do to help her?'],
  child: ['My friend named her baby {other}, cute right?'],
  like: ['My dad loves {other}, what should I get him for his birthday?'],
  dislike: ["Some people really can't stand {other}, I don't get it."],
  plan: [
    'Someday {other} is going on the bucket list, but not this year.',
    'My coworker is going to {other} for her honeymoon.',
  ],
  name: ['Would {other} be a good name for a baby girl?', 'Had a tense one-on-one with {other}, my manager, today.'],
  favorite_food: ['Is {other} hard to make at home?'],
};
