/**
 * The eleventh set of phrasings (`split: 'round11'`): written before the rules were generalised
 * with rounds 9 and 10 in view, and scored once after that, untouched; no rule was changed for
 * it. Its figure is the estimate of how the rules read phrasings they have never met.
 * Placeholders as in the other suites.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const r11 = (text: string, options: { retireOnly?: boolean; replacesOld?: boolean } = {}): ChangePhrasing => ({
  split: 'round11',
  text,
  ...options,
});
const retire = { retireOnly: true };

/** Changes, per attribute. */
export const ROUND_11_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r11('home is {new} now, {old} feels like ages ago'),
    r11('We finally made the jump to {new} in March.'),
    r11('officially a {new} local 😎'),
    r11("I'm settled in {new} these days."),
    r11('our new address is in {new}'),
  ],
  diet: [
    r11('been strictly {new} since january'),
    r11("Quick update: I'm not {old} anymore, I went {new}."),
    r11("We've switched the whole household to a {new} diet."),
    r11('no meat for me anymore, full {new} now'),
  ],
  job: [
    r11('started my new role as a {new} on monday'),
    r11('These days I work as a {new}.'),
    r11('got promoted out of being a {old} - {new} now!'),
    r11('retrained as a {new} after years as a {old}'),
  ],
  employer: [
    r11('first week at {new} done 💪'),
    r11("I've been with {new} since the spring."),
    r11('handed in my notice at {old}, starting at {new} next week'),
    r11('My new company is {new}.'),
  ],
  school: [
    r11('got accepted to {new} and started this autumn'),
    r11("I'm a {new} student now."),
    r11('dropped out of {old}, now at {new}'),
    r11("I'm doing my master's at {new} now."),
  ],
  partner: [r11('{old} and I broke up 💔', retire), r11("I'm seeing {new} now."), r11('my fiancé {new} says hi')],
  pet: [
    r11('say hello to {newName}, our new {kind}!'),
    r11('We had to put {oldName} down last month.', retire),
    r11('just got a {kind}, {newName} 🥰'),
  ],
  phone: [
    r11('updated my number: {new}'),
    r11('my cell is {new} now'),
    r11('new phone, new number - {new}'),
    r11("{old} isn't my number anymore, it's {new}"),
  ],
  allergy: [
    r11('Just found out I am allergic to {new}.'),
    r11('my {old} allergy is gone after treatment', retire),
    r11('allergic to {new} now too, ugh'),
    r11('I can no longer eat {new}, turns out I am allergic'),
  ],
  language: [
    r11('picking up {new} on duolingo'),
    r11('I enrolled in a {new} course.'),
    r11('been learning {new} for a month'),
  ],
  email: [r11('reach me at {new} now'), r11('email me at {new} going forward'), r11('my address changed to {new}')],
  name: [
    r11('Call me {new} from now on.'),
    r11("I've gone back to {new}."),
    r11('please use {new} as my name, not {old}'),
  ],
  favorite_food: [r11("nothing beats {new} for me now, it's my favourite"), r11('new favourite food: {new}')],
  like: [r11("I'm obsessed with {new} lately."), r11("Honestly I'm done with {old}.", retire)],
  plan: [r11("We've booked a trip to {new} for October."), r11('The {old} holiday is off.', retire)],
};

/** Turns that must change nothing, per attribute (`{other}` is a third value). */
export const ROUND_11_DISTRACTORS: Record<string, string[]> = {
  city: ['would you rather live in {other} or here?', 'my cousin finally moved to {other}'],
  diet: ['my girlfriend went {other} last month'],
  job: ['if I were a {other} I would earn more'],
  employer: ['my dad retired from {other}'],
  school: ['my niece got into {other}!'],
  partner: ['my friend is seeing {other} now'],
  pet: ["our neighbours' {kind} {other} keeps barking"],
  phone: ["my mum's new number is {other}"],
  allergy: ['can you be allergic to {other}?'],
  language: ['I wish I could speak {other}.'],
  email: ["my colleague's email is {other}"],
  name: ['my daughter wants to be called {other}'],
  favorite_food: ["what's the best {other} in town?"],
  like: ['my son is obsessed with {other}'],
  plan: ['should we go to {other} next year?'],
};
