/**
 * The rule extractor on the causes of misses found in round 17 of the knowledge-update suite
 * (#34), each fixed in general form and checked here with phrasings of its own (not the
 * suite's): clause boundaries (a subjectless statement or a remark to the listener after a
 * comma), a subject put back before irregular pasts and "now" with a present verb, reporting
 * verbs used as actions ("insisted on"), a finding before its complement ("found out … that I"),
 * labels changed "from X to Y" or "different", contacts to use "for anything going forward",
 * hired away ("poached by"), a pet mourned after a sentence adverb or renamed "from" its old
 * name, a partner named after a break-up or by a proposal, children welcomed or listed after
 * their count, a favourite dish without its category, "all about", a plan given up named by its
 * object, and an item added to a list of the user's own. Every shape has turns that state nothing
 * about the user beside it.
 */
import { describe, expect, it } from 'vitest';
import { expectFacts, expectNoUserFacts, read, type Expected } from '../support/facts/expect-facts.js';

const STATED: [string, Expected[]][] = [
  // Clauses: a subjectless statement after a comma is read on its own.
  ['left Oslo in the spring, living in Bergen these days', [['city', 'Bergen']]],
  ['gave notice at the bakery, working at Zenfood now', [['employer', 'Zenfood']]],
  ["I'm allergic to kiwi, just thought you should know before you suggest recipes", [['allergy', 'kiwi']]],
  // Subjects: irregular pasts and "now" with a present verb.
  ['Split from Marco over the winter.', [['partner', 'Marco', 'retire']]],
  ['quit the bank job. now teach yoga as a yoga instructor full time', [['job', 'yoga instructor']]],
  ['now live in Porto with my cousin', [['city', 'Porto']]],
  // Reporting verbs used as actions do not make a clause reported.
  ["I'm vegetarian now, my wife insisted on cutting out meat at home", [['diet', 'vegetarian']]],
  // A finding before its complement.
  ['learned at my checkup that I have asthma', [['health', 'asthma']]],
  ['discovered last week that I am allergic to sesame', [['allergy', 'sesame']]],
  // Labels changed from one value to another, or said to be different.
  [
    'my job title changed from analyst to team lead last quarter',
    [['job', 'team lead', 'state', { replaces: 'analyst' }]],
  ],
  ['my mobile is different now: 555-0166', [['phone', '555-0166']]],
  [
    'email changed from kim@old.example to kim@new.example',
    [['email', 'kim@new.example', 'state', { replaces: 'kim@old.example' }]],
  ],
  // Contacts to use for everything from now on.
  ['use 555-0188 for everything moving forward', [['phone', '555-0188']]],
  ['pls use ada@mail.example for all of it going forward', [['email', 'ada@mail.example']]],
  // Hired away.
  ['I was headhunted by Vantora in May', [['employer', 'Vantora']]],
  ['got snapped up by Nordlys after the internship', [['employer', 'Nordlys']]],
  // Pets mourned after a sentence adverb; renamed from an old name.
  ['Unfortunately Pickle died last week, she was fifteen', [['pet', 'Pickle', 'retire']]],
  [
    "our cat's name is Juno now, we changed it from Mittens",
    [['pet', 'cat named Juno', 'state', { replaces: 'Mittens' }]],
  ],
  // A partner after a break-up; the one who proposed when the user got engaged.
  ['Things with Dev ended in March. I am with Sam now.', [['partner', 'Sam']]],
  ['we got engaged!! Ruth proposed on the beach', [['partner', 'Ruth']]],
  // Children welcomed into the family or listed after their count.
  ['We just welcomed Aria into the world', [['child', 'child named Aria']]],
  [
    'I have three kids now: Ada, Ben and Cleo',
    [
      ['child', 'kid named Ada'],
      ['child', 'kid named Cleo'],
    ],
  ],
  // A favourite dish said without its category.
  ['lasagna was my favourite for ages, but it is pho now', [['favorite_food', 'pho']]],
  // "all about", "big on".
  ["I'm all about bouldering lately", [['like', 'bouldering']]],
  ["I'm really big on podcasts these days", [['like', 'podcasts']]],
  // A plan given up, named by its object.
  ["we're not going to Iceland in June after all", [['plan', 'Iceland', 'retire']]],
  // An item added to a list of the user's own.
  ['add celery to the list of things I hate', [['dislike', 'celery']]],
  ['please put mangoes on my list of foods I love', [['like', 'mangoes']]],
  // Plans: a trip booked (dated or not), a trip in the present tense with a date ahead, a holiday as the date.
  ['just booked a cheap getaway to Malta', [['plan', 'booked a cheap getaway to Malta']]],
  ['In two weeks I fly to Nairobi for the conference', [['plan', 'fly to Nairobi for the conference (2024-09-24)']]],
  ["we'll be in Vienna over New Year's", [['plan', 'be in Vienna (2025-01-01)']]],
  // Break-ups said as being done or over; a birth given by the user's partner.
  ['Priya and I are over, it ended in May', [['partner', 'Priya', 'retire']]],
  ['my girlfriend gave birth to Tomas on Sunday', [['child', 'child named Tomas']]],
  // A verdict on a thing; a favourite said after the like.
  ['brussels sprouts are disgusting', [['dislike', 'brussels sprouts']]],
  ["I'm hooked on dumplings, they're my favourite", [['favorite_food', 'dumplings']]],
  // A place said as where the user is now; a change of the kind of place, the new one named.
  ['Ghent is where we ended up after all that', [['city', 'Ghent']]],
  ['changed unis: Leiden now', [['school', 'Leiden']]],
  // A number given anywhere in a turn that says the user's number changed.
  ['we got a new number at home, write it down: 555-0129', [['phone', '555-0129']]],
  ['my old number is dead. new one - 555-0131', [['phone', '555-0131']]],
  // A finding said with an article before the allergen; a favourite's category with a time said after it.
  ['the dermatologist confirmed a nickel allergy', [['allergy', 'nickel']]],
  ['my favourite meal at the moment is bibimbap', [['favorite_food', 'bibimbap']]],
  ["nothing tops pad thai for me, it's my go-to", [['favorite_food', 'pad thai']]],
  // Languages after "bilingual".
  ["I'm trilingual these days: Dutch, English and Turkish", [['language', 'Turkish']]],
  // A child born, in a turn that says the user is a parent.
  ["we're parents! Noor was born on Monday", [['child', 'child named Noor']]],
  // What a question takes for granted: its reason clause, the user's own new place or job.
  ['what should we do this weekend now that we live in Antwerp?', [['city', 'Antwerp']]],
  ['any decent gyms near my new apartment in Lyon?', [['city', 'Lyon']]],
  ['how do I make a good impression in my first week at Brightwave?', [['employer', 'Brightwave']]],
  // Rhetorical tags are no one's words and no doubt.
  ["I'm a pescatarian now, can you believe it", [['diet', 'pescatarian']]],
  ['believe it or not, I work at Fernhill now', [['employer', 'Fernhill']]],
  // A place and "now" alone, in a turn that says the user moved.
  ['we finally moved!! Tallinn now.', [['city', 'Tallinn']]],
  // A list's bullets, a topic said before the statement ("work-wise"), "from now on" said first.
  ['Updates:\n* relocated to Ghent in May\n* still vegetarian', [['city', 'Ghent']]],
  ['career-wise, I am at Lumen Labs now', [['employer', 'Lumen Labs']]],
  ["from now on I'm Sasha, please", [['name', 'Sasha']]],
  // A label with its value in brackets; the newest member of the family; a child with an apposition.
  ['status update: new job (paramedic), new commute', [['job', 'paramedic']]],
  ['the latest addition to our household is a kitten called Biscuit', [['pet', 'kitten named Biscuit']]],
  ['Ilse, our second, was born in the spring', [['child', 'child named Ilse']]],
  // A condition the user manages.
  ["I'm managing my hypertension with diet now", [['health', 'hypertension']]],
  // Adverbs and tenses the verbs of a name, a language, a like and a dislike did not allow.
  ['my name is officially Ines', [['name', 'Ines']]],
  ["I've been speaking Greek with my in-laws for years", [['language', 'Greek']]],
  ["I've been so into pottery this year", [['like', 'pottery']]],
  ["I've come to truly dislike open-plan offices", [['dislike', 'open-plan offices']]],
  // "I'd say …": an assertion, not a condition.
  ["I'd say gyoza is my favourite food now", [['favorite_food', 'gyoza']]],
];

