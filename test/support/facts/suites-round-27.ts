/**
 * The twenty-seventh set of phrasings (`split: 'round27'`): written with the twenty-eighth, from the
 * issue and the scenario format alone, without reading the extractor, each phrasing under 0.6 word
 * overlap with every earlier set, and scored once untouched (#34). Changes over the eighteen
 * attributes of the suite as a user of a chat app types them months later (a quick update before a
 * request, "not anymore", "from now on", "these days", moves, break-ups, new pets and babies), and
 * distractors of every kind the issue names: questions, other people's facts, hypotheticals and the
 * assistant's words.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const r27 = (
  text: string,
  options: { retireOnly?: boolean; replacesOld?: boolean; addsItem?: boolean } = {},
): ChangePhrasing => ({
  split: 'round27',
  text,
  ...options,
});
const retire = { retireOnly: true };
const replaces = { replacesOld: true };
const adds = { addsItem: true };

/** Changes, per attribute of the suite. */
export const ROUND_27_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r27('Quick update before we start: I moved to {new} in the summer, so use that for anything local.'),
    r27("oh btw i'm not living in {old} anymore, moved to {new} in july"),
    r27(
      'We finally did it, sold the flat in {old} and bought a place in {new}. Still unpacking boxes! ' +
        'Can you suggest some plants for a north-facing balcony?',
    ),
    r27('Been living in {new} for about two months now and the weather is a real adjustment.'),
  ],
  diet: [
    r27("I'm {new} these days, I stopped being {old} around Christmas."),
    r27("Just so you know, I'm no longer {old}. I've been {new} since the spring and feel great."),
    r27("can you redo my grocery list? i'm {new} now"),
  ],
  job: [
    r27('Big news: I quit being a {old} and got a job as a {new}!'),
    r27('These days I work as a {new}, so my resume needs a full rewrite.'),
    r27("After ten years as a {old} I changed careers. I'm a {new} now and honestly loving it."),
  ],
  employer: [
    r27("I started at {new} on Monday, so I'm officially done with {old}."),
    r27('For context, my employer is {new} now. I handed in my notice at {old} in April.'),
    r27("Switched jobs last month, I'm at {new} now. Can you help me prep for my first performance review?"),
  ],
  phone: [
    r27("I got a new phone number: {new}. The old one doesn't work anymore."),
    r27('oh and my phone number is different now, text me on {new}'),
    r27('Please update my contact info, my cell is {new} from now on.'),
  ],
  email: [
    r27('heads up, {old} is dead to me. anything for me goes to {new} now'),
    r27("I've moved to a new email address: {new}"),
  ],
  partner: [
    r27("{old} and I split in the winter. I've been seeing {new} for a few months and I'm really happy."),
    r27("I'm with {new} now, we got together in the spring."),
    r27(
      "Can you help me plan a surprise birthday for {new}? We've been together six months now, ever since " +
        '{old} and I ended things.',
    ),
  ],
  pet: [
    r27('Sad news, {oldName} passed away in March. We adopted a new {kind} last week, her name is {newName}.'),
    r27('We got another {kind}! His name is {newName}, and {oldName} loves him already.', adds),
    r27('Our {kind} is called {newName} now, the kids insisted on renaming {oldName}.', replaces),
  ],
  school: [
    r27('Update on uni: I left {old} after first year and transferred to {new}.'),
    r27("I'm at {new} now for my PhD, can you help me find housing near campus?"),
  ],
  language: [
    r27("After a year of lessons I'm finally conversational in {new}!"),
    r27('i speak {new} now as well, took classes all winter'),
  ],
  allergy: [
    r27("ugh, just had an allergic reaction to {new}. so that's another allergy for me."),
    r27("My allergist says I've outgrown my {old} allergy.", retire),
  ],
  health: [
    r27("A specialist confirmed {new} for me a few weeks ago, so I'm adjusting my routine around it."),
    r27("I don't have {old} anymore, the treatment worked.", retire),
  ],
  child: [
    r27("{newName} arrived in August, so we're a family of four now and over the moon."),
    r27("Little {newName} was born two weeks ago, so I'm running on no sleep."),
  ],
  like: [
    r27('My latest obsession is {new}, I spend half my weekends on it.'),
    r27('Weirdly, {new} has become one of my favourite things this year.'),
  ],
  dislike: [
    r27("I can't stand {new} anymore, not sure what changed."),
    r27('I used to tolerate {new} but these days I really dislike it.'),
  ],
  plan: [
    r27("Booked it! We're off to {new} in April, first holiday in ages."),
    r27("We called off the {old} trip and we're doing {new} instead.", replaces),
    r27("Next summer I'm going to {new}, flights are booked."),
  ],
  name: [
    r27("Please call me {new} from now on, I've never really liked {old}."),
    r27('these days my friends all know me as {new}'),
    r27("fyi it's {new} now, nobody's called me {old} in years"),
  ],
  favorite_food: [
    r27("If you asked me my favorite dish now I'd say {new}, hands down."),
    r27("{old} was always my go-to meal, but lately I'd pick {new} over anything."),
  ],
};

/** Distractors, per attribute: nothing in them is a fact about the user. */
export const ROUND_27_DISTRACTORS: Record<string, string[]> = {
  city: [
    'My sister just moved to {other} for work, any tips I can pass on to her?',
    'Which museums in {other} are worth the ticket price?',
  ],
  diet: [
    "My girlfriend's mom is {other}, can you suggest a main course she'd eat?",
    'Is a {other} diet actually healthy or just a trend?',
  ],
  job: ['My dad was a {other} his whole life.', 'How many years of training does it take to become a {other}?'],
  employer: [
    'Have you heard anything about the work culture at {other}?',
    "A friend of mine has an offer from {other} and can't decide, what would you weigh?",
  ],
  phone: ['I keep getting missed calls from {other}, any idea who that could be?'],
  email: ["Draft a polite reply to {other} saying I can't make the meeting."],
  partner: [
    "I'm giving a toast at {other}'s wedding next month, help me write it?",
    'What if I asked {other} out, would that be weird?',
  ],
  pet: [
    'The dog next door, {other}, howls every time the mail comes.',
    'thinking about names for a puppy someday, is {other} too common?',
  ],
  school: ['Do you think a degree from {other} still opens doors?'],
  language: ['Which is harder for an English speaker, {other} or Russian?'],
  allergy: ['My son might be allergic to {other}, what are the signs?'],
  health: ['My mom was just diagnosed with {other}, how can I support her?'],
  child: ['A colleague just told me her newborn is called {other}, is that name getting popular?'],
  like: ['You said earlier that {other} helps with stress, is there any research on that?'],
  dislike: ["My husband can't stand {other}, how do I get him to give it a chance?"],
  plan: ['My in-laws fly to {other} in October, what should they pack?', "What's the visa situation for {other}?"],
  name: ['My niece wants everyone to call her {other} now.'],
  favorite_food: ["What's the difference between real {other} and the frozen kind?"],
};
