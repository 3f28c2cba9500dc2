/**
 * The fourteenth set of phrasings (`split: 'round14'`): written before the rules were read for
 * it, as users of a chat app write about their lives (informal, contractions, "we", "just",
 * dates, lists, the fact inside other talk, several tenses), not from what the rules match;
 * scored once untouched before any rule changed (#34). Changes over the fifteen attributes of
 * the knowledge-update suite, and distractors of every kind the issue names: questions,
 * hypotheticals, reported speech, other people's facts, and the assistant's words quoted back.
 * @module
 */
import type { ChangePhrasing } from './scenario-types.js';

const r14 = (text: string, options: { retireOnly?: boolean; replacesOld?: boolean } = {}): ChangePhrasing => ({
  split: 'round14',
  text,
  ...options,
});
const retire = { retireOnly: true };

/** Changes, per attribute. */
export const ROUND_14_CHANGES: Record<string, ChangePhrasing[]> = {
  city: [
    r14("ugh, still unpacking. we just moved into a place in {new} and the internet guy can't come till thursday"),
    r14('Quick update on my life: left {old} in January, been living in {new} ever since.'),
    r14("I'm a {new} local now haha, 3 months in"),
    r14("since the move to {new} I've been walking everywhere, it's such a walkable city"),
    r14("We've lived in {new} since the start of the year, so tips for {old} aren't useful anymore."),
    r14('home is {new} these days'),
    r14("my address changed, I'm in {new} now, near the river"),
    r14('Moving day was on the 12th, officially a {new} resident!'),
  ],
  diet: [
    r14("fyi I've gone {new}, so keep that in mind for meal ideas"),
    r14("Been eating {new} since New Year's and I've lost 5 kilos"),
    r14("I stopped being {old} in the summer, I'm {new} now"),
    r14("we're a {new} household now, the whole family switched"),
    r14("no more {old} for me, it's {new} all the way now"),
    r14('my diet these days: strictly {new}'),
    r14('I eat {new} now, after my cholesterol results came back bad'),
  ],
  job: [
    r14('I finally got hired as a {new}, goodbye {old} life'),
    r14("so I'm working as a {new} these days, pays way better than being a {old}"),
    r14('officially a {new} as of last Monday!'),
    r14("I've been a {new} since March, after ten years of being a {old}"),
    r14('Not a {old} anymore, I retrained as a {new} over the last year.'),
    r14('I started working as a {new} at a startup in May'),
    r14('Long week at my new job! Being a {new} is a lot more meetings than I expected.'),
  ],
  employer: [
    r14("I've moved over to {new}, my last day at {old} was Friday"),
    r14('signed with {new} and started on the 1st, so far so good'),
    r14("I'm a {new} employee now, so I get their discount lol"),
    r14('working for {new} now, remote, 3 days a week'),
    r14('left {old} in April and have been at {new} ever since'),
    r14('my new company is {new}'),
    r14('Things at {new} are good so far, way less stressful than {old} ever was. Three months in.'),
  ],
  school: [
    r14("I'm doing my masters at {new} now, moved after undergrad at {old}"),
    r14('first semester at {new} is kicking my butt'),
    r14('I got into {new}! started last month'),
    r14("I left {old} and I'm finishing my degree at {new}"),
    r14('now studying at {new}, engineering'),
    r14('My new uni is {new}.'),
    r14('I switched schools, {new} this year'),
  ],
  partner: [
    r14('me and {old} split up a couple months back', retire),
    r14('my boyfriend {new} is taking me away for my birthday'),
    r14("I'm with {new} now, we met at a friend's wedding"),
    r14('{new} and I got engaged last weekend!!'),
    r14("I've been seeing {new} since the spring, it's getting serious"),
    r14('{old} and I are separated now', retire),
    r14('My husband {new} and I just got back from our honeymoon'),
  ],
  pet: [
    r14("we got a second {kind}! his name's {newName}"),
    r14('{oldName} passed away in his sleep last night, he was 14', retire),
    r14('Meet {newName}, the newest member of the family, a rescue {kind}'),
    r14('we have been fostering a {kind}, {newName}, and decided to keep her'),
    r14('we lost {oldName} last month, the house feels so empty', retire),
    r14('just adopted a {kind}, {newName}, 8 weeks old'),
    r14("gave {oldName} to my parents since they have a big garden, he's happier there", retire),
  ],
  phone: [
    r14("my number's changed to {new}, the old one's gone"),
    r14('New number btw → {new}'),
    r14('I got a new phone on a new plan, text me on {new}'),
    r14('i lost my phone so my new number is {new}'),
    r14('Contact number update: {new}'),
    r14("{new} is my number now, {old} doesn't work anymore"),
    r14("If you need to reach me, it's {new} now"),
  ],
  allergy: [
    r14("the allergist says I'm allergic to {new} now as well"),
    r14('ended up in the ER last week, turns out {new} allergy. fun times'),
    r14('add {new} to my allergies please'),
    r14("I'm allergic to {new} now too, started this spring"),
    r14('good news: my {old} allergy is gone after the immunotherapy', retire),
    r14('I can have {old} again, I outgrew the allergy', retire),
    r14("had a bad reaction to {new} last week, so that's another allergy for the list"),
  ],
  language: [
    r14("I've been taking {new} lessons twice a week since January"),
    r14('my {new} is getting decent, I can hold a conversation now'),
    r14('Learning {new} at the moment for our trip next year'),
    r14('I barely remember any {old} now', retire),
    r14('I speak {new} fluently now after two years of practice'),
    r14("I'm doing an intensive {new} course this summer"),
    r14('lost my {old} completely since I stopped practicing', retire),
  ],
  email: [
    r14('my new email address is {new}, please use that'),
    r14('Switched to {new}, {old} is only for spam now'),
    r14('email: {new} (updated)'),
    r14("I don't check {old} anymore, reach me at {new}"),
    r14('going forward, send everything to {new}'),
    r14('I made a new email, {new}'),
    r14('use {new} instead of my old address'),
  ],
  name: [
    r14("I'd rather you call me {new}, nobody calls me {old} anymore"),
    r14("I've legally changed my name, it's {new} now"),
    r14('I go by {new} these days'),
    r14('please address me as {new}'),
    r14('update: my name is {new} now, after the wedding'),
    r14('Everyone calls me {new} now, {old} feels too childish'),
  ],
  favorite_food: [
    r14("I've decided {new} is my favourite food, sorry {old}"),
    r14('my go-to favourite food now is {new}'),
    r14('honestly my favourite food is {new} these days, I could eat it every day'),
    r14('{new} has replaced {old} as my favorite food'),
    r14('fav food: {new}, no contest'),
    r14('My all-time favorite food used to be {old} but {new} wins now'),
  ],
  like: [
    r14("I've really gotten into {new} this year"),
    r14('{new} is my new obsession'),
    r14("I don't enjoy {old} anymore", retire),
    r14("I'm loving {new} lately, it's all I think about"),
    r14("I'm so over {old}", retire),
    r14('Recently discovered {new} and I love it'),
    r14("I'm a huge {new} fan now"),
  ],
  plan: [
    r14("we're off to {new} in June, flights booked!"),
    r14("the {old} trip isn't happening anymore", retire),
    r14('Change of plans, {new} instead of {old} this summer'),
    r14("I'm going to {new} next month for two weeks"),
    r14('we scrapped {old}, too expensive', retire),
    r14('booked a week in {new} for my 30th in November'),
    r14("I'm flying to {new} on the 20th!"),
  ],
};

