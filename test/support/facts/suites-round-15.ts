/**
 * The fifteenth set of phrasings (`split: 'round15'`): written after the rules were generalised
 * on rounds 12 to 14 (#34) and scored once, untouched, as the estimate for phrasings the rules
 * have not met. Its writer had read the rules by then, so it may lean towards what they read;
 * round 14's untouched figure (`suites-round-14.ts`) was written before. Never tuned on. Scored
 * once: 81.8% of its changes; then two pet phrasings that add a pet with "her name is" and
 * "called" were marked `addsItem` (the builder had scored them as renamings), and the distractor
 * "my daughter is called {other}", rightly read as the user's daughter, was made a neighbour's.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const r15 = (
  text: string,
  options: { retireOnly?: boolean; replacesOld?: boolean; addsItem?: boolean } = {},
): ChangePhrasing => ({
  split: 'round15',
  text,
  ...options,
});
const retire = { retireOnly: true };
/** A pet added, said with words the suite otherwise reads as a renaming ("her name is", "called"). */
const adds = { addsItem: true };

/** Changes, per attribute. */
export const ROUND_15_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r15("the movers came on tuesday so we're officially {new} people now"),
    r15('After 9 years in {old} I finally made the move to {new}.'),
    r15("we've been in {new} about two months, still learning the bus routes"),
    r15("I'm renting a flat in {new} now, way cheaper than {old}"),
  ],
  diet: [
    r15("I've been fully {new} since the new year, it's been easier than I expected"),
    r15('cut out everything and went {new} in April'),
    r15("as of this month I'm {new}, so no more {old} recipes please"),
  ],
  job: [
    r15('Got my first paycheck as a {new} today!'),
    r15("I changed careers, I'm a {new} now"),
    r15("left my {old} job in the spring and I've been working as a {new} since"),
  ],
  employer: [
    r15('started at {new} two weeks ago, onboarding is a lot'),
    r15("I'm working at {new} these days, left {old} in the summer"),
    r15('just accepted an offer at {new}, first day was Monday'),
  ],
  school: [
    r15("I'm a student at {new} now, transferred in the fall"),
    r15('started my degree at {new} this september'),
    r15('orientation week at {new} was so fun'),
  ],
  partner: [
    r15("{new} and I have been dating for a few months now, it's going really well"),
    r15('me and {old} broke up last month, still a bit sad', retire),
    r15('my fiancé {new} just planned our whole wedding lol'),
  ],
  pet: [
    r15('we adopted a {kind} last week! her name is {newName}', adds),
    r15('{oldName} died last weekend, we buried him in the garden', retire),
    r15("we've got a new {kind} called {newName}, she's 3 months old", adds),
  ],
  phone: [
    r15("got a new number, it's {new}"),
    r15('my cell is {new} now, the old one got cut off'),
    r15('text me at {new} from now on'),
  ],
  allergy: [
    r15("I'm apparently allergic to {new} too, found out at the doctor's last week"),
    r15('new allergy unlocked: {new}'),
    r15('my {old} allergy went away, I can eat it again', retire),
  ],
  language: [
    r15("I've started learning {new}, just the basics so far"),
    r15("I've been studying {new} for a year now"),
    r15("I'm taking an evening class in {new}"),
  ],
  email: [
    r15('my email is now {new}'),
    r15("i've switched to {new}, the old one is full of spam"),
    r15('new email: {new}, please update it'),
  ],
  name: [r15("I go by {new} now, it's what my friends call me"), r15('my name is {new} now, I changed it legally')],
  favorite_food: [
    r15('these days my favourite food is {new}'),
    r15("{new} is my new favourite, I can't stop eating it"),
  ],
  like: [
    r15("I've been really into {new} lately"),
    r15("honestly I'm not into {old} anymore", retire),
    r15('I love {new} now, never thought I would'),
  ],
  plan: [
    r15("we're going to {new} in September!"),
    r15('we cancelled {old}, the flights got too expensive', retire),
    r15("I'm visiting {new} next month for work"),
  ],
};

/** Turns that must change nothing, per attribute (`{other}` is a third value). */
export const ROUND_15_DISTRACTORS: Record<string, string[]> = {
  city: ['my best friend is moving to {other} next month, so sad', 'is {other} a good place to raise kids?'],
  diet: ['my husband is trying to go {other}, any tips for him?'],
  job: ['my brother just became a {other}'],
  employer: ['my cousin got a job at {other}'],
  school: ['my niece goes to {other}'],
  partner: ["my friend's new boyfriend is called {other}"],
  pet: ["my parents' {kind} {other} is getting old"],
  phone: ["my landlord's number is {other}"],
  allergy: ['my son is allergic to {other}, what should I pack for his lunch?'],
  language: ['my girlfriend speaks {other} with her family'],
  email: ["my manager's email is {other}"],
  name: ["my neighbour's daughter is called {other}"],
  favorite_food: ["my dad's favourite food is {other}"],
  like: ['my sister is obsessed with {other}'],
  plan: ['my in-laws are going to {other} this summer'],
};
