/**
 * Distractors for the sentence shapes the rules learned with rounds 9 and 10 in view (labels,
 * noun phrases for verbs, "ex-" and "former", contact imperatives, a second change said with its
 * verb alone, "RIP"): the same shapes said of someone else, of a purpose, or as a question. They
 * were written with the shapes, so they count as `dev`. Placeholders as in the other suites.
 * @module
 */

/** Turns that must change nothing, per attribute (`{other}` is a third value). */
export const SHAPE_DISTRACTORS: Record<string, string[]> = {
  city: ["my sister's move to {other} is finished", 'Tom is a {other} resident now', 'Venue: {other}'],
  diet: [
    'my doctor put my dad on a {other} diet',
    'my flatmate is an ex-{other}, now eats everything',
    'Diet of the week at work: {other}?',
  ],
  job: ['my dad: ex-{other}, now retired', 'Her job: {other}'],
  employer: [
    'my brother quit {other}, joined a startup',
    'my husband is an employee of {other}',
    'Partner company: {other}',
  ],
  school: ["my son's transfer to {other} went through"],
  partner: ["{other} is my ex's new girlfriend", 'me and {other} went hiking on Sunday'],
  pet: ["my neighbour's new dog is called {other} now"],
  phone: ['use {other} for the office', "Our dentist's number: {other}"],
  allergy: ['no more {other} in the office kitchen, someone is allergic'],
  language: ['Language of the conference: {other}'],
  email: ['please use {other} from now on for support tickets', 'Her email: {other}'],
  name: ["my sister changed her name, it's {other} now", 'she prefers to be called {other}', "Boss's name: {other}"],
  favorite_food: ["{other} has overtaken pizza as my sister's favourite food"],
  like: ['my son is hooked on {other}', 'is he a big {other} fan?'],
  plan: ["my parents' {other} trip is cancelled"],
};
