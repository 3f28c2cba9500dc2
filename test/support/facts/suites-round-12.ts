/**
 * The twelfth set of phrasings (`split: 'round12'`): written before any rule was changed for
 * it and scored once untouched (67.9% of its changes); the frame reader's guard and the rules
 * after it were then tuned on it (#34), so its figure is no longer an estimate for phrasings the
 * rules have not met (round 13's is, `suites-round-13.ts`). Two parts:
 * - changes over the fifteen attributes of the knowledge-update suite (placeholders as in the
 *   other suites), with their distractors;
 * - single turns with the facts they state, over every family of the registry (identity,
 *   home, work and study, family and pets, diet, allergies and health, preferences and dislikes,
 *   plans with dates, contact details), several facts in one turn, facts mid-sentence, lists and
 *   non-native phrasing; and single turns that state nothing about the user.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const r12 = (text: string, options: { retireOnly?: boolean; replacesOld?: boolean } = {}): ChangePhrasing => ({
  split: 'round12',
  text,
  ...options,
});
const retire = { retireOnly: true };
const replaces = { replacesOld: true };

/** Changes, per attribute. */
export const ROUND_12_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r12('so after six years in {old} we packed everything up and now live in {new}, still getting used to the weather'),
    r12('Me and my husband relocated to {new} in the summer.'),
    r12('living in {new} since august, loving it so far'),
    r12('sorry, typo earlier - I live in {new}, not {old}'),
    r12('We left {old} for good, our flat in {new} is finally ready.'),
    r12('I am living now in {new} because of my job.'),
    r12('new city, new me: {new}!'),
    r12('been in {new} for about three months now after the move'),
  ],
  diet: [
    r12('i dropped being {old} and I am {new} since spring'),
    r12('For health reasons I became {new} a couple months ago.'),
    r12("my diet changed, I'm {new} now instead of {old}"),
    r12('Gave up on being {old}. Now I follow a {new} diet.'),
    r12('these days i eat {new}, no exceptions'),
    r12('I have been {new} for two months now, it is going well'),
    r12('After years of being {old} I finally switched to {new}.'),
  ],
  job: [
    r12('i left my {old} job and now work as a {new} at a small clinic'),
    r12('My job title is {new} now.'),
    r12('Since january I am working as {new} in a hospital.'),
    r12('career change done: I am a {new} now, no more {old} life'),
    r12('Just passed my probation as a {new}!'),
    r12('I stopped being a {old} last year, I now earn my living as a {new}.'),
    r12("Work's been busy since I became a {new}."),
  ],
  employer: [
    r12('left {old} after five years, I joined {new} in January'),
    r12('I work for {new} these days, it is a good place'),
    r12('Been working at {new} for a few months now, way better than {old}.'),
    r12("I'm on the {new} payroll since March lol"),
    r12('accepted the offer from {new}, already started there'),
    r12('I now work for {new}, in their marketing team.'),
    r12('After the layoffs at {old} I found a job at {new}.'),
    r12("no longer at {old}, I'm at {new} since May"),
  ],
  school: [
    r12('I transferred from {old} to {new} this semester.'),
    r12('im studying at {new} now, first year'),
    r12('just enrolled at {new} for my masters'),
    r12('Currently doing a PhD at {new}.'),
    r12('started classes at {new} last week, so exciting'),
    r12('left {old}, I go to {new} now'),
    r12('I am now a student of {new}.'),
  ],
  partner: [
    r12('I have a new girlfriend, her name is {new}.'),
    r12('I got married to {new} in June!'),
    r12("{old} and me aren't together anymore", retire),
    r12("I've been dating {new} for a couple of months"),
    r12('My partner {new} and I are doing a cooking class together'),
    r12('we split up, me and {old}', retire),
    r12('finally engaged to {new} 💍'),
  ],
  pet: [
    r12('we adopted a {kind} last weekend, we called him {newName}'),
    r12('{oldName} passed away in the spring, we miss him so much', retire),
    r12('meet {newName}, my new {kind} 🐾'),
    r12("We've got a second {kind} now, {newName}!"),
    r12('We renamed the {kind}, he is {newName} now'),
    r12('lost our {kind} {oldName} to cancer last month', retire),
    r12('we rescued a little {kind} named {newName} from the shelter'),
  ],
  phone: [
    r12('I changed my number, the new one is {new}'),
    r12('My phone number changed to {new}.'),
    r12('text me on {new}, the old one is gone'),
    r12('Please update my contact: {new}'),
    r12('got a new sim, number is {new} now'),
    r12('my mobile: {new} (new)'),
    r12('{new} is my new number, delete {old}'),
  ],
  allergy: [
    r12('the allergist confirmed it: {new} is a no-go for me now'),
    r12('apparently I became allergic to {new} this year'),
    r12('since the summer I react badly to {new}, the allergy test was positive'),
    r12('I outgrew my {old} allergy apparently!', retire),
    r12('good news, {old} no longer gives me any reaction', retire),
    r12('add {new} to my allergies please'),
    r12('Turns out {new} is what I am allergic to, not {old}', replaces),
  ],
  language: [
    r12("I've started taking {new} classes at night school."),
    r12('i can speak {new} now, pretty fluently'),
    r12("I'm trying to learn {new} before our trip."),
    r12('My {new} is getting better, I practise every day.'),
    r12('I forgot most of my {old}, I cannot speak it anymore.', retire),
    r12('I now speak {new} at home with my wife.'),
  ],
  email: [
    r12('My new email address is {new}, please use that one.'),
    r12('email changed: {new}'),
    r12('you can contact me by mail on {new} from now'),
    r12("Don't use {old} anymore, I'm on {new}."),
    r12('I set up {new} as my main email.'),
  ],
  name: [
    r12('By the way I legally changed my name to {new}.'),
    r12('Please just call me {new}.'),
    r12("It's {new} now, not {old} - I changed it."),
    r12('I prefer {new} to {old} these days, please use that.'),
    r12('My name is {new} actually, you got it wrong before.'),
  ],
  favorite_food: [
    r12('My favourite thing to eat right now is {new}.'),
    r12('honestly {new} is my favorite food now, sorry {old}'),
    r12('I could eat {new} every day, it is my number one food.'),
    r12('fave food these days: {new}, easily'),
    r12('{new} replaced {old} as my favourite food.'),
  ],
  like: [
    r12("I've really gotten into {new} this year."),
    r12("I'm not into {old} anymore.", retire),
    r12('Lately I am enjoying {new} a lot.'),
    r12('I fell in love with {new} recently.'),
    r12("Can't stand {old} anymore, honestly", retire),
    r12("I'm a huge {new} person now."),
  ],
  plan: [
    r12("We're flying to {new} next month!"),
    r12('Booked flights to {new} for the 12th of September.'),
    r12('We cancelled the {old} trip.', retire),
    r12('Change of plans: {new} instead of {old} this summer.', replaces),
    r12("I'm going to visit {new} in April with my sister."),
    r12('the trip to {old} is not happening anymore', retire),
  ],
};

