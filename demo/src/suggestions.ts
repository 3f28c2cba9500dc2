/**
 * The messages the chat offers a newcomer to try: a fact to remember, a calculation (a tool
 * call), and a question recall answers. Plain sentences only: the playground is a first
 * impression, and its HTML escaping is covered by the tests, not by the chips.
 * @module
 */

/** The suggestion chips under the chat, in order. */
export const SUGGESTIONS: readonly string[] = [
  'My name is Ada.',
  'What is 17 * 23 + 4?',
  'What is my name?',
  'My dog is called Pixel.',
];
