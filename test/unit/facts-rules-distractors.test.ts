/**
 * Distractors of every kind written after the rules were tuned, the kind a user says in passing:
 * other people's facts, wishes and hypotheticals, questions, dreams and fiction, what someone else
 * said about the user. Scored once untouched (none read as a fact about the user), kept so no
 * later change starts reading them.
 */
import { describe, expect, it } from 'vitest';
import { expectNoUserFacts, read } from '../support/facts/expect-facts.js';

const NOT_ABOUT_THE_USER = [
  "Translate 'I am a nurse and I live in Leeds' into French.",
  'She said "I am moving to Rome next month" and left.',
  "Proofread this: 'I work at Globex as a chef.'",
  'My roommate just moved to Chicago for work.',
  "If I ever win the lottery I'll buy a house in Malibu.",
  "Do you think I'd like living in Amsterdam?",
  "My husband's boss lives in Denver.",
  'Would it be weird if I moved to Alaska?',
  'Our neighbours adopted a puppy named Biscuit.',
  'My best friend is allergic to peanuts.',
  "Is it true that vegans don't get enough protein?",
  'My mom works at the hospital as a nurse.',
  'My brother speaks fluent Japanese.',
  "What's the best way to learn Korean?",
  'She said I should become a lawyer.',
  'My cousin just got engaged to Marco.',
  'In the novel, the hero lives in Prague.',
  'My coworker quit Google last week.',
  'Imagine if I were a pilot!',
  'My daughter wants to study at Oxford.',
  'I dreamt I lived in Paris.',
  "My dad's phone number is 555-0142.",
  "Can you tell me how to say 'I am a doctor' in French?",
  'My friend Sam is vegetarian.',
  'Should I get a cat or a dog?',
  "Maybe one day I'll live by the sea.",
  "My sister's cat Whiskers died.",
  'The assistant said I live in Rome.',
  "You mentioned I work at Apple, but that's wrong.",
  'My teacher grew up in Kenya.',
  "If I had a dog I'd call him Rocky.",
  'Our team lead moved to Berlin.',
  'My parents are retired teachers.',
  'Which city has the best pizza?',
  "My girlfriend's brother is a chef.",
  "Tom told me he's moving to Sydney.",
  "I wonder what it's like to work at NASA.",
  "My kids' school is in Brooklyn.",
  "Lisa is my sister's partner.",
  'My uncle drives a Tesla.',
  'When I was a kid I wanted to be an astronaut.',
  'People say Lyon is lovely in spring.',
  'My grandma used to live in Naples.',
];

/**
 * Distractors for the shapes added with the eighth phrasing set (gerund subjects, pseudo-clefts,
 * "to become", names changed, emails in the user's sentences, dashes before a name or a number,
 * trips given up, coming to like something, pets renamed by name, school and work "I'm at").
 */
const NEAR_THE_NEW_SHAPES = [
  'Living in Paris must be amazing.',
  'Being a nurse has been my dream since I was five.',
  'Rome is where my sister lives now.',
  'Is Berlin where you work?',
  'My friend switched careers to become a nurse.',
  'My dad changed his name to Robert last year.',
  "My sister's email is anna.b@gmail.com, she switched to it last year.",
  'Should I switch to sam@proton.me for email?',
  "My brother's new number - 555-0100.",
  'My sister is dating someone new - Tom.',
  'My parents cancelled their trip to Peru.',
  'My son has grown to love jazz.',
  'My wife got really into techno this year.',
  'We renamed Apollo to Phoenix, the project needed a fresh start.',
  'My daughter tested positive for a peanut allergy.',
  'My roommate is at Harvard now, she switched universities.',
  'My husband is a first year at MIT.',
  'My cousin Leo and I went to Rome.',
  'Learning Korean must be hard.',
  "I'm not going to lie, Lisbon was lovely.",
];

describe('facts rules: distractors written after tuning', () => {
  it.each(NOT_ABOUT_THE_USER)('states nothing about the user: %s', (text) => expectNoUserFacts(text));
  it.each(NEAR_THE_NEW_SHAPES)('states nothing about the user (new shapes): %s', (text) => expectNoUserFacts(text));
  it.each(['Yeah, our trip got off to a bad start.', 'The trip was off the charts!', 'Our trip is off.'])(
    'retires no plan it does not name: %s',
    (text) => expect(read(text).filter((c) => c.attribute === 'plan')).toEqual([]),
  );
});
