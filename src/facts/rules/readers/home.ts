/**
 * Where the user lives: "I live in Berlin", "we moved to Berlin last month", "I moved from Lyon
 * to Berlin", "I'm based in Berlin", "our new flat in Berlin", "Berlin is home now", "I'm in
 * Berlin now"; and where they no longer live ("we moved out of Lyon"). "I no longer live in…"
 * and "I used to live in…" are read by the extractor's negation and past-habit variants.
 * @module
 */
import { ADV, SUBJ, SUBJ_OR_NONE, pattern } from '../grammar.js';
import { after, find, propose, type Proposal, type Reader } from '../reader.js';
import { cutValue } from '../values.js';

const GATE = new RegExp(
  String.raw`\b(?:address|am in|are in|been in|home|where|headed|went|came|based|settl|resident|people|folks` +
    String.raw`|locals?|citizens?|liv|resid|based|settled|moved|move|moving|bought|rent|relocat|emigrat` +
    String.raw`|home|apartment` +
    String.raw`|flat|house|place|condo|now|these days|nowadays|for good|permanently|neighbou?rhood|city|town|from)`,
  'iu',
);

const LIVE = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:(?:live|reside)|(?:(?:am|are|is)\s+${ADV})?(?:living|residing|based|settled|located|stationed)|` +
    String.raw`(?:have|has)\s+${ADV}(?:been\s+${ADV})?(?:living|lived|based|settled|residing|resided)|settled)`,
  String.raw`\s+${ADV}(?:here\s+)?(?:in|out in|over in|down in|up in|out of)\s+`,
);

const MOVED = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:(?:have|has)\s+${ADV})?(?:moved|relocated|emigrated|immigrated|moved back|moved house` +
    String.raw`|moved over|moved out|` +
    (String.raw`moved away|moved here|came over)\s+${ADV}(?:(?:back |over |all the way |here |house ` +
      String.raw`|abroad |overseas ` +
      String.raw`|out west |out east |up north |down south |across the (?:country|world|pond|ocean|border) )?` +
      // "moved in together", "moved in with Maria": who the user lives with, not a place.
      String.raw`(?:to|into|in(?!\s+(?:together|with)\b))\s+|(?=from\s))`),
);

