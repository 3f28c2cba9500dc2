/**
 * The twenty-sixth set of phrasings (`split: 'round26'`): written with the twenty-fifth, from the
 * issue and the scenario format alone, before the rules were read for either, each phrasing under
 * 0.6 word overlap with every earlier set, and held out: scored once untouched (#34). Changes over
 * the eighteen attributes of the suite said in a later chat among other requests (a cover letter, a
 * LinkedIn headline, contact details, meal plans), with "actually", "no longer", "from now on" and
 * relative times, and distractors of every kind the issue names.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const r26 = (
  text: string,
  options: { retireOnly?: boolean; replacesOld?: boolean; addsItem?: boolean } = {},
): ChangePhrasing => ({
  split: 'round26',
  text,
  ...options,
});
const retire = { retireOnly: true };
const replaces = { replacesOld: true };
const adds = { addsItem: true };

/** Changes, per attribute of the suite. */
export const ROUND_26_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r26(
      "Hi again! It's been a while and a lot has happened. I'm living in {new} now, moved there right after " +
        'New Year. Anyway, I need help writing a cover letter.',
    ),
    r26("actually I moved out of {old} a while back, I'm based in {new} now"),
    r26("Since I moved to {new} I haven't found a decent gym. What should I look for?"),
  ],
  diet: [
    r26("Update on the food front: I'm {new} now. Being {old} just wasn't working for me anymore."),
    r26('Heads up for the meal plans, I switched from {old} to {new} a few weeks ago.'),
    r26("i've gone {new} since the new year, so no more {old} recipes pls"),
  ],
  job: [
    r26('I finally left my job as a {old}. I retrained and now work as a {new}, which is what I always wanted.'),
    r26("So I'm a {new} now! Started three weeks ago."),
    r26("Can you help me with my LinkedIn headline? I'm no longer a {old}, I work as a {new} now."),
  ],
  employer: [
    r26('Just finished my first month at {new} after six years at {old}. Big change!'),
    r26("I don't work at {old} anymore, I got hired by {new} in March."),
    r26("my new employer is {new}, they're way more flexible about remote work"),
  ],
  phone: [
    r26("Oh, and the number you have for me is out of date, it's {new} now."),
    r26('Can you replace my old number {old} with {new} in my contact details?'),
  ],
  email: [
    r26('My new email is {new}. Please forget the old one.'),
    r26("I switched email providers, so it's {new} from now on."),
  ],
  partner: [
    r26('My partner is {new} now. {old} and I split up last year, it was mutual.'),
    r26("Moving in with {new} next month, we've been dating since last summer."),
    r26('{new} and I just celebrated our first anniversary!'),
  ],
  pet: [
    r26('Our {kind} {oldName} died over the winter. A few weeks ago we adopted {newName}.'),
    r26('We have a second {kind} now, {newName}. {oldName} is still getting used to the newcomer.', adds),
    r26("We ended up changing our {kind}'s name from {oldName} to {newName}, it suits him better.", replaces),
  ],
  school: [
    r26("I'm doing my master's at {new} now, so different from undergrad at {old}."),
    r26('After a year I dropped out of {old}; these days I study at {new}.'),
  ],
  language: [
    r26('Guess what, I passed my {new} exam! So I officially speak it now.'),
    r26("I speak {new} now too, my partner's family taught me."),
  ],
  allergy: [
    r26('Great, the skin test says {new} is on my allergy list now as well.'),
    r26("Allergy test results came back: I'm not allergic to {old} anymore!", retire),
  ],
  health: [
    r26('Three weeks ago the specialist confirmed I have {new}.'),
    r26('Good news, my {old} cleared up completely.', retire),
  ],
  child: [
    r26('Our baby {newName} arrived last month, we are totally sleep deprived lol'),
    r26('Now that {newName} is here we have two kids, life is chaos.'),
  ],
  like: [
    r26('Lately {new} is what I look forward to all week.'),
    r26("Never thought I'd say this, but I love {new} now."),
  ],
  dislike: [
    r26("Something changed and now {new} just makes me cringe, I can't stand it."),
    r26('I used to be okay with {new} but now I avoid it at all costs.'),
  ],
  plan: [
    r26("We're going to {new} this fall, already booked the hotel."),
    r26('The {old} trip got scrapped because of work, so we rebooked for {new}.', replaces),
    r26("My next big trip is {new}, I'm going in May."),
  ],
  name: [
    r26('Actually, use {new} when you talk to me. {old} is what my parents called me as a kid.'),
    r26("I've started going by {new} at work and with friends."),
  ],
  favorite_food: [
    r26('No contest, {new} wins the title of best food for me these days.'),
    r26("{old} used to be the top of my list, but it's {new} all the way now."),
  ],
};

/** Distractors, per attribute: nothing in them is a fact about the user. */
export const ROUND_26_DISTRACTORS: Record<string, string[]> = {
  city: [
    'My cousin lives in {other}, should I visit her this summer?',
    'You said {other} is expensive, what about the suburbs?',
    'Our company just opened an office in {other}.',
  ],
  diet: [
    'My brother went {other} last year and lost a lot of weight.',
    'Can you give me a {other} recipe for my guests on Saturday?',
  ],
  job: [
    "I'm interviewing a {other} for our team tomorrow, what should I ask?",
    'Be honest, would someone like me last as a {other}?',
  ],
  employer: [
    'What are the reviews like for {other} as an employer?',
    'I have an interview with {other} next week, wish me luck!',
  ],
  phone: ['Someone called me from {other}, should I call back?'],
  email: ['Can you check if {other} looks like a phishing address?'],
  partner: [
    'My friend {other} just got dumped, how do I cheer them up?',
    "My sister's boyfriend {other} is coming to dinner.",
  ],
  pet: ["My friend's cat {other} is so fluffy.", 'Is {other} a weird name for a dog?'],
  school: [
    'My boss went to {other}, she brings it up constantly.',
    'Are the admission requirements at {other} really that strict?',
  ],
  language: [
    'My manager said I should learn {other} for the new market.',
    'My coworker claims {other} has no tenses, is that right?',
  ],
  allergy: ['Can you be allergic to {other}? My friend says she is.'],
  health: ["Dad's tests came back and the doctors say it's {other}, I'm scared."],
  child: ['{other} is such a cute name, my sister is thinking of using it.'],
  like: ["My roommate talks about {other} nonstop, it's a lot."],
  dislike: ['My kids hate {other}, how can I get them to try it?'],
  plan: [
    'Friends of ours want honeymoon ideas, is {other} romantic?',
    'My friends are planning a trip to {other} without me.',
  ],
  name: ['Honest opinion: {other}, nice name or not?'],
  favorite_food: ["For my husband's birthday I want to cook his favorite, {other}, any tips?"],
};
