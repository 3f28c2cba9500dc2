/**
 * Likes, dislikes, hobbies and favourites: "I love hiking and jazz", "I'm a big fan of sushi",
 * "I like to paint", "I can't stand cilantro", "I'm not a fan of horror movies", "my hobbies are
 * chess and baking", "I play the guitar", "I do yoga", "I took up pottery", "I go climbing every
 * week", "my favourite colour is green", "pizza is my favorite food"; and what no longer holds
 * ("I don't like sushi anymore", "I quit running").
 * @module
 */
import { ADV, SUBJ, SUBJ_OR_NONE, pattern } from '../grammar.js';
import { ACTIVITIES, DISHES, alternation } from '../lexicon.js';
import { FAVORITE_CATEGORIES } from '../../attributes.js';
import { after, find, propose, type Proposal, type Reader } from '../reader.js';
import { cutList, cutValue, gerund } from '../values.js';

const GATE = new RegExp(
  String.raw`\b(?:lov|like|enjoy|adore|into|obsess|fan\b|passion|crazy about|addict|soft spot|thing for` +
    String.raw`|dig|prefer|fond|hate|dislike|detest|loathe|stand|bear|care for|despise|sick of|tired of` +
    String.raw`|hobb|pastime|free time|spare time|play|do\b|practi|took up|taken up|picked up|got into` +
    String.raw`|started|go\b|favou?rite|fave|fav\b|quit|stopped|gave up|no longer|person\b|lover|nerd|geek|buff` +
    String.raw`|supporter|the worst|gross|disgusting|nasty|vile|revolting|unbearable|all about|all in on|big on` +
    String.raw`|keen on|mind|\bno\b|not for me|not my thing|dealbreaker|peace|come around|came around|warmed)`,
  'iu',
);