/** Turns that must change nothing, per attribute (`{other}` is a third value). */
export const ROUND_12_DISTRACTORS: Record<string, string[]> = {
  city: [
    'my brother lives in {other} now',
    'If we ever moved to {other} I would need a car.',
    'how expensive is rent in {other}?',
    'my landlord says I should move to {other}',
  ],
  diet: [
    'my roommate is {other}, so we cook separately',
    'should I try going {other} for a month?',
    'the restaurant was fully {other}, my mum loved it',
  ],
  job: [
    'my girlfriend just started as a {other} at the hospital',
    'I always dreamed of being a {other} as a kid.',
    'what does a {other} earn?',
  ],
  employer: [
    'my sister got a job at {other}',
    'Would you work for {other}?',
    'I have an interview at {other} next week',
  ],
  school: ['My son goes to {other}.', 'is {other} a good school for law?', 'I almost went to {other} instead'],
  partner: [
    'my best friend is dating {other}',
    'my sister married {other} last year',
    'you remind me of {other} from work',
  ],
  pet: [
    "my parents' {kind} is called {other}",
    'should we get a {kind} named {other}?',
    'the {kind} in the movie was called {other}',
  ],
  phone: [
    "my office's number is {other}",
    'got a missed call from {other}, no idea who that is',
    'call my wife on {other} if I do not answer',
  ],
  allergy: [
    'my son is allergic to {other}',
    'what are the symptoms of an allergy to {other}?',
    'my friend thinks she might be allergic to {other}',
  ],
  language: ['my husband speaks {other} fluently', 'is {other} hard to learn?', 'If I had time I would learn {other}.'],
  email: [
    "my boss's email is {other}",
    'Is {other} a real address or spam?',
    'send the invoice to {other}, that is the accountant',
  ],
  name: ['my cousin is called {other}', 'we might name the baby {other}', "the waiter's name was {other}"],
  favorite_food: ["my kid's favorite food is {other}", 'is {other} healthy?', 'we had {other} for dinner yesterday'],
  like: ['my wife is really into {other}', 'do you like {other}?', 'I guess some people enjoy {other}.'],
  plan: [
    'my parents are going to {other} in May',
    'we could go to {other} maybe, not sure yet',
    'what is the weather in {other} in June?',
  ],
};

