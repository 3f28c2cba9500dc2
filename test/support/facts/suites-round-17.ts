/**
 * The seventeenth set of phrasings (`split: 'round17'`): written from the issue, the attribute
 * registry and the scenario format alone, before the rules or any earlier set were read for it,
 * and scored once untouched before any rule changed (#34); then tuned on, by cause. Changes over
 * the eighteen attributes of the suite in the registers chat users write in (terse, long and
 * rambling, a correction, a change said in passing inside a request), and distractors of every
 * kind the issue names: questions, hypotheticals and wishes, reported speech, other people's
 * facts, fiction, and text written for someone else.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const r17 = (
  text: string,
  options: { retireOnly?: boolean; replacesOld?: boolean; addsItem?: boolean } = {},
): ChangePhrasing => ({
  split: 'round17',
  text,
  ...options,
});
const retire = { retireOnly: true };
const replaces = { replacesOld: true };
const adds = { addsItem: true };

/** Changes, per attribute of the suite. */
export const ROUND_17_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r17('Quick update on my end: we finally packed up the whole flat, so as of last weekend home is {new}.'),
    r17("After six years in {old} I've relocated to {new} for my partner's job. Still unpacking boxes lol"),
    r17('not in {old} anymore btw, living in {new} since march'),
    r17("Can you recommend some running routes? I just moved to {new} and don't know the area at all."),
    r17('Correction to what I told you before: I am based in {new}, not {old}. {old} is where my parents are.'),
    r17(
      'Long story short, the lease in {old} ended, the rent was insane, and now I rent a small place in {new} with two roommates.',
    ),
  ],
  diet: [
    r17("I've gone fully {new} since January, so keep that in mind for recipes."),
    r17("Update: I stopped being {old} a while ago. These days I'm {new}."),
    r17('I was {old} for about three years but I switched to a {new} diet after talking to my doctor.'),
    r17('Heads up for meal plans - {new} now, no longer {old}.'),
  ],
  job: [
    r17("I left my job as a {old} in the spring and retrained; I'm working as a {new} now."),
    r17('Started my new job as a {new} on Monday!'),
    r17("I'm no longer a {old}. I made the jump and now do freelance work as a {new}."),
    r17('My title changed from {old} to {new} when I switched teams.'),
  ],
  employer: [
    r17('Last day at {old} was Friday, and I started at {new} on Monday.'),
    r17("I got poached by {new}, so I'm not at {old} anymore."),
    r17('So I work for {new} now. The recruiter reached out in May and the offer was too good to pass on.'),
    r17('I handed in my notice at {old} and joined {new} as of this month.'),
  ],
  phone: [
    r17("My number changed, it's {new} now"),
    r17('Please update my contact info: new mobile is {new}. The {old} one is disconnected.'),
    r17('got a new phone plan so my number is different: {new}'),
    r17("You can reach me at {new} from now on, I don't use {old} anymore."),
  ],
  partner: [
    r17("{old} and I separated last year. I've been dating {new} for a few months now and it's going really well."),
    r17('My partner {new} and I just got back from a weekend on the coast, it was lovely.'),
    r17("Broke up with {old} in the summer. Now I'm with {new}."),
    r17("I'm engaged!! {new} proposed last night and I said yes."),
  ],
  pet: [
    r17('We adopted another {kind} last week, {newName}, and {oldName} is still getting used to sharing the couch.'),
    r17(
      'Sadly {oldName} passed away in April. We got a new {kind} from the shelter last month, her name is {newName}.',
    ),
    r17('we rescued a little {kind} called {newName}!', adds),
    r17("My {kind}'s name is {newName} now, the kids insisted on changing it from {oldName}."),
  ],
  school: [
    r17("I transferred to {new} this semester, {old} just wasn't the right fit."),
    r17("I'm doing my master's at {new} now after finishing my bachelor's at {old}."),
    r17('Got accepted to {new} and started in September, so goodbye {old}.'),
  ],
  language: [
    r17("I've been learning {new} for about a year and can hold a basic conversation now."),
    r17('Besides {old}, I now also speak {new} pretty well since living abroad.'),
    r17("I've lost most of my {old}, can't really speak it anymore, but I'm fluent in {new} these days.", replaces),
  ],
  allergy: [
    r17("Found out at the allergist that I'm allergic to {new} too."),
    r17("I'm not allergic to {old} anymore, apparently I outgrew it. Tested negative last week.", retire),
    r17('New allergy unlocked: {new}. Had a reaction at a restaurant and the ER doc confirmed it.'),
  ],
  email: [
    r17('My email is {new} now, the old one is shut down.'),
    r17('Switched email providers - reach me at {new} instead of {old}.'),
    r17('use {new} for anything going forward pls'),
  ],
  name: [
    r17("I'd rather you call me {new} from now on, I've outgrown {old}."),
    r17('I legally changed my name to {new} last month.'),
    r17("It's {new}, actually, not {old}. Everyone gets that wrong."),
  ],
  favorite_food: [
    r17("Hands down my favorite food these days is {new}. {old} used to be number one but I've overdone it."),
    r17("my new favourite meal is {new}, can't get enough"),
    r17("I used to say {old} was my favorite but honestly it's {new} now."),
  ],
  like: [
    r17("I've really gotten into {new} lately."),
    r17("I don't like {old} anymore, these days I'm all about {new}.", replaces),
    r17("Lately I love {new}, it's become a big part of my week."),
  ],
  plan: [
    r17('We just booked flights to {new} for next May!'),
    r17("Change of plans: the {old} trip is cancelled and we're going to {new} in October instead.", replaces),
    r17("I'm planning to visit {new} next summer with my sister."),
    r17("We're not doing {old} this year anymore, money's tight.", retire),
  ],
  child: [
    r17('Big news: our second baby, {newName}, was born on the 3rd!'),
    r17('We welcomed {newName} into the family in June, {oldName} is loving being a big sibling.'),
    r17('I have two kids now, {oldName} and {newName}.'),
  ],
  health: [
    r17("Got diagnosed with {new} last month so I'm still figuring out how to manage it."),
    r17("I don't have {old} anymore, the new treatment cleared it up completely.", retire),
    r17('My doctor says I have {new} now, on top of my {old}.'),
  ],
  dislike: [
    r17("I can't stand {new}, just thought you should know for recommendations."),
    r17("Weirdly I don't mind {old} anymore, my tastes have changed.", retire),
    r17('Add {new} to the list of things I hate.'),
  ],
};