const ACTIVITY = alternation(ACTIVITIES);
const ACTIVITY_ONLY = new RegExp(`^${ACTIVITY}$`, 'iu');
const ACTIVITY_START = new RegExp(`^\\s*(${ACTIVITY})\\b`, 'iu');
const LIKE = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:absolutely |really |totally |truly |also |just |kind of |kinda ` +
    String.raw`|do |still )*(love|adore|like|enjoy|am into|am really into|am obsessed with|am a (?:big ` +
    String.raw`|huge |massive |great |real )?fan of|am passionate about|am crazy about|am mad about` +
    String.raw`|am addicted to|have a passion for|have a soft spot for|have a thing for|dig|am fond of` +
    String.raw`|am a sucker for|prefer|am hooked on|live for|am all about|am all in on|am (?:really |very ` +
    String.raw`|super )?(?:big|keen) on|am (?:really |very |so )?(?:enjoying|loving)` +
    String.raw`|have been (?:really )?(?:enjoying|loving)` +
    // Coming to like something: "I've grown to love jazz", "I got really into techno".
    String.raw`|(?:grew|came|learned|learnt|have grown|have come) to (?:love|like|enjoy|adore|appreciate)` +
    String.raw`|(?:got|have got|have gotten|am getting|have been getting|have been) (?:really |very |so |super ` +
    String.raw`|big )?into` +
    String.raw`|(?:fell|have fallen) in love with)\s+`,
);
const DISLIKE = pattern(
  String.raw`(?:(?:^|\b)${SUBJ}\s+|^)${ADV}(?:really |absolutely |totally |just |honestly )*(hate|dislike` +
    String.raw`|detest|loathe|can not stand|can not bear|do not like|do not enjoy|do not care for|(?:am )?not ` +
    String.raw`(?:a )?(?:big |huge )?fan of|am not into|despise|am sick of|am tired of|am not fond of` +
    String.raw`|abhor|do not love|am not crazy about` +
    // Coming to dislike something: "I've come to hate olives", "I started to hate crowds".
    String.raw`|(?:grew|came|have grown|have come|started|have started|began|am starting) to (?:really |truly ` +
    String.raw`|totally )?(?:hate|dislike|loathe` +
    String.raw`|despise|detest))\s+`,
);
/** "Olives are a hard no for me", "crowds are not for me these days": the thing first, then the verdict. */
const IS_A_NO = new RegExp(
  String.raw`^(?!(?:it|that|this|which|there|he|she|they|you)\b)(.{2,40}?) (?:is|are) ` +
    String.raw`(?:(?:just|really|honestly|definitely` +
    String.raw`|absolutely) )?(?:a (?:hard |big |firm |total )?no|not for me|not my thing|a dealbreaker)` +
    String.raw`(?: for me)?(?:\s|[.!,]|$)`,
  'iu',
);
/** "Olives are the worst", "spicy food is gross": a verdict on a thing that is not the user's own. */
const IS_THE_WORST = new RegExp(
  String.raw`^(?!(?:it|that|this|which|there|he|she|they|you|my|our|your|his|her|their|the|today|tonight|work)\b)` +
    String.raw`([\p{L}-]+(?: [\p{L}-]+){0,2}?) (?:is|are) (?:(?:just|really|honestly|literally|so|absolutely) )?` +
    String.raw`(?:the worst|gross|disgusting|nasty|vile|revolting|unbearable)(?:,? honestly| for me` +
    String.raw`| to me)?\s*(?:[.!]|$)`,
  'iu',
);
/** "I don't mind olives anymore", "I no longer hate crowds": a dislike that no longer holds. */
const UNDISLIKE = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:(?:do not|no longer) (?:mind|hate|dislike|detest|loathe)` +
    // "I have made peace with" is read in its plain form, "I made peace with".
    String.raw`|(?:have )?made peace with|(?:have )?come around (?:to|on)|came around (?:to|on)` +
    String.raw`|(?:have )?warmed up to)\s+`,
);
const UNLIKE = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:no longer|do not|did not) (?:like|love|enjoy|care for)\s+`,
);
const LOST_INTEREST = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:went off|got tired of|got bored of|got bored with|lost interest in|fell out of love with` +
    String.raw`|grew out of)\s+`,
);
const FAVORITE = new RegExp(
  String.raw`(?:\bmy |^)(?:absolute |all-time |all time |current |new |personal |top |ultimate )?(?:favou?rite` +
    String.raw`|fave|fav|go-to|go to) ((?:thing|things) to (?:eat|drink|watch|read)` +
    String.raw`|[\p{L}-]+(?: (?!these\b|nowadays\b|now\b|lately\b|currently\b|right\b|at\b|so\b|for\b)[\p{L}-]+)?)` +
    String.raw`(?: (?:these days|nowadays|lately|currently|right now|at the moment|now))?,? (?:is|are|has to be` +
    String.raw`|has become|became|is now|is definitely|is probably|=|:)\s+(?:now\s+|definitely\s+)?`,
  'iu',
);
const IS_FAVORITE = new RegExp(
  String.raw`^(.{1,40}?) (?:is|are|has become|have become|became) (?:definitely |probably |still |now )?my ` +
    String.raw`(?:absolute |all-time |new |personal |top )?(?:favou?rite|fave|fav)` +
    String.raw`(?: ([\p{L}-]+(?: (?!now\b|these\b|nowadays\b)[\p{L}-]+)?))?` +
    String.raw`\s*(?:[.!,]|$|now\b|these days\b|nowadays\b)`,
  'iu',
);
const HOBBIES = new RegExp(
  String.raw`\bmy (?:main |favou?rite |new |biggest )?(?:hobby|hobbies|pastime|pastimes|passion|passions` +
    String.raw`) (?:is|are|include|includes|=|:)\s+`,
  'iu',
);
const PLAY = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:play|have been playing|started playing|play a lot of|have played|do|practi[cs]e|have been doing` +
    String.raw`|have been practi[cs]ing|started doing|took up|have taken up|picked up|got into|started` +
    String.raw`|have started|started learning|am learning to play|learned to play|go)\s+(?:a lot of ` +
    String.raw`|some |a bit of |competitive |amateur |recreational )?`,
);
const FREE_TIME = new RegExp(
  String.raw`\b(?:in my (?:free|spare) time|on (?:the )?weekends|for fun|to relax|as a hobby),?\s+` +
    String.raw`(?:I\s+)?(?:like to |love to |enjoy |usually |often |mostly )?`,
  'iu',
);
const QUIT_ACTIVITY = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:quit|stopped|gave up|have given up|have stopped|have quit|dropped)\s+(?:playing |doing |going )?`,
);

/** A taste said as a change: the opposite taste no longer holds. */
const CHANGED_TASTE = new RegExp(
  String.raw`\b(?:now|these days|nowadays|lately|anymore|any more|no longer|grew to|came to|learned to|learnt to` +
    String.raw`|got into|gotten|getting into|fell in love)\b`,
  'iu',
);