const SINCE_MOVING = new RegExp(
  String.raw`\b(?:since|after|ever since|before|now that I am|now that we are)\s+(?:moving|relocating` +
    String.raw`|we moved|I moved|the move|our move|my move)\s+(?:here\s+)?(?:to|into)\s+`,
  'iu',
);
const MOVING_WAS = /^(?:moving|relocating|the move|living|life) (?:to|in)\s+(.+?)\s+(?:was|has been|is|has)\b/iu;
const BOUGHT_HOME = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:(?:have|has)\s+)?(?:bought|purchased|rented|are renting|am renting|rent|own|found` +
    String.raw`|got|signed a lease on|moved into)\s+(?:a|an|our|my|the)\s+(?:new\s+|first\s+|little\s+` +
    String.raw`|small\s+|big\s+|lovely\s+)*(?:house|home|flat|apartment|apt|condo|place|studio|townhouse` +
    String.raw`|cottage)\s+(?:in|here in)\s+`,
);
const BOUGHT_ONE = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:(?:have|has)\s+)?(?:bought|purchased|rented|found|got)\s+(?:a new\s+)?one\s+(?:in|here in)\s+`,
);
const HOME_NOUN = /\b(?:house|home|flat|apartment|condo|place|studio|townhouse|cottage)\b/iu;
const MOVED_FROM_TO = /^\s*from\s+(.+?)\s+(?:to|into)\s+(.+)$/iu;
const MOVED_OUT = pattern(SUBJ_OR_NONE, ADV, String.raw`(?:moved|relocated) (?:out of|away from)\s+`);
const THE_MOVE = /\b(?:my|our|the) (?:recent |big |latest )?(?:move|relocation) to\s+/iu;
const NEW_HOME = new RegExp(
  String.raw`\b(?:(?:my|our) (?:new |current )?|the new )(?:home|place|apartment|apt|flat|house|condo` +
    String.raw`|studio|neighbou?rhood)\s+` +
    String.raw`(?:is\s+)?(?:now\s+)?(?:in|here in)\s+|\bmy (?:new |current )?address is (?:now )?in\s+`,
  'iu',
);
/** Before "our place in Lyon": a home given up. */
const LEFT_HOME = new RegExp(
  String.raw`\b(?:sold|selling|sell|left|leaving|gave up|giving up|moved out of|moving out of)\s+` +
    String.raw`(?:(?:my|our) )?(?:old )?(?:home|place|apartment|apt|flat|house|condo|studio)\s+in\s+$`,
  'iu',
);
const HOME_IS = /\b(?:home|my home|our home|my base) (?:is|=) (?:now |currently )?/iu;
const CALL_HOME = /\b(?:I|we) (?:now )?call\s+/iu;
const IS_HOME = /^(\p{Lu}[\p{L}.'-]*(?: \p{Lu}[\p{L}.'-]*){0,3}) is (?:now |officially )?(?:my |our )?(?:new )?home\b/u;
const IN_NOW = pattern(String.raw`(?:^|\b)${SUBJ}\s+(?:am|are)\s+${ADV}(?:back\s+)?(?:in|over in|out in)\s+`);
/** "I'm a Denver resident now", "we're officially Tokyo people": the place before a word for its people. */
const RESIDENT = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+(?:am|are)\s+${ADV}(?:a |an |officially |proud |now |full-time )*(\p{L}[\p{L}.'-]*` +
    String.raw`(?: \p{L}[\p{L}.'-]*){0,2}) (?:resident|residents|people|folks|locals?|citizens?|homeowners?)\b`,
);
/** "Denver has been home since March", "Denver is where I live now": the place first. Case-sensitive. */
const PLACE_IS_HOME = new RegExp(
  String.raw`^(\p{Lu}[\p{L}.'-]*(?: \p{Lu}[\p{L}.'-]*){0,3}) (?:has been|is|became|feels like) (?:my ` +
    String.raw`|our )?(?:new |true |real )?(?:home|city|town|base)\b` +
    String.raw`|^(\p{Lu}[\p{L}.'-]*(?: \p{Lu}[\p{L}.'-]*){0,3}) is where ` +
    String.raw`(?:I|we) (?:live|am based|are based|call home|reside)\b`,
  'u',
);
/** "New city: Lisbon", "new home - Porto". */
const NEW_CITY = /^(?:my |our )?new (?:city|home|town|address|place|base|home town|country)\s*(?:[:=-]|is)\s*/iu;
/** "We're renting in Edinburgh". */
const RENTING = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+(?:am|are|have been)\s+${ADV}(?:renting|subletting|house-sitting|housesitting)\s+` +
    String.raw`(?:a (?:place|flat|room|house|apartment) )?in\s+`,
);
/** "…and into a place in Melbourne" after "moved out of Sydney". */
const INTO = new RegExp(
  String.raw`\binto\s+(?:a |our |my |the )?(?:new |little |small |bigger )?(?:place|flat|apartment` +
    String.raw`|house|home|condo)?\s*(?:in\s+)?(?=\p{Lu})`,
  'u',
);
/** "Hello from Edinburgh!" in a turn about a move. */
const HELLO_FROM =
  /^(?:(hello|hi|hey|greetings|love|cheers|writing|waving)\s+)?from\s+(?:sunny\s+|rainy\s+|beautiful\s+)?/iu;
/** A clause that is a place name alone ("from Edinburgh!" once the greeting is dropped as filler). */
const PLACE_ALONE = /^\p{Lu}[\p{L}.'-]*(?: \p{Lu}[\p{L}.'-]*){0,3}\s*[!.]*$/u;
/** "We packed up and headed to Denver for good": a move said by its permanence. */
const FOR_GOOD = pattern(
  String.raw`\b(?:headed|went|came|moved|relocated|headed back|went back|came back)\s+(?:back\s+)?` +
    String.raw`(?:to|over to|out to|down to|up to)\s+(.+?)\s+(?:for good|permanently|to stay)\b`,
);
/** "We're Denver-based now". */
const PLACE_BASED = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+(?:am|are)\s+${ADV}(\p{L}[\p{L}.'-]*(?: \p{L}[\p{L}.'-]*){0,2})-based\b`,
);
/** "I'm settling in nicely in Denver", "settled into life in Denver". */
const SETTLING = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:am |are )?(?:settling|settled|getting settled)(?:\s+in)?(?:\s+(?:nicely|well|fine` +
    String.raw`|slowly|quickly))?\s+(?:in|into)\s+(?:life in\s+|our new home in\s+|my new home in\s+)?`,
);
/** A turn about moving: "I'm in Denver" there means the user lives there. */
const MOVE_TALK = new RegExp(
  String.raw`\b(?:anymore|any more|no longer|moved|move|moving|relocat\w*|settl\w*|new (?:place|home` +
    String.raw`|city|apartment|flat|house))\b`,
  'iu',
);
/** "We've been in Lisbon since the spring": a stay with a start or a length is where the user lives. */
const BEEN_IN = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:have|has) been (?:living |based |staying )?(?:here )?in\s+(?=\p{Lu})`,
);
const STAY = new RegExp(
  String.raw`^\s*(?:since\b|for\s+(?:(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of` +
    String.raw`|several|many|some|over a|almost a|nearly a)\s+(?:months?|years?)|a while|ages|a long time|years` +
    String.raw`|months|good)\b)`,
  'iu',
);
const NOW_MARK = /^\s*(?:now|these days|nowadays|for good|permanently|full[- ]time|since\b)/iu;

