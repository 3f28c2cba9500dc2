/**
 * The twenty-third set of phrasings (`split: 'round23'`): written from the issue and the scenario
 * format alone, before the rules were read for it, and scored once untouched (#34). Changes over the
 * eighteen attributes of the suite as people type them in chat (news of a move or a new job, "not …
 * anymore", "switched to", a loss and a newcomer, a change of plans, a name someone goes by), and
 * distractors of every kind the issue names (questions, wishes, other people, the assistant's words).
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const r23 = (
  text: string,
  options: { retireOnly?: boolean; replacesOld?: boolean; addsItem?: boolean } = {},
): ChangePhrasing => ({
  split: 'round23',
  text,
  ...options,
});
const retire = { retireOnly: true };
const replaces = { replacesOld: true };
const adds = { addsItem: true };

/** Changes, per attribute of the suite. */
export const ROUND_23_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r23("ok so big news, we finally moved! we're in {new} now and I already miss the old neighborhood"),
    r23('Not in {old} anymore btw, I relocated to {new} for work back in January.'),
    r23('Can you recommend some good brunch spots near me? I live in {new} now.'),
  ],
  diet: [
    r23("heads up, I'm not {old} anymore. went full {new} after new year's and honestly I feel great"),
    r23("quick heads up before you suggest recipes: I'm {new} now"),
    r23("After watching that documentary I switched to a {new} diet and I've stuck with it."),
  ],
  job: [
    r23('Finally left the {old} job behind, working as a {new} now and the hours are so much better.'),
    r23("these days I'm a {new}, long story but I'm a lot happier"),
    r23("Started a new role last month, I'm a {new} now, so my schedule is totally different."),
  ],
  employer: [
    r23('Remember how stressed I was at {old}? I quit in the fall and joined {new}, best decision ever.'),
    r23('Just finished my first week at {new}! Way better than {old} so far.'),
    r23('i work for {new} now, left {old} in june'),
  ],
  phone: [
    r23("Switched carriers and they gave me a different number, it's {new}."),
    r23("My old phone got stolen so I'm on a new line, {new}. Could you save that?"),
  ],
  email: [
    r23("Finally ditched my old inbox, I'm using {new} for everything these days."),
    r23('For the signature on these drafts use {new}, I hardly ever check {old} anymore.'),
  ],
  partner: [
    r23("{old} and I broke up a few months ago. I'm with {new} now and it's going really well."),
    r23('omg {new} proposed last weekend and I said yes!!'),
    r23('My partner {new} and I just moved in together, so the apartment is chaos right now.'),
  ],
  pet: [
    r23('We adopted another {kind} from the shelter, her name is {newName}!', adds),
    r23('Sadly {oldName} passed away this winter. We have a new {kind} now, {newName}.', replaces),
    r23('{newName} is our second {kind}, we got him two weeks ago and he follows {oldName} everywhere', adds),
  ],
  school: [
    r23("The transfer went through, so this semester I'm taking classes at {new}."),
    r23("so I'm at {new} now, finally got in off the waitlist"),
  ],
  language: [
    r23(
      'Had my first real chat with a waiter in {new} today without switching to English, I think I can say I speak it now!',
    ),
    r23("Two years of evening classes paid off, I'm fluent enough in {new} to watch movies without subtitles."),
  ],
  allergy: [
    r23("Found out I'm allergic to {new} too, so that's fun."),
    r23('Good news from the allergist: the {old} allergy I had as a kid is gone, I outgrew it.', retire),
  ],
  health: [
    r23('The doctor told me last week that I have {new}.'),
    r23("After a year of treatment the doctor says I'm free of {old}, which is a huge relief.", retire),
  ],
  child: [
    r23('We welcomed {newName} into the world on Tuesday, everyone is healthy and exhausted'),
    r23('We had another baby! {newName} arrived in March.'),
  ],
  like: [
    r23("My sister got me into {new} over the holidays and now I'm hooked."),
    r23("okay so I'm kind of addicted to {new} now, thanks to my roommate"),
  ],
  dislike: [r23('Lately I really cannot stand {new}.'), r23('ugh {new}, no thanks, I hate it now')],
  plan: [
    r23("Flights are booked, we're off to {new} in April and I'm already making lists."),
    r23("The {old} trip fell through, so we're doing {new} this summer.", replaces),
    r23("I'm heading to {new} in September with my sister."),
  ],
  name: [
    r23("Quick favor, could you use {new} when you address me? That's what I go by now."),
    r23('I go by {new} these days, nobody calls me {old} anymore.'),
  ],
  favorite_food: [
    r23("Sorry {old}, you've been dethroned 😂 {new} is the best food on earth now and I won't hear otherwise"),
    r23('if I could only eat one thing for the rest of my life these days it would be {new}'),
  ],
};

/** Distractors, per attribute: nothing in them is a fact about the user. */
export const ROUND_23_DISTRACTORS: Record<string, string[]> = {
  city: [
    'Driving up to help my sister settle into her new place in {other} this weekend.',
    'When is {other} least crowded with tourists?',
    'Part of me wishes I lived somewhere like {other}, the bike lanes there look amazing.',
  ],
  diet: [
    'Do you think a {other} diet would help with my energy levels?',
    "My mom went {other} last year and won't stop talking about it.",
  ],
  job: ['My dad was a {other} for thirty years before he retired.', 'What does a {other} actually do all day?'],
  employer: [
    'Got a recruiter message from {other} today, should I even reply?',
    'Does {other} have a good reputation as an employer?',
  ],
  phone: ["Can you add {other} to my brother's contact card? He got a new phone."],
  email: ['I keep getting emails from {other}, how do I block them?'],
  partner: [
    "Went to {other}'s engagement party last night, we've been friends since kindergarten.",
    'My coworker {other} is going through a divorce.',
  ],
  pet: ["Our neighbor's cat {other} keeps sneaking into our yard.", "If I ever got a puppy I'd name it {other}."],
  school: ['My cousin is applying to {other} this year.'],
  language: [
    'How long would it take an adult beginner to get decent at {other}?',
    'The new exchange student in my building only speaks {other}.',
  ],
  allergy: ['My friend is allergic to {other}, what snacks are safe for her party?'],
  health: ['Is {other} hereditary?', 'My dad found out he has {other}, how can I support him?'],
  child: ['Babysitting my niece {other} tonight, any movie ideas for a six-year-old?'],
  like: ["My roommate is obsessed with {other}, it's all she talks about."],
  dislike: ['Is it normal that half my office hates {other}?'],
  plan: [
    "We talked about going to {other} once but it's way too expensive.",
    'My parents just got back from two weeks in {other} and loved it.',
  ],
  name: ['Where does the name {other} come from originally?'],
  favorite_food: ['Any tips for making {other} from scratch for a dinner party?'],
};