const CATEGORY_SYNONYMS = new Map([
  ['film', 'movie'],
  ['films', 'movie'],
  ['movies', 'movie'],
  ['dish', 'food'],
  ['meal', 'food'],
  ['thing to eat', 'food'],
  ['things to eat', 'food'],
  ['thing to drink', 'drink'],
  ['thing to watch', 'show'],
  ['thing to read', 'book'],
  ['tv show', 'show'],
  ['tv series', 'series'],
  ['colour', 'color'],
  ['musician', 'artist'],
  ['band', 'band'],
  ['books', 'book'],
  ['novel', 'book'],
  ['writer', 'author'],
  ['sports', 'sport'],
  ['video game', 'game'],
  ['games', 'game'],
  ['foods', 'food'],
  ['drinks', 'drink'],
  ['songs', 'song'],
  ['singers', 'singer'],
  ['tv', 'show'],
  ['football team', 'team'],
  ['sports team', 'team'],
  ['type of music', 'music'],
  ['kind of music', 'music'],
  ['music genre', 'genre'],
  ['genre of music', 'genre'],
  ['pastime', 'hobby'],
  ['city in the world', 'city'],
]);
const CATEGORIES = new Set<string>(FAVORITE_CATEGORIES);

/** Values a like never is: pronouns, "how…", "the idea of…", "my job" (a feeling about one's own, not a taste). */
const NOT_A_LIKE = new RegExp(
  String.raw`^(?:it|that|this|these|those|them|him|her|you|u|y'all|ya|everyone|everybody|myself|how` +
    String.raw`|when|what|where|why|who|the way|the idea|the thought|the fact|the feeling|the sound of that` +
    String.raw`|hearing|seeing|knowing|being|having|getting|my|our|your|his|their|its|each other|one another` +
    String.raw`|one|some|all of|both|every|any|to hear|to see|to know|to be|to have|to get|about|that you` +
    String.raw`|it when|when you|the most|more|most|less|a lot|lots|so much|too much)\b`,
  'iu',
);

function categoryName(raw: string): string | undefined {
  const c = raw.toLowerCase();
  const mapped = CATEGORY_SYNONYMS.get(c) ?? c;
  if (CATEGORIES.has(mapped)) return mapped;
  const last = mapped.split(' ').at(-1)!;
  const lastMapped = CATEGORY_SYNONYMS.get(last) ?? last;
  return CATEGORIES.has(lastMapped) ? lastMapped : undefined;
}

/** A value that is a dish ("curry", "pad thai"): a favourite said without a category is a food. */
const DISH = new RegExp(`^${alternation(DISHES)}$`, 'iu');

function favorite(categoryRaw: string | undefined, value: string): Proposal[] {
  if (!categoryRaw && DISH.test(value)) return [propose('favorite_food', value)];
  if (!categoryRaw) return [propose('like', value, 'state', { text: `The user's favorite is ${value}.` })];
  const category = categoryName(categoryRaw);
  if (category) return [propose(`favorite_${category}`, value)];
  return [propose('like', value, 'state', { text: `The user's favorite ${categoryRaw.toLowerCase()} is ${value}.` })];
}

/** "to paint" → "painting"; "to go hiking" → "going hiking"; other values as they are. */
function activityForm(value: string): string {
  const to = /^to\s+([\p{L}-]+)(.*)$/iu.exec(value);
  return to ? `${gerund(to[1]!)}${to[2]}` : value;
}

/**
 * A taste rather than a remark: not "the energy" or "the colors" (an opinion of something just
 * mentioned, unless it is a name: "the Beatles"), not a bare "-ing" word ("watching") unless it
 * is an activity ("hiking").
 */
function isTaste(value: string): boolean {
  if (NOT_A_LIKE.test(value)) return false;
  if (/^the\s+\p{Ll}/u.test(value)) return false;
  if (/^[\p{L}-]+ing$/iu.test(value) && !ACTIVITY_ONLY.test(value)) return false;
  return true;
}

function likes(rest: string): string[] {
  if (NOT_A_LIKE.test(rest.trim())) return [];
  const items = cutList(rest, 'thing').map(activityForm);
  // "I love the energy, diversity and food of this city": a remark about one thing, not tastes.
  if (items.length > 1 && !isTaste(items[0]!)) return [];
  return items.filter(isTaste);
}