/**
 * A fact a statement must yield: its attribute (or any of several, when the registry leaves the
 * choice open) and a mention of its value (`*`: any value), as `factValueMentions` reads it.
 */
export interface StatedFact {
  attribute: string | readonly string[];
  value: string;
}

/** A single user turn and the facts it states. */
export interface Statement {
  text: string;
  facts: StatedFact[];
}

const f = (attribute: string | readonly string[], value: string): StatedFact => ({ attribute, value });
const s = (text: string, ...facts: StatedFact[]): Statement => ({ text, facts });

/** Single turns, each with every fact it states about the user. */
export const ROUND_12_STATEMENTS: Statement[] = [
  s(
    "hey! I'm Tomasz, 29, originally from Gdansk but I live in Leeds now",
    f('name', 'Tomasz'),
    f('age', '29'),
    f(['hometown', 'city'], 'Gdansk'),
    f('city', 'Leeds'),
  ),
  s(
    'quick intro: software dev at a fintech startup, two kids, and a very lazy cat called Pixel',
    f('job', '*'),
    f('child', '*'),
    f('pet', 'Pixel'),
  ),
  s("My daughter Mia just turned 6 and she's obsessed with dinosaurs", f('child', 'Mia')),
  s('I have two older brothers, both live abroad', f('sibling', 'brother')),
  s("I'm lactose intolerant so I skip the cheese", f(['health', 'allergy', 'diet'], '*')),
  s('I have type 1 diabetes, so I count carbs for everything.', f('health', 'diabetes')),
  s('I was diagnosed with asthma as a kid and still carry an inhaler', f('health', 'asthma')),
  s('i hate cilantro with a passion', f('dislike', 'cilantro')),
  s('Not a fan of horror movies at all.', f('dislike', 'horror')),
  s('My birthday is on March 14th', f('birthday', '*')),
  s('I turned 40 last week, feeling old', f('age', '40')),
  s("I'm a 35 year old mum of three living in Cork", f('age', '35'), f('city', 'Cork')),
  s('we live in a small village with my wife Sanne and our dog Bram', f('partner', 'Sanne'), f('pet', 'Bram')),
  s('I work night shifts as a paramedic in Glasgow', f('job', 'paramedic')),
  s('I teach maths at a secondary school', f('job', '*')),
  s(
    "I'm doing a bachelor's in mechanical engineering at Delft",
    f('study', 'mechanical engineering'),
    f('school', 'Delft'),
  ),
  s('Currently in my second year of nursing school', f(['study', 'school'], '*')),
  s("I'm Brazilian but I've lived in Portugal for 10 years", f('nationality', 'Brazilian'), f('city', 'Portugal')),
  s('My husband Raj and I have been married for 12 years', f('partner', 'Raj')),
  s("I'm single at the moment, focusing on myself", f(['relationship', 'partner'], 'single')),
  s('We are expecting our first baby in December!', f(['plan', 'child'], '*')),
  s("I'm flying to Tokyo on the 3rd of May for a conference", f('plan', 'Tokyo')),
  s("Next weekend I'm running my first half marathon in Valencia", f('plan', '*')),
  s("We're moving to Madrid in September", f('plan', 'Madrid')),
  s('My number is 07700 900 321, text is better than calling', f('phone', '07700900321')),
  s('email me at kim.ortega@mailbox.org if the link breaks', f('email', 'kim.ortega@mailbox.org')),
  s('My address is 12 Rose Lane, Bristol BS1 4DJ', f('address', '12 Rose Lane')),
  s("I'm vegan and gluten free, so eating out is a nightmare", f('diet', 'vegan')),
  s('i dont eat pork or beef, only chicken and fish', f('diet', '*')),
  s('my go-to band is Radiohead, always has been', f(['favorite_band', 'like'], 'Radiohead')),
  s('favourite colour is green, obviously', f('favorite_color', 'green')),
  s('I play the cello in a community orchestra on Tuesdays', f(['hobby', 'like'], 'cello')),
  s("I've been doing bouldering twice a week for two years", f(['hobby', 'like'], 'bouldering')),
  s('I drive a 2015 Honda Civic', f('vehicle', 'Civic')),
  s("I'm a Muslim so I don't drink", f('religion', 'Muslim')),
  s('my pronouns are they/them', f('pronouns', '*')),
  s("I'm the youngest of four sisters", f('sibling', 'sister')),
  s('My son Leo started kindergarten this week', f('child', 'Leo')),
  s('Our twins are 3 now, Ella and Noah', f('child', 'Ella'), f('child', 'Noah')),
  s('I have a gecko named Ziggy', f('pet', 'Ziggy')),
  s("I'm severely allergic to wasp stings, I carry an epipen", f('allergy', 'wasp')),
  s("I can't have gluten, I'm coeliac", f(['health', 'allergy', 'diet'], '*')),
  s('I work remotely for a Dutch company called Mollie', f('employer', 'Mollie')),
  s("I'm a freelance graphic designer, mostly for small shops", f('job', 'graphic designer')),
  s("I've been a stay at home dad since our second was born", f('job', '*')),
  s('retired teacher here, 67 and still learning', f('job', '*'), f('age', '67')),
  s(
    'I speak Portuguese, English and a bit of French',
    f('language', 'Portuguese'),
    f('language', 'English'),
    f('language', 'French'),
  ),
  s('My mother tongue is Tagalog', f('language', 'Tagalog')),
  s('I love cooking Thai food on weekends', f(['like', 'hobby'], 'cooking')),
  s('I really dislike crowded places', f('dislike', 'crowded')),
  s("I'm a die-hard Liverpool supporter", f(['favorite_team', 'like'], 'Liverpool')),
  s("We're getting married next June in Tuscany!", f('plan', '*')),
  s("I'm doing the Camino de Santiago in September", f('plan', '*')),
  s('I live with my girlfriend Zoe and her cat in a tiny flat in Hackney', f('partner', 'Zoe'), f('city', 'Hackney')),
  s(
    "For context I'm a 52-year-old engineer from Nairobi",
    f('age', '52'),
    f('job', 'engineer'),
    f(['hometown', 'city'], 'Nairobi'),
  ),
  s('I go by Alex, my full name is Alexandra', f(['nickname', 'name'], 'Alex'), f('name', 'Alexandra')),
  s('I was born on 2 July 1990', f(['birthday', 'age'], '*')),
  s('I grew up in Marseille', f('hometown', 'Marseille')),
  s("I'm Canadian, living in Seoul for work", f('nationality', 'Canadian'), f('city', 'Seoul')),
  s('i have ADHD and honestly long texts are hard for me', f('health', 'ADHD')),
  s("I'm allergic to both penicillin and sulfa drugs", f('allergy', 'penicillin'), f('allergy', 'sulfa')),
  s('Been working at the city library for 3 years now, I love it', f(['employer', 'job'], '*')),
  s("I'm studying law at night while working full time", f('study', 'law')),
  s('My wife and I are both nurses', f('job', 'nurse')),
  s('I eat fish again, so I guess I am pescatarian now', f('diet', 'pescatarian')),
];

