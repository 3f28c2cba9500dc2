/**
 * The thirteenth set of phrasings (`split: 'round13'`): written before any rule was changed for
 * it, from what chat users write about themselves (casual, typos, long sentences, lists,
 * non-native English), not from what the rules match; scored once untouched, and never tuned on
 * afterwards. Same parts as round 12 (`suites-round-12.ts`):
 * - changes over the fifteen attributes of the knowledge-update suite, with their distractors
 *   (other people's facts, questions, hypotheticals, reported speech);
 * - single turns with the facts they state, and single turns that state nothing about the user
 *   (among them the user quoting the assistant);
 * - assistant turns, which must never become facts about the user (read through a memory).
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';
import type { StatedFact, Statement } from './suites-round-12.js';

const r13 = (text: string, options: { retireOnly?: boolean; replacesOld?: boolean } = {}): ChangePhrasing => ({
  split: 'round13',
  text,
  ...options,
});
const retire = { retireOnly: true };
const replaces = { replacesOld: true };

/** Changes, per attribute. */
export const ROUND_13_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r13('ok so update: we finally moved!! {new} is home now'),
    r13('I relocate to {new} last month for my wife work, still no furniture'),
    r13('Just signed a lease in {new}, moving out of {old} was brutal but worth it.'),
    r13("Quick context for future chats: I no longer live in {old}, I'm in {new} now."),
    r13('hi again, writing from my new apartment in {new} :)'),
    r13('moved from {old} to {new} in march and the commute is so much better'),
    r13('finaly settled in {new} after the move, boxes everywhere still'),
    r13(
      'Long story short, my company closed the {old} office, so we sold the house and bought a place in {new}, the kids changed schools and everything.',
    ),
  ],
  diet: [
    r13('been {new} for like 3 weeks now and honestly feel great'),
    r13("heads up for recipes: I'm not {old} anymore, I went {new}"),
    r13('I decided to go {new} starting this month.'),
    r13('I am {new} from now on, I make this decision after watching a documentary'),
    r13('switched from {old} to {new} in January'),
    r13('Recipes should be {new} from now please, I changed my diet.'),
    r13('the doctor put me on a {new} diet so the {old} thing is over'),
  ],
  job: [
    r13("I quit being a {old}, now I'm working as a {new}"),
    r13('Started my new job as a {new} on Monday, wish me luck'),
    r13('After ten years as a {old} I retrained and now I work as {new}.'),
    r13('im a {new} now btw, the {old} days are over'),
    r13('New role: {new}. Still learning the ropes.'),
    r13('these days i make my money as a {new}'),
    r13('my new job is {new} in a big company, much better salary'),
  ],
  employer: [
    r13('Handed in my notice at {old} and started at {new} this week.'),
    r13('so I work at {new} now, same job, better pay'),
    r13('{new} hired me! first day was yesterday'),
    r13("I'm with {new} since last month, I left {old}."),
    r13('my employer is {new} now'),
    r13("Finally escaped {old} - I'm at {new} now and it's so much calmer."),
    r13('I started a new position at {new} in the autumn.'),
  ],
  school: [
    r13("got accepted and now I'm studying at {new} 🎓"),
    r13("I switched universities, I'm at {new} now"),
    r13('This term I am enrolled at {new}.'),
    r13('dropped out of {old} and started over at {new}'),
    r13('I am doing my master in {new} since september'),
    r13('my classes at {new} started this week, way harder than {old}'),
    r13('I transferred to {new} after first year.'),
  ],
  partner: [
    r13("I'm seeing someone new, {new} 😊"),
    r13('{old} and I broke up in the spring', retire),
    r13('I moved in with my girlfriend {new} last month'),
    r13("it's over with {old}, we ended things a few weeks ago", retire),
    r13('I married {new} last weekend!!'),
    r13('{new} and I have been together since the summer.'),
    r13('divorced {old} this year, long story', retire),
  ],
  pet: [
    r13('we brought home another {kind} this week, {newName}, he is so tiny'),
    r13('say hi to {newName}, our new {kind}!'),
    r13('Our old {kind} {oldName} died in March :(', retire),
    r13('we had to put {oldName} down last week, worst day ever', retire),
    r13("My mom gave us her {kind}, {newName}, since she can't keep him anymore."),
    r13('adopted {newName} ({kind}, 2 years old) from a rescue'),
    r13('{oldName} ran away and never came back', retire),
  ],
  phone: [
    r13('new phone number: {new}'),
    r13('heads up my number is now {new}'),
    r13("I don't have the {old} number anymore, reach me at {new}"),
    r13('pls save {new} as my number'),
    r13("my number changed last week, it's {new} now"),
    r13('whatsapp me at {new} from now on'),
    r13('I switched carrier and got a new number {new}'),
  ],
  allergy: [
    r13("found out the hard way I'm allergic to {new} too"),
    r13('got tested, {new} allergy confirmed'),
    r13('Note: I now have an allergy to {new}.'),
    r13('turns out I was never actually allergic to {old}', retire),
    r13('I developed an allergy to {new} last year.'),
    r13('the {old} allergy is gone, finally', retire),
    r13("So I react to {new} now too, the doctor confirmed it's an allergy"),
  ],
  language: [
    r13('been learning {new} on duolingo for 6 months, 200 day streak'),
    r13('I can get by in {new} now, took classes all year'),
    r13('Now I am speaking also {new}, I learned it at work'),
    r13('signed up for a {new} course, first lesson was tuesday'),
    r13("my {old} is completely gone, haven't used it in years", retire),
    r13("I'm picking up {new} because my partner's family speaks it"),
    r13('Started {new} lessons with a tutor online.'),
  ],
  email: [
    r13('pls use {new} for emails from now, {old} is dead'),
    r13('new email → {new}'),
    r13('I moved my email to {new}.'),
    r13('my email is {new} now (the work one)'),
    r13('Emails to {old} will bounce now, write to {new}.'),
    r13("changed emails, it's {new}"),
  ],
  name: [
    r13('call me {new} from now on pls'),
    r13('My real name is {new}, {old} was just a username.'),
    r13('I changed my first name to {new} officially last month.'),
    r13("just {new} is fine, I don't use {old} anymore"),
    r13("Hi, it's {new} (I used to go by {old} here)"),
  ],
  favorite_food: [
    r13('{new} is my absolute favourite thing to eat now'),
    r13("my fave food used to be {old} but now it's {new}"),
    r13("Nothing beats {new}, it's my new favourite"),
    r13('my favourite meal these days is {new}'),
    r13("These days I crave {new} all the time, it's my favourite food."),
    r13('{new} > {old}, my favourite food changed lol'),
  ],
  like: [
    r13("lately I'm obsessed with {new}"),
    r13('I have really come to love {new}.'),
    r13('I used to love {old}, now not so much', retire),
    r13('{new} has become my thing lately'),
    r13('I kind of lost interest in {old}', retire),
    r13("I'm really enjoying {new} at the moment"),
    r13("I'm hooked on {new}, can't get enough"),
  ],
  plan: [
    r13('We just booked {new} for October!!'),
    r13('Our trip to {old} got cancelled because of work', retire),
    r13('planning a two-week trip to {new} in the spring, any tips?'),
    r13('We decided on {new} instead of {old} for the honeymoon.', replaces),
    r13("I'll be in {new} from the 3rd to the 17th of August."),
    r13("{old} is off, we can't afford it this year", retire),
    r13('heading to {new} next week for a wedding'),
  ],
};

