/**
 * The sixteenth set of phrasings (`split: 'round16'`): written before the rules were read for
 * it, as chat users write (informal, the fact inside a longer turn, "we", contractions, past,
 * present and future, corrections: "actually", "not anymore", "used to", "from X to Y"), and
 * scored once untouched before any rule changed (#34). Changes over the fifteen attributes of the
 * suite and three the issue names that it lacked (`child` for family, `health`, `dislike`), and
 * distractors of every kind the issue names: questions, hypotheticals, reported speech, other
 * people's facts, and the assistant's words quoted back.
 * @module
 */
import type { AttributeSuite, ChangePhrasing } from './scenario-types.js';

const r16 = (
  text: string,
  options: { retireOnly?: boolean; replacesOld?: boolean; addsItem?: boolean } = {},
): ChangePhrasing => ({
  split: 'round16',
  text,
  ...options,
});
const retire = { retireOnly: true };
const replaces = { replacesOld: true };

/** Changes, per attribute of the suite. */
export const ROUND_16_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r16(
      "sorry for the slow reply, we've been packing nonstop. the lease in {new} started on the 1st and we handed the keys back in {old} yesterday",
    ),
    r16("Living in {new} now and honestly I don't miss {old} one bit"),
    r16("I relocated from {old} to {new} for my wife's job back in February"),
    r16('we ended up buying a house in {new}, closing was last week so it still feels unreal'),
    r16("actually I'm not in {old} anymore, moved to {new} in the spring"),
  ],
  diet: [
    r16('quick heads up, I went {new} a few weeks ago so please adjust the recipes'),
    r16("I used to be {old} but these days I'm {new}"),
    r16('after watching that documentary we both switched to a {new} diet'),
    r16("been {new} for about 6 weeks now and I'm feeling great tbh"),
  ],
  job: [
    r16('I started as a {new} on Monday! handed in my notice as a {old} last month'),
    r16('these days I work as a {new}, the {old} thing burnt me out'),
    r16("Work's been crazy since I became a {new}, I barely have time to cook"),
    r16("used to be a {old}, now I'm a {new} at the local hospital"),
  ],
  employer: [
    r16('I got the job at {new}!! my start date was last Monday'),
    r16("just wrapped up my first month at {new}, and I'm still getting lost in the building"),
    r16('I quit {old} and joined {new} in June'),
    r16("fyi I'm at {new} now, not {old}"),
  ],
  school: [
    r16('I transferred to {new} this semester, most of my credits carried over'),
    r16("classes at {new} start at 8am which is brutal, I didn't have that at {old}"),
    r16("I'm enrolled at {new} now, doing a part-time masters in the evenings"),
  ],
  partner: [
    r16("{old} and I broke things off in March. I'm seeing someone new now, {new}, and it's going well"),
    r16("my partner's name is {new} btw, we've been together since the summer"),
    r16('me and {new} moved in together last month!'),
    r16("{old} and I aren't together anymore, it was mutual", retire),
  ],
  pet: [
    r16('we adopted a rescue {kind} yesterday and the kids named him {newName}'),
    r16('RIP {oldName}, we had to put him down on Saturday. 13 good years', retire),
    r16("we're a two-{kind} household now! {newName} joined us in May"),
    r16("we changed our {kind}'s name to {newName}, {oldName} just didn't suit her"),
  ],
  phone: [
    r16("new phone, new number: {new}. the old one won't work after Friday"),
    r16('can you update my number to {new}?'),
    r16('my number changed to {new} when I switched carriers'),
    r16('the best way to reach me is {new} now'),
  ],
  allergy: [
    r16("the allergist confirmed I'm allergic to {new} as well, so that's fun"),
    r16('apparently I outgrew my {old} allergy, the skin test came back clear', retire),
    r16("found out the hard way that I'm allergic to {new}, ended up in the ER on Sunday"),
  ],
  language: [
    r16("I've been doing {new} on duolingo every single day for 3 months"),
    r16('signed up for {new} classes at the community center, first one is on Thursday'),
    r16('I can finally hold a basic conversation in {new}!'),
  ],
  email: [
    r16("I don't use {old} anymore, you can reach me at {new}"),
    r16('please send stuff to {new} from now on'),
    r16('I changed my email to {new} after the old account got hacked'),
  ],
  name: [
    r16('oh and please call me {new}, nobody calls me {old} except my mum'),
    r16("it's {new} now btw, I legally changed it in January"),
    r16('Everyone calls me {new} these days, even at work'),
  ],
  favorite_food: [
    r16('{new} is my favourite thing to eat right now'),
    r16("ok new obsession: {new}. it's officially my favorite food"),
    r16("I used to say {old} was my favourite food but it's definitely {new} now"),
  ],
  like: [
    r16("I've gotten super into {new} since the pandemic"),
    r16('I kind of fell out of love with {old} this year', retire),
    r16("lately I'm loving {new}, it's become my thing"),
  ],
  plan: [
    r16('we just booked flights to {new} for the 14th of October!'),
    r16('our {old} trip got cancelled because of the strikes', retire),
    r16("change of plans: we're doing {new} this summer instead of {old}"),
    r16("I'm heading to {new} in March for a conference, first time there"),
    r16("we're not going to {old} after all, we picked {new} for the honeymoon", replaces),
  ],
};