/** Single turns that state nothing about the user: no fact that holds now may be read. */
export const ROUND_12_STATEMENT_DISTRACTORS: string[] = [
  'Where should I live if I like mountains, Denver or Salt Lake?',
  'If I were vegan, would I get enough protein?',
  "My boss keeps saying I'm the best accountant he has.",
  'My sister Maya lives in Lisbon with her dog Pepper.',
  'You said earlier that I live in Oslo, but I never told you that.',
  'Imagine being a millionaire living in Monaco.',
  'My colleague is allergic to shellfish, so no prawns at the office party.',
  'Do you think I should learn Korean or Japanese?',
  'Write me a short story about a girl named Luna who lives in Paris.',
  "Translate 'I live in Berlin and I work as a nurse' into German.",
  "My friend's new number is 555-0177.",
  'What would you eat if you were vegetarian?',
  'I wonder what it would be like to live in Tokyo.',
  'My neighbour just got a puppy called Biscuit.',
  'Someone told me I look like a teacher, lol.',
  'I might apply to Oxford next year, not sure.',
  'When I was a kid I wanted to be an astronaut.',
  "My roommate's email is lina@post.example.",
  'Is it normal to be allergic to cats and dogs?',
  'In the game I play a dwarf blacksmith who lives in the mountains.',
  'The new manager at my gym is called Rita.',
  'Her favourite food is sushi, I could not care less.',
  'we talked about moving to Canada but decided against it',
];