/** Turns that must change nothing, per attribute (`{other}` is a third value). */
export const ROUND_13_DISTRACTORS: Record<string, string[]> = {
  city: [
    'my parents still live in {other}',
    'Should I move to {other} or stay where I am?',
    'my friend keeps telling me to move to {other}',
    'we spent a long weekend in {other}, lovely city',
  ],
  diet: [
    'my girlfriend went {other} last month',
    'is a {other} diet safe during pregnancy?',
    'my doctor thinks I should go {other}',
    'they only had {other} options at the wedding',
  ],
  job: [
    'my dad was a {other} for 30 years',
    "do you think I'd make a good {other}?",
    'my son wants to become a {other}',
  ],
  employer: [
    'my husband works at {other}',
    "I applied to {other} but haven't heard back",
    '{other} is hiring, should I apply?',
  ],
  school: ['My daughter just got into {other}!', 'Is {other} worth the tuition?', 'my boyfriend studied at {other}'],
  partner: [
    'my ex {other} texted me last night, weird',
    "my brother's wife {other} is visiting",
    "what's a good gift for a girl named {other}?",
  ],
  pet: [
    "my sister's {kind} {other} is staying with us this weekend",
    'what are good names for a {kind}? I like {other}',
    "the neighbours' {kind} {other} keeps coming into our garden",
  ],
  phone: [
    'can you format {other} as an international number?',
    "my mum's number is {other}",
    "the plumber's number is {other}, can you remember it for me?",
  ],
  allergy: [
    'my husband is allergic to {other}',
    'can you develop an allergy to {other} as an adult?',
    'the menu says it may contain {other}',
  ],
  language: [
    'my kids are learning {other} at school',
    'how long does it take to learn {other}?',
    'I wish I spoke {other}',
  ],
  email: ["my colleague's email is {other}", 'I got a weird email from {other}', 'is {other} a valid email format?'],
  name: [
    "my best friend's name is {other}",
    "if I have a girl I'll name her {other}",
    'the new guy at work is {other}',
  ],
  favorite_food: [
    "my husband's favourite food is {other}",
    'how do you make {other} at home?',
    'my kids would eat {other} every day',
  ],
  like: [
    'my brother is super into {other}',
    'why do people like {other} so much?',
    'my girlfriend dragged me to a {other} thing, not really my cup of tea',
  ],
  plan: [
    'my sister is moving to {other} next year',
    "what's the best time to visit {other}?",
    "if we had money we'd go to {other}",
  ],
};