function activity(rest: string): string | undefined {
  const m = ACTIVITY_START.exec(rest);
  return m ? m[1]!.toLowerCase().replace(/^the /u, '') : undefined;
}

function readFavorite(text: string): Proposal[] {
  const m = find(text, FAVORITE);
  if (m) {
    const value = cutValue(after(text, m), 'thing');
    return value && !NOT_A_LIKE.test(value) ? favorite(m[1], value) : [];
  }
  const is = IS_FAVORITE.exec(text);
  if (is) {
    const value = cutValue(is[1]!, 'thing');
    return value && !NOT_A_LIKE.test(value) && !/^(?:you|this|that|it|he|she|they)\b/iu.test(is[1]!)
      ? favorite(is[2], value)
      : [];
  }
  return [];
}

/** "I'm a huge techno person now", "I'm a big jazz fan": a like said as what kind of person the user is. */
const KIND_OF_PERSON = new RegExp(
  String.raw`^I am (?:a |an )?(?:(?:big|huge|massive|total|real|true|die-hard|crazy|lifelong|long-time|longtime` +
    String.raw`|loyal|avid|proud)\s+)?` +
    String.raw`([\p{L}-]+(?: [\p{L}-]+)?) (?:person|fan|lover|addict|nerd|geek|junkie|enthusiast|buff|supporter)` +
    String.raw`(?:\s+(?:now|these days|lately)\b)?\s*(?:[.!,]|$)`,
  'iu',
);
/** Kinds of person that are not a taste: "a people person", "a morning person". */
const NOT_A_TASTE = /^(?:people|morning|night|early|late|social|private|busy|lucky|family|different|new|good|bad)$/iu;

/** How much, after what is liked: "enjoying techno a lot". */
const AMOUNT = /\s+(?:a lot|so much|very much|loads|a ton|like crazy)\b.*$/iu;

function readLikes(text: string): Proposal[] {
  const kind = KIND_OF_PERSON.exec(text);
  if (kind && !NOT_A_TASTE.test(kind[1]!) && !NOT_A_LIKE.test(kind[1]!)) return [propose('like', kind[1]!)];
  let m = find(text, UNLIKE);
  // "I don't like X anymore" retires a like; "I don't like X" is a dislike, read below.
  if (m && (/\b(?:anymore|any more|no longer)\b/iu.test(text) || /no longer/iu.test(m[0])))
    return likes(after(text, m)).map((v) => propose('like', v, 'retire', { dated: true }));
  m = find(text, UNDISLIKE);
  if (m && (/\b(?:anymore|any more|no longer|now|these days)\b/iu.test(text) || !/\bdo not\b/iu.test(m[0])))
    return likes(after(text, m)).map((v) => propose('dislike', v, 'retire', { dated: true }));
  const no = IS_A_NO.exec(text) ?? IS_THE_WORST.exec(text);
  if (no) return likes(no[1]!).map((v) => propose('dislike', v));
  m = find(text, LOST_INTEREST);
  if (m) return likes(after(text, m)).map((v) => propose('like', v, 'retire', { dated: true }));
  // A like and a dislike of one thing cannot both hold: one said as a change ("these days", "grown
  // to love") retires the other.
  const change = CHANGED_TASTE.test(text);
  m = find(text, DISLIKE);
  // "Can't stand hiking anymore": the like it was retires.
  if (m)
    return likes(after(text, m)).flatMap((v) => [
      propose('dislike', v),
      ...(change ? [propose('like', v, 'retire', { dated: true })] : []),
    ]);
  m = find(text, LIKE);
  if (m)
    return likes(after(text, m).replace(AMOUNT, '')).flatMap((v) => [
      propose('like', v),
      ...(change ? [propose('dislike', v, 'retire')] : []),
    ]);
  return [];
}

