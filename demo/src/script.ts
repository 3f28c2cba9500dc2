/**
 * The scripted conversation "auto-play" sends: a trip being planned, with names, numbers and
 * decisions early on that later questions ask about again, after they have been summarized.
 * @module
 */

/** The user turns, in order; auto-play continues from where the session is. */
export const SCRIPT: readonly string[] = [
  "Hi! I'm planning a trip to Lisbon with my sister Marta.",
  'My name is Ada, by the way.',
  'We want to go in October, for 5 nights.',
  'Our budget is 1800 euros in total.',
  'What is 1800 / 5?',
  'Flights from Berlin cost about 240 euros each.',
  'What is 240 * 2?',
  'Marta is vegetarian, so restaurants need veggie options.',
  'I would like a hotel in Alfama, close to the tram 28 line.',
  'The hotel Memmo Alfama is 190 euros per night.',
  'What is 190 * 5?',
  'We also want a day trip to Sintra to see Pena Palace.',
  'The train to Sintra is 2.40 euros each way.',
  'What is 2.4 * 4?',
  'Just checking: what is 100 / 0?',
  'What is 1800 - 480 - 950 - 9.6?',
  "Let's keep 200 euros for food and a fado night.",
  "Marta's birthday is on October 14, so we plan a dinner that day.",
  'What did I say about vegetarian options?',
  'What was our budget?',
  'What is my name?',
  'Which hotel did we pick?',
  'Thanks, that is the plan!',
];

/** The next `count` scripted turns after `done` turns, wrapping around. */
export function scriptTurns(done: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => SCRIPT[(done + i) % SCRIPT.length]!);
}
