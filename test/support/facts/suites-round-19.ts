/**
 * The nineteenth set of phrasings (`split: 'round19'`): written from the issue and the scenario
 * format alone, before the rules were read for it, and scored once untouched before any rule
 * changed (#34); then tuned on, by cause. Changes over the eighteen attributes of the suite in
 * the ways people write in chat (lowercase and terse, typos, emoji, news announcements, a long
 * message where the change is one clause, an aside inside a request, past-tense narration,
 * corrections, "not X anymore", relative time), and distractors of every kind the issue names:
 * questions, hypotheticals, other people's facts, reported speech, and words quoted from the
 * other side of the chat.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const r19 = (
  text: string,
  options: { retireOnly?: boolean; replacesOld?: boolean; addsItem?: boolean } = {},
): ChangePhrasing => ({
  split: 'round19',
  text,
  ...options,
});
const retire = { retireOnly: true };
const replaces = { replacesOld: true };
const adds = { addsItem: true };

/** Changes, per attribute of the suite. */
export const ROUND_19_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r19('ok so big news, we finally moved!! new apartment in {new} 🎉'),
    r19('3 months in {new} and i still get lost on the way to the supermarket lol'),
    r19("Actually it's {new} now, not {old}. I moved in the spring."),
    r19(
      "Can you help me write a cover letter? Some background: I'm 34, spent most of my twenties in {old}, moved over to {new} last year and have been working remotely since.",
    ),
    r19('btw im based out of {new} these days'),
  ],
  diet: [
    r19('fyi i went {new} about six weeks ago, so no more {old} recipes pls'),
    r19("I'm not {old} anymore, been strictly {new} since the new year."),
    r19('Doc has me eating {new} now because of my cholesterol, so plan meals around that.'),
  ],
  job: [
    r19("a decade of being a {old} was enough, I retrained and I'm a {new} now!"),
    r19('im working as a {new} these days, the {old} thing burned me out'),
    r19("Small correction: I'm actually a {new}, not a {old}."),
  ],
  employer: [
    r19('first week at {new} done, still figuring out where the coffee machine is 😅'),
    r19('Leaving {old} was the best decision, the new gig at {new} has a much better team.'),
    r19('oh btw im with {new} now, same role different company'),
    r19('Signed with {new}, wrapped up at {old} last Friday.'),
  ],
  phone: [
    r19("new phone number: {new} (the old one's dead)"),
    r19('my # is {new} now btw'),
    r19('Heads up, new SIM, new number: {new}. Please use that from now on.'),
  ],
  email: [
    r19('Updated my email: {new}'),
    r19("pls send stuff to {new} going forward, i'm closing the {old} account"),
    r19('{old} is dead to me lol, everything goes to {new} now'),
  ],
  partner: [
    r19("So {old} and I called it quits 😢 but I met {new} a couple months ago and we're really happy"),
    r19('Me and my other half {new} are going to a wedding next weekend, any gift ideas?'),
    r19("It's official, {new} and I tied the knot last month!! 💍"),
  ],
  pet: [
    r19('we got another {kind}!! {newName} is 10 weeks old and chews everything', adds),
    r19('RIP {oldName} 😭 we said goodbye to our old {kind} last week.', retire),
    r19(
      '{oldName} crossed the rainbow bridge in January. We brought home a rescue {kind}, {newName}, last weekend.',
      replaces,
    ),
    r19('Say hi to {newName}, the little {kind} we adopted from the shelter on Saturday', adds),
  ],
  school: [
    r19("I transferred! I'm at {new} now, {old} was too expensive."),
    r19('grad school update: doing my MSc at {new} since last fall'),
    r19('quit {old} after a year and switched to {new}, first semester there has been great'),
  ],
  language: [
    r19('my {new} is actually decent now after a year of evening classes, can hold a conversation'),
    r19('fun fact: I picked up some {new} when I lived abroad'),
    r19("I used to speak {old} but honestly I've lost it all.", retire),
  ],
  allergy: [
    r19('allergist says im allergic to {new} now too, great 🙄'),
    r19('Developed a {new} allergy this year, which is annoying.'),
    r19('good news, the allergy tests came back and {old} is fine for me after all', retire),
  ],
  health: [
    r19('Got diagnosed with {new} in the spring, still learning to live with it.'),
    r19('I have {new} now, doctor confirmed it last week'),
    r19('My {old} finally cleared up after the treatment.', retire),
  ],
  child: [
    r19('Baby {newName} is here!! Born at 3am, mom and baby doing great'),
    r19('we just adopted a little one, {newName}, who is 4'),
    r19('Our second kid {newName} was born in June, so sleep is a distant memory'),
  ],
  like: [
    r19("went down a {new} rabbit hole lately, it's all I think about"),
    r19("{new} is my new thing, can't get enough"),
    r19("honestly I'm kind of over {old} now", retire),
  ],
  dislike: [
    r19("I've started to really hate {new}, no idea why"),
    r19("ugh, {new}. can't stand it anymore"),
    r19('I used to hate {old} but now I actually like it', retire),
  ],
  plan: [
    r19('flights to {new} are booked for October!! ✈️'),
    r19("{old} fell through, so we're doing {new} over Christmas instead", replaces),
    r19("I'll be in {new} next month for a work conference."),
  ],
  name: [
    r19("Actually, it's {new}. {old} was a typo."),
    r19("the name change went through, I'm officially {new} now, please use that."),
  ],
  favorite_food: [
    r19('new fave food unlocked: {new} 🤤'),
    r19('ok {new} is officially my favourite food now, sorry {old}'),
    r19('These days my favorite thing to eat is {new}.'),
  ],
};

/** Distractors, per attribute: nothing in them is a fact about the user. */
export const ROUND_19_DISTRACTORS: Record<string, string[]> = {
  city: [
    'my sister just moved to {other}, she loves it',
    'should we move to {other}? my partner keeps bringing it up',
    'You mentioned {other} has great food, what else is there?',
  ],
  diet: ['my roommate went {other} last month and wont shut up about it', 'would going {other} help with my energy?'],
  job: ["if i ever quit i'd want to be a {other}", 'My dad was a {other} for 30 years.'],
  employer: [
    'my friend just got an offer from {other}, should she take it?',
    'a recruiter from {other} keeps messaging me on LinkedIn, should I reply?',
  ],
  phone: ["can you text {other} for me? it's my mom's number"],
  email: ["send the invoice to {other}, that's our accountant"],
  partner: ['my ex {other} texted me out of nowhere lol', 'My sister is dating a guy called {other}.'],
  pet: ["my neighbor's dog {other} barks all night", 'thinking of getting a cat, would {other} be a cute name?'],
  school: ['My cousin got into {other}!', 'do you think {other} has a good CS program?'],
  language: ['My grandma speaks {other} but never taught us', 'how hard is {other} to learn?'],
  allergy: ["my nephew's class banned {other} because of allergies, is that common?"],
  health: ['my dad was just diagnosed with {other}', 'what are the early signs of {other}?'],
  child: ["my best friend's baby {other} was born yesterday!"],
  like: ['my kids are obsessed with {other}', 'is {other} worth getting into?'],
  dislike: ["my wife can't stand {other}"],
  plan: [
    "my boss is going to {other} next week so I'm covering for her",
    "if the flights weren't so pricey I'd book {other} tomorrow",
  ],
  name: ["My sister's husband is called {other}.", 'Our new intern is called {other}.'],
  favorite_food: ["What's a good recipe for {other}?", "my boyfriend's favourite food is {other}"],
};