/** Turns that must change nothing, per attribute of the suite (`{other}` is a third value). */
export const ROUND_16_DISTRACTORS: Record<string, string[]> = {
  city: [
    "my sister just moved to {other}, I'm helping her unpack this weekend",
    "if I ever moved to {other} I'd have to learn to drive",
    'you said {other} would be cheaper than where I am, is that actually true?',
  ],
  diet: ["the nutritionist thinks I should go {other} but I'm not convinced"],
  job: ["my dad keeps saying I'd make a great {other}"],
  employer: ['would you take an offer from {other} if you were me?'],
  school: ['my little brother got into {other}, so proud of him'],
  partner: ['{other} from the gym asked me out but I said no'],
  pet: ["my neighbour's {kind} {other} keeps getting into our garden"],
  phone: ['who owns {other}? they called me three times today'],
  allergy: ['my daughter might be allergic to {other}, how do we get her tested?'],
  language: ['my colleague speaks {other} fluently, so jealous'],
  email: ['I got a weird email from {other}, should I open the attachment?'],
  name: ["my best friend {other} is coming to visit next week, she's the one I told you about"],
  favorite_food: ["my kids' favourite food is {other}, sadly"],
  like: ["you mentioned {other} earlier, what's so great about it?"],
  plan: ['my parents are thinking about {other} for their anniversary', "if we had the money we'd go to {other}"],
};

/** The three attributes the issue names that the suite lacked: family (`child`), health, dislikes. */
export const ROUND_16_SUITES: AttributeSuite[] = [
  {
    attribute: 'child',
    cardinality: 'many',
    pairs: [
      ['son named Leo', 'daughter named Mia'],
      ['daughter named Ella', 'son named Noah'],
      ['son named Sam', 'son named Max'],
    ],
    others: ['Lily', 'Jack', 'Zoe'],
    originals: [
      'I have a {kind} named {oldName}.',
      'my {kind} {oldName} started school this year',
      'Our {kind} {oldName} just turned 5.',
    ],
    changes: [
      r16("our baby {newName} was born last Tuesday, we're exhausted but so happy"),
      r16('we welcomed our second child, {newName}, in August'),
      r16("I'm a parent of two now, little {newName} arrived in March"),
      r16('we adopted {newName} this spring, {newName} is 2 and already runs the house'),
    ],
    distractors: [
      'my sister just had a baby, they named her {other}',
      "my coworker's son {other} is starting college",
      'if we ever have another kid I like the name {other}',
    ],
  },
  {
    attribute: 'health',
    cardinality: 'many',
    pairs: [
      ['asthma', 'diabetes'],
      ['migraines', 'high blood pressure'],
      ['anxiety', 'insomnia'],
    ],
    others: ['arthritis', 'eczema', 'a heart condition'],
    originals: ['I have {old}.', "I've had {old} since I was a kid.", 'I deal with {old}, so bear with me'],
    changes: [
      r16("the doctor diagnosed me with {new} last month, so I'm adjusting to a lot"),
      r16('turns out I have {new}, got the results back yesterday'),
      r16("my {old} is gone, haven't had any symptoms in over a year", retire),
      r16("I've been dealing with {new} since the accident"),
    ],
    distractors: ['my mom has {other}, what should I know about it?', 'can {other} be cured completely?'],
  },
  {
    attribute: 'dislike',
    cardinality: 'many',
    pairs: [
      ['mushrooms', 'olives'],
      ['cilantro', 'spicy food'],
      ['horror movies', 'crowds'],
    ],
    others: ['raisins', 'country music', 'rainy days'],
    originals: ['I hate {old}.', "I can't stand {old}.", "I really don't like {old}."],
    changes: [
      r16("honestly I've come to hate {new} too"),
      r16("I can't stand {new} lately, no idea why"),
      r16("weirdly I don't mind {old} anymore", retire),
      r16('{new} is a hard no for me these days'),
    ],
    distractors: ['my husband hates {other} but I actually like it', 'do most people dislike {other}?'],
  },
];