function readHobbies(text: string): Proposal[] {
  let m = find(text, QUIT_ACTIVITY);
  if (m) {
    const value = activity(after(text, m));
    return value ? [propose('hobby', value, 'retire', { dated: true })] : [];
  }
  m = find(text, HOBBIES);
  if (m)
    return cutList(after(text, m), 'thing')
      .map(activityForm)
      .filter((v) => !NOT_A_LIKE.test(v))
      .map((v) => propose('hobby', v));
  m = find(text, PLAY);
  if (m) {
    const value = activity(after(text, m));
    const verb = m[0].toLowerCase().trim();
    // "I go" takes an "-ing" activity ("I go climbing"), not "I go tennis".
    if (value && !(/\bgo$/u.test(verb) && !/ing$/u.test(value)))
      return [propose('hobby', value, 'state', { dated: /took|taken|picked|got into|started/u.test(verb) })];
  }
  m = find(text, FREE_TIME);
  if (m) {
    const rest = text.slice(m.index + m[0].length);
    const played = activity(rest.replace(/^(?:go|do|play)\s+/iu, ''));
    const said = played ?? cutValue(rest, 'thing');
    // "In my free time I paint": a verb, read as "painting".
    const value = played ?? (said && /\bI\s*$/u.test(m[0]) ? activityForm(`to ${said}`) : said);
    return value && !NOT_A_LIKE.test(value) ? [propose('hobby', value)] : [];
  }
  return [];
}

/** "…but it's definitely curry now": a favourite said with "it", the clause a value and a change word. */
const IT_IS_NOW = new RegExp(
  String.raw`(?:^|[,;]\s*|\b(?:but|and)\s+)(?:it is|its|it has become|now it is|it is now) ` +
    String.raw`(?:definitely |probably |totally |officially ` +
    String.raw`|clearly )?(?!(?:a|an|the|my|your|not|so|too|very|really|over|fine|ok|okay|good|great|different` +
    String.raw`|time)\b)` +
    String.raw`([\p{L}-]+(?: [\p{L}-]+)?) (?:now|these days|nowadays)\s*[.!]*$`,
  'iu',
);
/** A favourite the turn says was the user's: "pasta was my favourite food", "my favorite band used to be Muse". */
const FAVORITE_TALK = new RegExp(
  String.raw`\b(?:was|used to be) (?:my|our) (?:all-time |old )?(?:favou?rite|fave|fav)` +
    // The category may be left out ("pasta was my favorite but…").
    String.raw`(?: (?!but\b|and\b|so\b|though\b|any ?more\b|now\b|until\b|for\b)([\p{L}]+)\b|(?=\s*(?:[,.;!]` +
    String.raw`|(?:but|and|so|though|any ?more|now|until|for)\b|$)))` +
    String.raw`|\b(?:my|our) (?:all-time |old )?(?:favou?rite|fave|fav) ([\p{L}]+) (?:was|used to be)\b`,
  'iu',
);

/** "…, it's my favorite": the thing liked before it is the user's favourite. */
const IT_IS_MY_FAVORITE = new RegExp(
  String.raw`,\s*(?:and\s+)?(?:it is|its|that is|they are) (?:now |officially |definitely )?(?:my|our) (?:new ` +
    String.raw`|all-time )?(?:favou?rite|fave|fav|number one|no\.? ?1|#1` +
    String.raw`|top pick)(?: ([\p{L}]+))?\s*(?:now\s*)?[.!]*$`,
  'iu',
);
/** "nothing beats tacos", "nothing tops ramen these days": the user's favourite. */
const NOTHING_BEATS = new RegExp(
  String.raw`^(?:(?:these days|nowadays|honestly|for me|lately|right now),?\s+)?nothing (?:else )?(?:beats|tops` +
    String.raw`|compares to|comes close to)\s+`,
  'iu',
);

/** Reads likes, dislikes, hobbies and favourites. */
export const readPreferences: Reader = ({ text, turnFind }) => {
  const beats = NOTHING_BEATS.exec(text);
  const best = beats ? cutValue(text.slice(beats[0].length), 'thing') : undefined;
  if (best && !NOT_A_LIKE.test(best)) return favorite(undefined, best);
  const favoriteAfter = IT_IS_MY_FAVORITE.exec(text);
  if (favoriteAfter) {
    const liked = readLikes(text.slice(0, favoriteAfter.index)).filter(
      (p) => p.kind === 'state' && p.attribute === 'like',
    );
    if (liked.length === 1) return favorite(favoriteAfter[1], liked[0]!.value);
  }
  const it = IT_IS_NOW.exec(text);
  const talk = it ? turnFind(FAVORITE_TALK) : undefined;
  if (it && talk) {
    const category = talk[1] ?? talk[2];
    const said = category
      ? readFavorite(`my favourite ${category.toLowerCase()} is ${it[1]}`)
      : favorite(undefined, it[1]!);
    if (said.length > 0) return said;
  }
  if (!GATE.test(text)) return [];
  const favorites = readFavorite(text);
  return favorites.length > 0 ? favorites : [...readLikes(text), ...readHobbies(text)];
};