/** One turn holds one value of a single-valued attribute: the last it states, replacing the others. */
const LAST_HOLDS: [string, string, string][] = [
  ['job news: I quit being a courier and became a welder', 'welder', 'courier'],
];

const NOT_MINE: string[] = [
  // Subjectless statements and remarks that are someone else's, or asked.
  'my brother left Oslo, living in Bergen now apparently',
  'is anyone living in Bergen these days?',
  // Irregular pasts of someone else.
  'my sister broke up with Marco',
  'Tom split from his wife last year',
  // Reports that stay reports.
  "my mom insists I'm vegetarian now",
  // Findings about others.
  'found out that my son is allergic to sesame',
  // Labels of other people's details.
  "my sister's number changed from 555-0100 to 555-0133",
  'the office email changed to info@office.example',
  // Contacts for other purposes.
  'use the side door for deliveries going forward',
  // Others hired away.
  'my husband was headhunted by Vantora',
  // Names that are no pet; pets of others renamed.
  'Sadly Grandma passed away in April',
  "my neighbour's cat's name is Juno now",
  // Partners of others; proposals that are not to the user.
  'my sister got engaged, Omar proposed on the beach',
  'Tom proposed to Anna last night',
  // Children of others.
  'my cousin welcomed Aria into the world last week',
  'my sister has two kids now, Ada and Ben',
  // Favourites of others; a dish that is no favourite.
  'pizza was her favourite but it is sushi now',
  // Someone else is "all about" something.
  'my manager is all about spreadsheets',
  // Plans of others.
  "my parents aren't doing Iceland after all",
  // Lists that are not the user's tastes.
  'add milk to the shopping list',
  'add eggs to the list of things my son cannot eat',
  // Trips of others, habits, trips only thought about.
  'my sister booked a trip to Malta',
  'I fly to Nairobi every spring for work',
  'my boss will be in Vienna over Christmas',
  // Couples of others; births of others.
  'Priya and Tom are over',
  'my sister gave birth to Tomas on Sunday',
  // Verdicts on what is the user's own or on the day.
  'my commute is the worst',
  'this weather is disgusting',
  // A favourite of someone else.
  "my son is hooked on dumplings, they're his favourite",
  // Places others ended up in; others who changed schools.
  'Ghent is where my parents ended up',
  'my brother switched schools, Leiden now',
  // Numbers of others, or of places, in a turn about a new number.
  'my dad got a new number, it is 555-0129',
  'the new number for the clinic is 555-0131',
  // Findings about others; favourites of others.
  'the dermatologist confirmed a nickel allergy in my daughter',
  "my husband's favourite meal at the moment is bibimbap",
  // Others bilingual.
  'my kids are trilingual - Dutch, English and Turkish',
  // Births of others.
  'my sister had a baby! Noor was born on Monday',
  // Questions that take nothing for granted, or only a wish or someone else's place.
  'where should we eat since we might move to Antwerp?',
  "any decent gyms near my sister's apartment in Lyon?",
  'where do I live again?',
  // Tags beside someone else's words stay reports.
  "my aunt thinks I'm a pescatarian now, can you believe it",
  // "X now" after someone else's move, after a move of teams, or naming a day.
  'my parents moved! Tallinn now.',
  'I moved teams. Payments now.',
  'we moved! Friday now.',
  // Bullets and topics before someone else's statement.
  'Updates:\n* my brother relocated to Ghent in May',
  'career-wise, my wife is at Lumen Labs now',
  // Brackets that are no label of the user's; someone else's newest member; someone else's child.
  "my sister's new job (paramedic) is going well",
  "my parents' newest family member is a kitten called Biscuit",
  'Ilse, my niece, was born in the spring',
  // Someone else's condition.
  'my dad is managing his hypertension with diet',
  // The same verbs of someone else, or with a condition.
  "my sister's name is officially Ines",
  'my in-laws have been speaking Greek all evening',
  "I'd say my brother is vegan",
  "I'd say we might move to Rome",
];

describe('facts rules: causes of round 17 misses, fixed in general form', () => {
  it.each(STATED)('%s', (text, expected) => expectFacts(text, expected));
  it.each(NOT_MINE)('states nothing about the user: %s', (text) => expectNoUserFacts(text));
  it.each(LAST_HOLDS)('%s holds only the last value', (text, last, earlier) => {
    const states = read(text).filter((c) => c.kind === 'state' && c.attribute === 'job');
    expect(states.map((c) => [c.value, c.replaces])).toEqual([[last, earlier]]);
  });
});