const f = (attribute: string | readonly string[], value: string): StatedFact => ({ attribute, value });
const s = (text: string, ...facts: StatedFact[]): Statement => ({ text, facts });

/** Single turns, each with every fact it states about the user. */
export const ROUND_13_STATEMENTS: Statement[] = [
  s(
    'hi im Kenji, 34, from Osaka originally but living in Melbourne for 5 years',
    f('name', 'Kenji'),
    f('age', '34'),
    f(['hometown', 'city'], 'Osaka'),
    f('city', 'Melbourne'),
  ),
  s("I'm a nurse in the ICU, mostly nights", f('job', 'nurse')),
  s('My partner Dev and I just bought our first house', f('partner', 'Dev')),
  s('we have 3 kids (8, 5 and 2) and a golden retriever named Sunny', f('child', '*'), f('pet', 'Sunny')),
  s("I'm celiac so anything with wheat is out", f(['health', 'allergy', 'diet'], '*')),
  s('allergic to peanuts and tree nuts, carry 2 epipens', f('allergy', 'peanuts'), f('allergy', 'tree nuts')),
  s('I have high blood pressure, on meds for it', f('health', 'blood pressure')),
  s("I'm a vegetarian, have been since I was 14", f('diet', 'vegetarian')),
  s('I work at Deloitte as an auditor', f('employer', 'Deloitte'), f('job', 'auditor')),
  s("I'm a second year med student at King's College London", f(['school', 'study'], "King's College")),
  s("My wife's name is Ingrid", f('partner', 'Ingrid')),
  s('I have one sister, she is older than me', f('sibling', 'sister')),
  s('my son Mateo is 11 and plays football every weekend', f('child', 'Mateo')),
  s('We have two cats, Salt and Pepper', f('pet', 'Salt'), f('pet', 'Pepper')),
  s(
    "i'm from Lagos, Nigeria, moved to Houston for grad school",
    f(['hometown', 'city'], 'Lagos'),
    f('city', 'Houston'),
  ),
  s(
    "I speak Hindi and English, and I'm learning German",
    f('language', 'Hindi'),
    f('language', 'English'),
    f('language', 'German'),
  ),
  s('I hate driving in the city, it stresses me out', f('dislike', 'driving')),
  s('big fan of true crime podcasts', f(['like', 'hobby'], 'true crime')),
  s('my favorite movie is Spirited Away', f(['favorite_movie', 'favorite_film', 'like'], 'Spirited Away')),
  s('I run every morning before work, usually 5k', f(['hobby', 'like'], 'run')),
  s('I play guitar in a band on weekends', f(['hobby', 'like'], 'guitar')),
  s("I'm 27 and work in marketing", f('age', '27'), f(['job', 'industry'], 'marketing')),
  s('My birthday is the 3rd of November', f('birthday', '*')),
  s('born in 1985, so yeah, not young anymore', f(['birthday', 'age'], '*')),
  s('my pronouns are she/her', f('pronouns', '*')),
  s("I'm Catholic, we go to mass every Sunday", f('religion', 'Catholic')),
  s("I'm Irish but I live in Spain", f('nationality', 'Irish'), f('city', 'Spain')),
  s("my number's 07911 123456 if you need it", f('phone', '07911123456')),
  s('my work email is d.okafor@brightline.co', f('email', 'd.okafor@brightline.co')),
  s('I live at 44 Elm Street, Apt 3B', f('address', '44 Elm Street')),
  s('I drive a Tesla Model 3', f('vehicle', 'Tesla')),
  s("I'm going to Lisbon for a conference on the 14th of June", f('plan', 'Lisbon')),
  s("We're planning our wedding for next August", f('plan', '*')),
  s("I'm on a low-carb diet for my diabetes", f('diet', 'low-carb'), f('health', 'diabetes')),
  s('Me and my husband Marco run a small bakery together', f('partner', 'Marco'), f(['job', 'employer'], '*')),
  s("I'm a single mom of two boys", f(['relationship', 'partner'], 'single'), f('child', '*')),
  s("I'm divorced, no kids", f(['relationship', 'partner'], 'divorced')),
  s(
    "I'm a software engineer at Shopify, working remote from Ottawa",
    f('job', 'software engineer'),
    f('employer', 'Shopify'),
    f('city', 'Ottawa'),
  ),
  s("My dog Luna is a husky, she's 4", f('pet', 'Luna')),
  s("I've got a bad knee so no running for me", f('health', 'knee')),
  s("I don't drink alcohol at all", f(['diet', 'other', 'health'], '*')),
  s('Coffee is life, I drink like 4 cups a day', f('like', 'coffee')),
  s("I can't stand jazz", f('dislike', 'jazz')),
  s('My favourite band is Arctic Monkeys', f(['favorite_band', 'like'], 'Arctic Monkeys')),
  s(
    'my hobbies are knitting, gardening and baking',
    f(['hobby', 'like'], 'knitting'),
    f(['hobby', 'like'], 'gardening'),
    f(['hobby', 'like'], 'baking'),
  ),
  s(
    'I study computer science at the University of Toronto',
    f('study', 'computer science'),
    f('school', 'University of Toronto'),
  ),
  s("I'm retired now, used to be an electrician", f('job', 'retired')),
  s("I'm unemployed at the moment, looking for work", f('job', 'unemployed')),
  s("I'm Priya, a dentist from Pune", f('name', 'Priya'), f('job', 'dentist'), f(['hometown', 'city'], 'Pune')),
  s("I'm 19, first year at uni", f('age', '19'), f(['school', 'study'], '*')),
  s('I live with my parents in Naples', f('city', 'Naples')),
  s('we moved to Austin last year', f('city', 'Austin')),
  s("I'm partially deaf in my left ear", f('health', 'deaf')),
  s("I'm gluten intolerant", f(['health', 'allergy', 'diet'], 'gluten')),
  s(
    'Im married with 2 daughters, Emma and Lily',
    f(['relationship', 'partner'], 'married'),
    f('child', 'Emma'),
    f('child', 'Lily'),
  ),
  s('my brother Jake is a firefighter', f('sibling', 'Jake')),
  s('In my free time I volunteer at an animal shelter', f(['hobby', 'like'], 'volunteer')),
  s(
    "I'm from Kraków but live in Dublin now, working as a barista",
    f(['hometown', 'city'], 'Kraków'),
    f('city', 'Dublin'),
    f('job', 'barista'),
  ),
  s('I prefer tea over coffee', f('like', 'tea')),
  s("I'm a huge Marvel fan", f('like', 'Marvel')),
  s('My native language is Spanish', f('language', 'Spanish')),
  s('Me: 45, accountant, Leeds, 2 dogs', f('age', '45'), f('job', 'accountant'), f('city', 'Leeds'), f('pet', 'dog')),
  s('i got a PhD in chemistry', f('study', 'chemistry')),
  s(
    "I've worked as a paralegal at Clifford Chance for 3 years",
    f('job', 'paralegal'),
    f('employer', 'Clifford Chance'),
  ),
  s('My girlfriend Aisha and I live together in Manchester', f('partner', 'Aisha'), f('city', 'Manchester')),
  s(
    "i'm lactose intolerant and also allergic to shrimp",
    f(['health', 'allergy', 'diet'], 'lactose'),
    f('allergy', 'shrimp'),
  ),
  s('I am teacher of english in a primary school', f('job', 'teacher')),
  s("I'm expecting twins in March!", f(['plan', 'child'], '*')),
  s("I'm moving to Amsterdam in two weeks", f('plan', 'Amsterdam')),
];