/** Turns that must change nothing, per attribute (`{other}` is a third value). */
export const ROUND_14_DISTRACTORS: Record<string, string[]> = {
  city: [
    'my cousin just moved to {other} for work',
    'if I lived in {other} would I need a car?',
    "you mentioned {other} earlier, what's the weather like there in May?",
  ],
  diet: [
    "my roommate says I'd feel better if I went {other}",
    'is eating {other} expensive?',
    'my sister has been {other} for years',
  ],
  job: [
    'my wife just got promoted to senior {other}',
    'what does a {other} earn in the UK?',
    'my mom always wanted me to be a {other}',
  ],
  employer: [
    'my best friend just started at {other}',
    "what's it like working at {other}?",
    'you said {other} has good benefits, is that true?',
  ],
  school: [
    'my nephew is applying to {other}',
    'would {other} accept someone with my grades?',
    "our neighbor's kid goes to {other}",
  ],
  partner: [
    'my friend {other} is getting married next month',
    "my sister's boyfriend {other} is so annoying",
    'would it be weird to date someone named {other}?',
  ],
  pet: ["if I got a {kind} I'd call it {other}", 'our neighbour just got a {kind}, {other}, super cute'],
  phone: [
    "my dad's new number is {other}",
    'is {other} a scam number? they keep ringing me',
    "save {other} as my mum's number",
  ],
  allergy: [
    'my daughter turned out to be allergic to {other}',
    'what are the symptoms of a {other} allergy?',
    "my husband thinks I'm allergic to {other} but I'm really not",
  ],
  language: [
    'my boss speaks fluent {other}',
    'would it be easier to learn {other} or Dutch?',
    'you replied in {other} last time, please stick to English',
  ],
  email: ["send the invoice to {other}, it's my accountant's address", "my wife's email is {other}"],
  name: ["my son's name is {other}", "you called me {other} earlier, that's not my name"],
  favorite_food: ["my girlfriend's favorite food is {other}", 'what wine goes with {other}?'],
  like: ['my kids are really into {other} right now', 'you said you like {other}, why?'],
  plan: [
    'my parents are going to {other} in the fall',
    'we might go to {other} someday if we ever save up',
    'my friend asked if I wanted to go to {other} with her',
  ],
};