/** Distractors, per attribute: nothing in them is a fact about the user. */
export const ROUND_17_DISTRACTORS: Record<string, string[]> = {
  city: [
    'My brother just moved to {other} and keeps sending me photos.',
    'If I ever moved to {other}, which neighbourhood would you pick?',
    'Is {other} expensive to live in?',
  ],
  diet: ['My roommate went {other} and now the fridge is a mess.', 'Should I try going {other} for a month?'],
  job: ['My dad always wanted me to become a {other}.', 'What does a {other} earn on average?'],
  employer: [
    "A recruiter from {other} messaged me on LinkedIn but I'm not interested.",
    'My best friend works at {other} and loves it.',
  ],
  phone: [
    "My mom's new number is {other}, can you save it in the note?",
    'Is {other} a scam number? It keeps calling.',
  ],
  partner: [
    'My sister is dating a guy named {other} and none of us like him.',
    'Write a short toast for a couple named {other} and Alex for their wedding.',
  ],
  pet: ["My neighbour's dog {other} barks all night.", 'If I got a kitten, would {other} be a cute name?'],
  school: ['My cousin got into {other}, the whole family is thrilled.', 'How hard is it to get into {other}?'],
  language: ['How long would it take to learn {other}?'],
  allergy: ['My coworker is allergic to {other}, what can I bake for the office party?'],
  email: ["Send the invoice to {other}, that's the accounting team's address."],
  name: ['The main character in my novel is called {other}.'],
  favorite_food: ["My best friend's favourite food is {other}, any restaurant ideas for her birthday?"],
  like: ['Do you think I would like {other}?'],
  plan: ['We talked about going to {other} but decided it is too far.'],
  child: ["My neighbour's son {other} plays with the other kids on our street."],
  health: ['My dad was just diagnosed with {other}.'],
  dislike: ['My friend hates {other}, so I will skip it at the party.'],
};