/** Single turns that state nothing about the user: no fact that holds now may be read. */
export const ROUND_13_STATEMENT_DISTRACTORS: string[] = [
  'If I moved to Japan, would I need a visa?',
  "My boss thinks I'm from Italy because of my last name.",
  'My colleague Dan is a chef at a hotel in Bath.',
  'Pretend you are a pirate who lives in Jamaica.',
  'Write a bio for a 30-year-old nurse from Ohio.',
  'My mum is allergic to penicillin.',
  'Our neighbours have three cats and a parrot named Kiwi.',
  'What do vegans eat for breakfast?',
  'Do you know any good Italian restaurants in Denver?',
  "She said 'I'm moving to Rome next month' and then just left.",
  'The main character of my novel is a 40-year-old detective living in Glasgow.',
  "How do I say 'my name is Anna' in Spanish?",
  "If I ever get a cat I'll name it Mochi.",
  "My daughter's boyfriend works at Google.",
  'Is it weird to be 30 and still live with your parents?',
  'My sister just turned 25.',
  'Can you recommend a good book for learning Mandarin?',
  'In my dream last night I was a pilot living in Dubai.',
  "My coworker's wife is Brazilian.",
  "Let's say I earn 50k a year as a teacher, how much tax would I pay?",
  'you wrote "since you live in Madrid, try the Prado" but that was never me',
  'The patient is a 54-year-old male with type 2 diabetes and a penicillin allergy.',
  "Here's a sample form for my students: Name: John Smith, Age: 42, City: Leeds.",
  'My grandma grew up in Sicily and still cooks like it.',
  'Would it be crazy to quit and become a baker?',
  'hypothetically if my email got hacked what should i do',
  'my friend says I should become a vegetarian',
  'Which is healthier, being vegan or pescatarian?',
];

/** Assistant turns: the extractor reads user turns only, so none may become a fact about the user. */
export const ROUND_13_ASSISTANT_TURNS: string[] = [
  "Since you live in Madrid, here are three day trips you'd enjoy.",
  "As a vegetarian, you'll love this lentil curry.",
  "I'm a language model, but I'd say Berlin is a great place to live.",
  'Your new number, 555-0199, is saved.',
  'Congratulations on the new job at Globex!',
  "My name is Aria and I'm here to help.",
  'I love jazz too! Have you heard Kind of Blue?',
  'Sorry to hear about your dog Rex.',
];
