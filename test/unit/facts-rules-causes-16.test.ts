/**
 * The rule extractor on the causes of misses found in round 16 of the knowledge-update suite
 * (#34), each fixed in general form and checked here with phrasings of its own (not the
 * suite's): health conditions said with a longer verb, an active diagnosis or a condition gone;
 * dislikes come to, given as a verdict or given up; couples who moved in together or broke it
 * off, someone new named after "now"; children named by their arrival or after "our"; contact
 * details given as the best way to reach the user, as what to send things to, or asked to be
 * updated; pets named later by anyone or mourned; a name asked for while another is given up,
 * or changed legally and said with "it"; a known role the user started as; a favourite said with "it … now" after the former one.
 * Every shape has turns that state nothing about the user beside it.
 */
import { describe, it } from 'vitest';
import { expectFacts, expectNoUserFacts, type Expected } from '../support/facts/expect-facts.js';

const STATED: [string, Expected[]][] = [
  // Health: "have" no longer ends the match of a longer verb; a condition with a verb the gate lacked.
  ["I've had eczema for as long as I can remember", [['health', 'eczema']]],
  ["I've been struggling with insomnia since the baby came", [['health', 'insomnia']]],
  ['I deal with tinnitus most days', [['health', 'tinnitus']]],
  // Health: whoever diagnosed, the user has it; a condition of the user's that is gone.
  ['my GP diagnosed me with hypothyroidism in June', [['health', 'hypothyroidism']]],
  ['good news, my psoriasis cleared up over the summer', [['health', 'psoriasis', 'retire']]],
  ['my vertigo went away after the physio', [['health', 'vertigo', 'retire']]],
  // Dislikes: come to, as a verdict, given up.
  ["I've started to hate traffic since the new job", [['dislike', 'traffic']]],
  ['board games are not my thing, sorry', [['dislike', 'board games']]],
  ['karaoke is a hard no for me', [['dislike', 'karaoke']]],
  ["I don't mind coriander anymore, my tastes changed", [['dislike', 'coriander', 'retire']]],
  ["I've made peace with country music", [['dislike', 'country music', 'retire']]],
  // Partners: moved in together, broke it off, someone new named after "now".
  ['Priya and I moved in together in the spring', [['partner', 'Priya']]],
  ['me and Jonas finally moved in together!', [['partner', 'Jonas']]],
  ['Jonas and I broke it off a while ago', [['partner', 'Jonas', 'retire']]],
  ["I'm dating someone new now, Elif, she's lovely", [['partner', 'Elif']]],
  // Children: by their arrival, or "our" before the kin word.
  ['we welcomed our first baby, Rosa, two weeks ago', [['child', 'baby named Rosa']]],
  ["we're parents now, little Ivo arrived on Friday", [['child', 'child named Ivo']]],
  ['our son Tariq starts nursery next week', [['child', 'son named Tariq']]],
  // Contact: the best way to reach the user, what to send things to, a request to update it.
  ['easiest way to contact me is 555-0144', [['phone', '555-0144']]],
  ['the best email for me is now ren@post.example', [['email', 'ren@post.example']]],
  ['send messages to ren@post.example from now on', [['email', 'ren@post.example']]],
  ['could you change my number to 555-0177 please?', [['phone', '555-0177']]],
  // Pets: a name given later by anyone in the family; a loss said only with words a pet's loss takes.
  ['we brought home a puppy and my son named her Waffle', [['pet', 'puppy named Waffle']]],
  ['RIP Pepper, we had to put her to sleep this morning', [['pet', 'Pepper', 'retire']]],
  // Names: one asked for while another is given up in the turn; a name said with "it" and a legal change.
  ['just call me Alex, nobody at work calls me Alexandra', [['name', 'Alex', 'state', { replaces: 'Alexandra' }]]],
  ["it's Sasha now, I officially changed it last spring", [['name', 'Sasha']]],
  // Work: a known role the user started as.
  ['started as a paramedic last month, nights are rough', [['job', 'paramedic']]],
  // Favourites: a former one said in the turn, the new one said with "it … now".
  ['gnocchi used to be my favourite food, but it is totally pho now', [['favorite_food', 'pho']]],
];

const NOT_MINE: string[] = [
  // Health of others, or asked about.
  'my uncle has had eczema for years',
  'my dad was diagnosed with tinnitus',
  "my sister's vertigo went away",
  'can insomnia be cured?',
  // Dislikes of others; "don't mind" without a change.
  'my husband has started to hate traffic',
  "I don't mind either way",
  'is karaoke a no for you?',
  // Couples that are not the user's; names that arrive but are no child.
  'my sister and Ben moved in together',
  'Jonas arrived late to the party',
  "my cousin's baby Rosa was born yesterday",
  'her son Tariq was born in May',
  // Contact details of others, or asked about.
  'the best way to reach my landlord is 555-0144',
  "could you change my dad's number to 555-0177?",
  'could you change my number to something easier to remember?',
  // Pets of others; a mourning with no pet in it; a day that is no name; "it … now" with no former favourite.
  'my neighbour got a kitten and they named her Waffle',
  'RIP to my old laptop, it finally died',
  "it's Friday now, I officially changed it",
  'my favourite food is great, but it is late now',
  // A role that is no job; someone else's start.
  'it started as a joke between us',
  'my brother started as a paramedic last month',
];

describe('facts rules: causes of round 16 misses, fixed in general form', () => {
  it.each(STATED)('%s', (text, expected) => expectFacts(text, expected));
  it.each(NOT_MINE)('states nothing about the user: %s', (text) => expectNoUserFacts(text));
});