function home(value: string | undefined, dated = true): Proposal[] {
  return value ? [propose('city', value, 'state', { dated })] : [];
}

/** Reads the city (or town, or country) the user lives in. */
/** A place said alone with "now" ("Berlin now.", "it's Denver now!"). Case-sensitive, for the capital. */
const BARE_PLACE_NOW = new RegExp(
  String.raw`^(?:(?:[Ii]t is|[Ii]ts|[Nn]ow|[Ss]o|[Aa]nd)\s+)?(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)\s+(?:now` +
    String.raw`|these days)\s*[.!]*$`,
  'u',
);
/** Words a capitalised "X now" cannot be a place for. */
const NOT_A_PLACE = new RegExp(
  String.raw`^(?:I|We|It|That|This|He|She|They|Me|Us|Home|Here|There|Monday|Tuesday|Wednesday|Thursday|Friday` +
    String.raw`|Saturday|Sunday|Done|Ok|Okay)$`,
  'u',
);
/** The turn says the user moved (not teams, desks or jobs). */
const USER_MOVED = new RegExp(
  String.raw`\b(?:I|we)\s+(?:just |finally |have |officially )?(?:moved|relocated)\b` +
    String.raw`(?!\s+(?:teams?|jobs?|departments?|desks?|offices?|roles?|companies|on|up|in with|over to)\b)` +
    String.raw`|^(?:just |finally )?(?:moved|relocated)\b(?!\s+(?:teams?|jobs?|departments?|desks?|offices?` +
    String.raw`|roles?|on|up)\b)` +
    String.raw`|\bwe did it,? we moved\b|\bthe move is done\b`,
  'iu',
);

