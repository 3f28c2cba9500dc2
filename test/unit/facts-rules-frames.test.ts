/**
 * The frame reader (src/facts/rules/frames/): a clause read as the user's subject, the words of
 * its predicate and a value, scored against the predicate lexicon. These sentences are shaped
 * unlike any pattern of the readers: they pass because their words point to one attribute, and
 * the same words said of someone else, asked, supposed, denied or said of the past do not.
 */
import { describe, expect, it } from 'vitest';
import { readFrames } from '../../src/facts/rules/frames/read-frames.js';
import { MAX_FRAME_CHARS } from '../../src/facts/rules/limits.js';
import { expectFacts, expectNoUserFacts } from '../support/facts/expect-facts.js';

const view = (text: string, turn = text) => ({
  text,
  correction: false,
  turnMentions: (topic: RegExp) => topic.test(turn),
  turnFind: (topic: RegExp) => topic.exec(turn) ?? undefined,
  date: () => undefined,
});

describe('facts: the frame reader', () => {
  it.each([
    ['after a decade in Leeds we finally relocated, Porto is our new home', 'city', 'Porto'],
    ['we rent a flat in Ghent', 'city', 'Ghent'],
    ['two weeks into my new job at Stripe and loving it', 'employer', 'Stripe'],
    ['Globex is my new employer', 'employer', 'Globex'],
    ['doing a masters at Aalto these days', 'school', 'Aalto'],
    ['I have been seeing Ines for a while', 'partner', 'Ines'],
    ['number changed, text me on 0612 345 678', 'phone', '0612 345 678'],
    ["I'm fully keto now", 'diet', 'keto'],
    ['picking up Japanese on duolingo', 'language', 'Japanese'],
    ['allergic to pollen now too, ugh', 'allergy', 'pollen'],
    ['I can no longer eat shellfish, turns out I am allergic', 'allergy', 'shellfish'],
    ["I'm obsessed with ramen now, it's my favorite food.", 'favorite_food', 'ramen'],
    ['got promoted out of being an accountant - chef now!', 'job', 'chef'],
    ["I'm super into RPGs these days", 'like', 'RPGs'],
  ])('reads %j as %s = %s', (text, attribute, value) => {
    expectFacts(text, [[attribute, value]]);
  });

  it('reads a piece with no subject of its own as the user, and the change in the piece after a denial', () => {
    expect(readFrames(view('first week at Accenture done'))).toEqual([
      { attribute: 'employer', value: 'Accenture', kind: 'state', dated: true },
    ]);
    expect(readFrames(view('no meat for me anymore, full pescatarian now'))).toEqual([
      { attribute: 'diet', value: 'pescatarian', kind: 'state', dated: true },
    ]);
  });

  it('reads an ellipsis only in a turn about the same attribute', () => {
    expect(readFrames(view('chef now!', 'got promoted, chef now!')).map((p) => p.value)).toEqual(['chef']);
    expect(readFrames(view('chef now!', 'what a dinner. chef now!'))).toEqual([]);
  });

  it.each([
    'my brother relocated to Porto',
    'she is obsessed with kimchi',
    'my sister is seeing Ines',
    "my colleague's number is 0612 345 678",
    'my vegan friends love this place',
    'Berlin is so expensive, my friend lives there',
    'Is Ghent nice to live in?',
    'If I moved to Ghent I would cycle',
    'Half my team is allergic to cats.',
    "Tom's fav food: paella",
    "I'm flying to Vienna for a wedding.",
    'We drove through Prague on the way home.',
    'I have a call with SAP tomorrow about a possible job.',
    'I made vegan ice cream for the party',
    'Allergies can be tough.',
    'I joined a mentorship program for LGBTQ youth',
    "I don't live in Ghent anymore",
    'I was supposed to join Google but it fell through',
    'we stayed in Florence for a week, what a trip',
    'email the team at team@acme.example about it',
    'I work with a lot of people from Accenture',
    'my daughter starts at Yale in the fall',
    'the office number is 0800 123 4567 if you need it',
    'reading a book about a chef who moved to Tokyo',
    'a friend of mine just got a job at Spotify',
    'wondering whether to move to Lisbon or Porto',
  ])('states nothing about the user in %j', (text) => {
    expectNoUserFacts(text);
  });

  // Each of these is read by the frame reader without its guard (frame-guard.ts).
  it.each([
    "my office's number is 555-0142",
    "our dog's vet number is 0612 345 678",
    'we talked about moving to Lisbon',
    'we decided against moving to Porto',
    'The hero of my book lives in Porto',
    'The lead in my play works at Stripe',
  ])("leaves %j unread: someone else's subject, or a plan talked over", (text) => {
    expect(readFrames(view(text))).toEqual([]);
  });

  it('reads the first MAX_FRAME_CHARS characters of a turn, so a long paste costs the patterns alone past them', () => {
    const said = 'after a decade in Leeds we finally relocated, Porto is our new home.';
    const pad = (n: number) => 'The weather was nice. '.repeat(Math.floor(n / 22));
    expectFacts(`${pad(MAX_FRAME_CHARS - said.length - 10)} ${said}`, [['city', 'Porto']]);
    expectNoUserFacts(`${pad(MAX_FRAME_CHARS + 22)} ${said}`);
  });

  it('reads a favourite of another kind as that kind, never as a food', () => {
    expect(readFrames(view('Harry Potter is my favorite book.'))).toEqual([]);
    expect(readFrames(view('Garlic is my go-to ingredient'))).toEqual([]);
  });

  it('takes the value a change names as replaced ("from X to Y")', () => {
    const [p] = readFrames(view('we relocated from Leeds to Porto'));
    expect(p).toMatchObject({ attribute: 'city', value: 'Porto', replaces: 'Leeds' });
  });
});
