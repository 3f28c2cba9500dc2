/**
 * Distractors of every kind written after the rules were tuned, the kind a user says in passing:
 * other people's facts, wishes and hypotheticals, questions, dreams and fiction, what someone else
 * said about the user. Scored once untouched (none read as a fact about the user), kept so no
 * later change starts reading them.
 */
import { describe, it } from 'vitest';
import { expectNoUserFacts } from '../support/facts/expect-facts.js';

const NOT_ABOUT_THE_USER = [
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

describe('facts rules: distractors written after tuning', () => {
  it.each(NOT_ABOUT_THE_USER)('states nothing about the user: %s', (text) => expectNoUserFacts(text));
});