export const readHome: Reader = ({ text, turnMentions }) => {
  // "we moved! Berlin now.": a place and "now" alone, in a turn that says the user moved.
  const bare = BARE_PLACE_NOW.exec(text);
  if (bare && !NOT_A_PLACE.test(bare[1]!) && turnMentions(USER_MOVED)) {
    const place = cutValue(bare[1]!, 'place');
    if (place) return [propose('city', place, 'state', { dated: true })];
  }
  if (!GATE.test(text)) return [];
  let m = find(text, MOVED_OUT);
  if (m) {
    const rest = after(text, m);
    const old = cutValue(rest, 'place');
    const into = INTO.exec(rest);
    const now = into ? cutValue(rest.slice(into.index + into[0].length), 'place') : undefined;
    const out = old ? [propose('city', old, 'retire', { dated: true })] : [];
    if (now) out.push(propose('city', now, 'state', { replaces: old, dated: true }));
    return out;
  }
  const newCity = NEW_CITY.exec(text);
  if (newCity) return home(cutValue(text.slice(newCity[0].length), 'place'));
  m = find(text, RENTING);
  if (m) return home(cutValue(after(text, m), 'place'));
  m = find(text, MOVED);
  if (m) {
    const rest = after(text, m);
    const fromTo = MOVED_FROM_TO.exec(rest);
    if (fromTo) {
      const now = cutValue(fromTo[2]!, 'place');
      const old = cutValue(fromTo[1]!, 'place');
      return now ? [propose('city', now, 'state', { replaces: old, dated: true })] : [];
    }
    const only = /^\s*from\s+(.+)$/iu.exec(rest);
    if (only) {
      const old = cutValue(only[1]!, 'place');
      return old ? [propose('city', old, 'retire', { dated: true })] : [];
    }
    const value = cutValue(rest, 'place');
    const from = value ? /\bfrom\s+(.+)$/iu.exec(rest.slice(rest.indexOf(value) + value.length)) : null;
    const old = from ? cutValue(from[1]!, 'place') : undefined;
    return value ? [propose('city', value, 'state', { replaces: old, dated: true })] : [];
  }
  m = find(text, LIVE);
  if (m) return home(cutValue(after(text, m), 'place'));
  m =
    find(text, SINCE_MOVING) ??
    find(text, BOUGHT_HOME) ??
    // "We sold our flat in Lyon and bought one in Berlin": "one" is the home the turn names.
    (turnMentions(HOME_NOUN) ? find(text, BOUGHT_ONE) : undefined);
  if (m) return home(cutValue(after(text, m), 'place'));
  const moving = MOVING_WAS.exec(text);
  if (moving) return home(cutValue(moving[1]!, 'place'));
  m = find(text, THE_MOVE) ?? find(text, NEW_HOME);
  if (m) {
    const value = cutValue(after(text, m), 'place');
    // "Sold our place in Lyon": the home given up.
    if (value && LEFT_HOME.test(text.slice(0, m.index + m[0].length)))
      return [propose('city', value, 'retire', { dated: true })];
    return home(value);
  }
  m = find(text, HOME_IS);
  // "Home is Lisbon these days", not "a safe home is key": a name.
  if (m && /^\p{Lu}/u.test(after(text, m))) return home(cutValue(after(text, m), 'place'));
  m = find(text, CALL_HOME);
  if (m) {
    const rest = after(text, m);
    const value = /\shome\b/iu.test(rest) ? cutValue(rest.replace(/\s+home\b.*$/isu, ''), 'place') : undefined;
    return home(value);
  }
  const hello = HELLO_FROM.exec(text);
  if (hello && turnMentions(MOVE_TALK)) {
    const rest = text.slice(hello[0].length);
    if (hello[1] || PLACE_ALONE.test(rest)) return home(cutValue(rest, 'place'));
  }
  const first = PLACE_IS_HOME.exec(text);
  if (first) return home(cutValue(first[1] ?? first[2]!, 'place'));
  m = find(text, BEEN_IN);
  if (m) {
    const rest = after(text, m);
    const value = cutValue(rest, 'place');
    // "since the spring", "for two years": a stay that long; "for a week" is a trip.
    if (value && STAY.test(rest.slice(rest.indexOf(value) + value.length))) return home(value);
  }
  m = find(text, FOR_GOOD) ?? find(text, PLACE_BASED);
  if (m) return home(cutValue(m[1]!, 'place'));
  m = find(text, SETTLING);
  if (m) return home(cutValue(after(text, m), 'place'));
  const resident = find(text, RESIDENT);
  if (resident && /^\p{Lu}/u.test(resident[1]!)) return home(cutValue(resident[1]!, 'place'));
  const is = IS_HOME.exec(text);
  if (is) return home(cutValue(is[1]!, 'place'));
  m = find(text, IN_NOW);
  if (m) {
    const rest = after(text, m);
    const value = cutValue(rest, 'place');
    const tail = value ? rest.slice(rest.indexOf(value) + value.length) : '';
    const marked = /\b(?:now|these days|nowadays)\b/iu.test(text) || turnMentions(MOVE_TALK);
    // "I'm in Berlin now", not "I'm in awe of…": a name, or "now".
    const named = /^\p{Lu}/u.test(rest) || /\b(?:now|these days|nowadays)\b/iu.test(text);
    if (value && named && (marked || NOW_MARK.test(tail))) return home(value);
  }
  return [];
};
