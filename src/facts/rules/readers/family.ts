/**
 * Partner, relationship status, children and siblings: "my wife Anna", "my girlfriend's name is
 * Maria", "I'm dating Sam", "I married Maria", "Anna and I broke up", "my ex, Anna", "I'm
 * engaged", "I got divorced", "I have two kids", "my son Leo", "we had a baby girl named Mia",
 * "I have a sister named Ana".
 * @module
 */
import { ADV, SUBJ, SUBJ_OR_NONE, pattern } from '../grammar.js';
import { LANGUAGES, NATIONALITIES, RELIGIONS } from '../lexicon.js';
import { after, find, propose, type Proposal, type Reader } from '../reader.js';
import { cutValue } from '../values.js';

const GATE = new RegExp(
  String.raw`\b(?:wife|husband|partner|spouse|girlfriend|boyfriend|gf|bf|fianc|hubby|wifey|half|significant` +
    String.raw`|married|marry|engaged|divorc|separat|single|dating|date|seeing|relationship|broke up` +
    String.raw`|split|ex\b|ex-|widow|kid|child|son|daughter|baby|babies|boy|girl|twins|brother|sister` +
    (String.raw`|sibling|mom|mum|mother|dad|father|parent|pregnant|expecting|together|couple|item|ended` +
      String.raw`|someone|moved in` +
      String.raw`|with|left|dumped|cheated|someone|moved in|quits|parted|broke|called it off|ended it|born|arrived` +
      String.raw`|welcomed|proposed|popped the question|done|over|finished|parted|quits|gave birth)`),
  'iu',
);

const ROLE =
  String.raw`(wife|husband|partner|spouse|girlfriend|boyfriend|gf|bf|fianc[ée]e?|hubby|wifey|significant other` +
  String.raw`|other half|missus|missis)`;
const MY_PARTNER = pattern(
  String.raw`\bmy (?:new |current |lovely |beautiful |amazing |wonderful |sweet |dear |future |soon-to-be ` +
    String.raw`|darling )?${ROLE}(?:,)?\s+(?:(is (?:called |named )|named |called |whose name is |is )?)`,
);
const PARTNER_NAME_IS = pattern(String.raw`\bmy (?:new |current )?${ROLE}'?s name is\s+`);
const MARRIED_TO = pattern(String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:am|are)\s+${ADV}(married|engaged) to\s+`);
const DATING = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(married|am dating|have been dating|started dating|started seeing|am seeing|have been seeing` +
    String.raw`|am going out with|have been going out with|started going out with|went out with` +
    String.raw`|am in a relationship with|got engaged to|got married to|proposed to` +
    String.raw`|moved in with my (?:girlfriend|boyfriend|partner|fianc[ée]e?))\s+(?:(?:a|this|an amazing` +
    String.raw`|a wonderful|a lovely|someone|somebody) (?:\p{L}+ )?(?:named|called)\s+)?`,
);
const BROKE_UP = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:(?:broke up with|split up with|split from|separated from|got dumped by|ended things with)\s+` +
    String.raw`(?:my (?:\p{L}+ )?${ROLE}\s*,?\s*)?` +
    // "I left my husband", not "I left my job".
    String.raw`|(?:divorced|dumped)\s+(?:my (?:\p{L}+ )?${ROLE}\s*,?\s*)?(?=\p{Lu})` +
    String.raw`|(?:left|am done with)\s+my (?:\p{L}+ )?${ROLE}\s*,?\s*)`,
);
/** "My girlfriend Priya and I …": the role said before the name. */
const ROLE_BEFORE =
  String.raw`(?:[Mm]y (?:\p{Ll}+ )?` +
  String.raw`(?:girlfriend|boyfriend|partner|wife|husband|fianc[ée]e?|gf|bf|ex),? )?`;
const ROLE_SAID = /^[Mm]y /u;
const WE_BROKE_UP = new RegExp(
  String.raw`^${ROLE_BEFORE}(\p{Lu}[\p{L}'-]+),? and (?:I|me) (?:have )?(?:just |finally |officially )?` +
    String.raw`(?:broke up|split up` +
    String.raw`|split|separated|divorced|are over|called it quits|are no longer together|are not together` +
    String.raw`|are (?:now )?(?:divorced|separated)` +
    String.raw`|are not a couple|are done|are finished` +
    String.raw`|ended things|broke things off|broke it off|called it off|ended it|parted ways)\b`,
  'u',
);
/** "Maria is my girlfriend now": the name first. Case-sensitive. */
const NAME_IS_MY = new RegExp(
  String.raw`^(\p{Lu}[\p{L}'-]*) is (?:now )?my (?:new |current )?(wife|husband|partner|spouse|girlfriend` +
    String.raw`|boyfriend|fianc[ée]e?)\b`,
  'u',
);
/** A capitalized word that starts a sentence without being a name: "She left me…", "This is my husband". */
const PRONOUN = /^(?:I|We|You|He|She|They|It|This|That|These|Those|There|Here|Who|What|Someone|Somebody|Everyone)$/u;
/** "Anna left me". */
const LEFT_ME = /^(\p{Lu}[\p{L}'-]*) (?:just |finally )?(?:left|dumped|broke up with|divorced|cheated on) me\b/u;
/** "I have a new boyfriend, his name is Jake". */
const NEW_ROLE_NAMED = pattern(
  String.raw`(?:^|\b)(?:I|we) (?:have|got|have got|met) (?:a |an )?(?:new |lovely |amazing )?${ROLE},?\s+` +
    String.raw`(?:(?:his|her|their) name is|named|called|who is called)\s+`,
);
/** "I've started dating someone, her name is Leila"; "Jake moved in with me". */
const SOMEONE_NAMED = new RegExp(
  String.raw`\b(?:dating|seeing|met|with|in love with) (?:someone|somebody|a (?:guy|girl|man|woman))` +
    String.raw`(?: new)?(?: now| lately| these days)?` +
    String.raw`(?:,?\s+(?:(?:his|her|their) name is|named|called)\s+|,\s+(?=\p{Lu}))`,
  'iu',
);
/** Someone else is the subject before the verb: "My sister is…", "Tom's…", "She…". */
const OTHER_SUBJECT = new RegExp(
  String.raw`(?:^|,\s*)(?:(?:my|our|his|her|their|your) \p{L}+|\p{Lu}\p{L}+'s? \p{L}+|he|she|they|\p{Lu}\p{L}+)` +
    String.raw` (?:is|are|was|were|has|have|had|just|started|keeps)\b`,
  'iu',
);
/** "I've got a girlfriend now, Leila". */
const ROLE_THEN_NAME = pattern(
  String.raw`(?:^|\b)(?:I|we) (?:have|got|have got) (?:a |an )?(?:new )?${ROLE}(?: now)?,\s+(?=\p{Lu})`,
);
const MOVED_IN = /^(\p{Lu}[\p{L}'-]*) (?:just |finally )?moved in with (?:me|us)\b/u;
/** "We split up, Priya and me", "we broke up, Anna and I". Case-sensitive, for the name's capital. */
const SPLIT_NAMED = new RegExp(
  String.raw`\b(?:[Ww]e|I) (?:just |finally )?(?:split up|broke up|separated|divorced|parted ways|called it quits)` +
    String.raw`\b.*?\b` +
    String.raw`(\p{Lu}[\p{L}'-]+) and (?:me|I)\b`,
  'u',
);
/** "We split up, me and Priya": the user first. Case-sensitive, for the name's capital. */
const SPLIT_ME_AND = new RegExp(
  String.raw`\b(?:[Ww]e|I) (?:just |finally )?(?:split up|broke up|separated|divorced|parted ways|called it quits)` +
    String.raw`\b.*?\b(?:me|I) and (\p{Lu}[\p{L}'-]+)`,
  'u',
);
/** "finally engaged to Maria", "just married to Omar!": the subject dropped the way chat drops it. */
const ENGAGED_DROPPED = /^(?:(?:just|finally|officially|now|happily|newly) )*(engaged|married) to (\p{Lu}[\p{L}'-]+)/u;
const TOGETHER = new RegExp(
  String.raw`^${ROLE_BEFORE}(\p{Lu}[\p{L}'-]+),? and I (?:are|have been|got|just got|moved in` +
    String.raw`|have moved in|just moved in` +
    String.raw`|are moving in|finally moved in) (?:now |officially |finally ` +
    String.raw`|back )?(together|a couple|an item|dating|seeing each other|in a relationship|married` +
    String.raw`|engaged)\b`,
  'u',
);
/** "I've been with Maria for six months": a partner, in a turn that is not about work. */
const BEEN_WITH = /\bI have been (?:together )?with (\p{Lu}[\p{L}'-]*) (?:for|since)\b/u;
const ABOUT_WORK =
  /\b(?:jobs?|company|employer|work|working|worked|team|office|career|boss|colleagues?|hired|salary)\b/iu;
const ABOUT_LOVE = new RegExp(
  String.raw`\b(?:girlfriend|boyfriend|partner|dating|date|together|relationship|love|ended|broke up` +
    String.raw`|ex|kiss|romantic|anniversary|wife|husband|married|engaged)\b`,
  'iu',
);
const WITH_NOW = pattern(
  String.raw`(?:^|\b)I am (?:now |back |currently )?with (\p{L}[\p{L}'-]*)` +
    // "…with Maria now", or the name closing the clause ("Now I'm with Maria.").
    String.raw`(?: (?=now\b|these days\b|again\b)|\s*(?=[.!]*$))`,
);
/** "Leila proposed last night": the one who proposed to the user ("to me", or to no one named). */
/** The turn says the user is the one engaged ("I'm engaged", "we got engaged", "I said yes"). */
const USER_ENGAGED = new RegExp(
  String.raw`\b(?:I am|I'm|Im|we are|we're|I|we) (?:just |finally |officially |now )?(?:got |getting )?engaged\b` +
    String.raw`|\bI said yes\b`,
  'iu',
);
const PROPOSED = /^(\p{Lu}[\p{L}'-]*) (?:just |finally |actually )?(?:proposed|popped the question)\b(?! to (?!me\b))/u;
const ENDED_WITH = pattern(String.raw`\b(?:things|it) (?:ended|is over|are over|fell apart) with (\p{L}[\p{L}'-]*)`);
const EX = pattern(String.raw`\bmy ex(?:-${ROLE}|\s+${ROLE}|\s*,)?\s+`);
const STATUS = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:am|are|got|have been|became|have gotten|just got)\s+${ADV}` +
    String.raw`(single|married|engaged|divorced|separated|widowed|in a (?:long[- ]distance |committed ` +
    String.raw`|serious |happy |new |open )?relationship|newlyweds|a widow|a widower)\b`,
);
const STATUS_PLAN = /\b(?:we are|I am) getting (married|engaged|divorced)\b/iu;

const KID =
  String.raw`(kids?|children|child|sons?|daughters?|boys?|girls?|baby|babies|twins|stepsons?|stepdaughters?` +
  String.raw`|step-sons?|step-daughters?|toddlers?|teenagers?|grandkids|grandchildren|grandsons?|granddaughters?)`;
const COUNT = String.raw`(a|an|one|two|three|four|five|six|\d)`;
const HAVE_KIDS = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:have|have got|had|welcomed|adopted)\s+${COUNT}\s+(?:(?:little|young|grown|adult|teenage` +
    String.raw`|beautiful|wonderful|amazing|baby|newborn|lovely|sweet|twin|adopted|new|(?:\d+|one|two` +
    String.raw`|three|four|five|six|seven|eight|nine|ten)[- ](?:year|month|week)[- ]old)\s+)*${KID}\b`,
);
const MY_KID = pattern(
  String.raw`\b(?:my|our) (?:(?:little|young|eldest|oldest|youngest|baby|teenage|older|younger|middle|first` +
    String.raw`|second|third|new|newborn|beautiful|sweet|\d+[- ]year[- ]old)\s+)*(son|daughter|kid|child` +
    String.raw`|baby|boy|girl|stepson|stepdaughter|baby boy|baby girl)(?:,)?\s+(is (?:called |named )` +
    String.raw`|named |called |whose name is )?`,
);
/** "We welcomed our second child, Max", "we had our first baby, a girl named Mia": a child said by its arrival. */
const WELCOMED = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:welcomed|had|adopted|have welcomed|have had|have adopted)\s+(?:our|my)\s+` +
    String.raw`(?:(?:first|second|third|fourth` +
    String.raw`|fifth|new|newest|little|baby)\s+)*(child|baby|son|daughter|boy|girl|baby boy|baby girl|kid)\b,?\s+` +
    String.raw`(?:(?:named|called)\s+)?`,
);
/** "Little Noah arrived in March", "Mia was born on Tuesday": a name said with a birth, in a turn about children. */
const ARRIVED = new RegExp(
  String.raw`(?:^|\b(?:our|my|little|baby|sweet)\s+)(\p{Lu}[\p{L}'-]+)` +
    // "Mia, our youngest, was born…": the user's own apposed to the name.
    String.raw`(?:, (?:our|my) (?:youngest|oldest|eldest|second|third|first|little one|newest|baby)(?: [\p{L}]+)?,)? ` +
    String.raw`(?:was born|has arrived|arrived|came into the world` +
    String.raw`|joined (?:our|the) family)\b` +
    // "My wife gave birth to Mia", "I gave birth to Leo": the user's or the user's partner's child.
    String.raw`|\b(?:I|[Mm]y (?:wife|partner|girlfriend|fianc[ée]e))(?: just)? gave birth to (?:our ` +
    String.raw`|a )?(?:(?:baby|little) )?` +
    String.raw`(?:(?:boy|girl|son|daughter),? )?(?:named |called )?(\p{Lu}[\p{L}'-]+)` +
    // "We welcomed Noah into the family": the user's verb, the child its object.
    String.raw`|\b(?:I|[Ww]e) (?:just |finally )?(?:welcomed|had|adopted) (\p{Lu}[\p{L}'-]+) (?:in)?to (?:the` +
    String.raw`|our) (?:family|world)\b`,
  'u',
);
/** A first-person word in the clause itself. */
const FIRST_PERSON = /\b(?:I|we|my|our|me|us)\b/iu;
/** The turn says the user is a parent now ("I'm a dad now!", "we're parents", "our baby"). */
const USER_PARENT = new RegExp(
  String.raw`\b(?:I am|I'm|Im|we are|we're|became|become|becoming) (?:a |an )?(?:new |first-time |proud )?(?:now )?` +
    String.raw`(?:dad|mom|mum|father|mother|parents?|daddy|mommy|mummy)\b|\b(?:our|my) (?:new |little |first ` +
    String.raw`|second )?` +
    String.raw`(?:baby|son|daughter|little one|firstborn|newborn|kid|child)\b|\bwe had (?:a|our) (?:baby|son` +
    String.raw`|daughter)\b`,
  'iu',
);
const ABOUT_CHILDREN =
  /\b(?:baby|babies|born|newborn|kids?|child|children|son|daughter|parents?|moms?|mums?|dads?|pregnan\w*|labou?r)\b/iu;
/** Someone else's, before a name: "my sister's baby Lily", "her son Jack". */
const SOMEONE_ELSES = /(?:\p{L}'s|\p{L}s'|\b(?:his|her|their|your))\s/iu;
const PARENT_OF = pattern(
  String.raw`(?:^|\b)${SUBJ}\s+${ADV}(?:am|are)\s+(?:a |an )?(?:proud |single |busy |working |stay-at-home ` +
    String.raw`|happy )?(?:mom|mum|mother|dad|father|parent|mama|papa)s? (?:of|to)\s+${COUNT}\b(?:\s+${KID})?`,
);
const SIBLING = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`have\s+${COUNT}\s+(?:(?:older|younger|big|little|twin|half-|half |step|step-)\s*)?(brothers?` +
    String.raw`|sisters?|siblings?)\b`,
);
const MY_SIBLING = pattern(
  String.raw`\bmy (?:(?:older|younger|big|little|twin|baby|half-|step-?|eldest|oldest|youngest)\s*)?` +
    String.raw`(brother|sister)(?:,)?\s+(is (?:called |named )|named |called )?`,
);
const PREGNANT = pattern(
  String.raw`(?:^|\b)(?:I|we)\s+${ADV}(?:am|are)\s+${ADV}(?:\d+ (?:weeks|months) )?(pregnant|expecting(?: a baby)?)\b`,
);

/** "my wife is Anna." — a capitalized name that ends the clause (not "is Japanese", not "is amazing"). */
const NAME_THEN_END = /^\s*(\p{Lu}[\p{L}'-]*)(?:\s+\p{Lu}[\p{L}'-]*)?\s*(?:[,.!]|$)/u;
const NOT_A_NAME = new Set([...NATIONALITIES, ...RELIGIONS, ...LANGUAGES]);

function nameEndsClause(rest: string): boolean {
  const m = NAME_THEN_END.exec(rest);
  return !!m && !NOT_A_NAME.has(m[1]!.toLowerCase());
}

const NUMBERS: Record<string, string> = { a: 'one', an: 'one', one: 'one', '1': 'one' };

/** Up to three names in a list: "Leo", "Leo and Mia", "Anna, Ben & Cleo". */
const NAME_LIST = new RegExp(
  String.raw`^(\p{L}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)(?:\s*(?:,|and|&)\s*(\p{L}[\p{L}'-]*))?(?:\s*` +
    String.raw`(?:,|and|&)\s*(\p{L}[\p{L}'-]*))?`,
  'u',
);

/** Capitalized names after a match ("Anna", "Leo and Mia"); lower-case only when `explicit` ("named anna"). */
function names(rest: string, explicit: boolean): string[] {
  const list = NAME_LIST.exec(rest.trim());
  if (!list) return [];
  return list
    .slice(1)
    .filter((n): n is string => !!n)
    .filter((n) => explicit || /^\p{Lu}/u.test(n))
    .map((n) => cutValue(n, 'name'))
    .filter((n): n is string => !!n && !/^(?:And|But|The|My|Is|Was|I|We|He|She|They|It)$/u.test(n));
}

function singular(kind: string): string {
  const k = kind.toLowerCase();
  if (k === 'children') return 'child';
  if (k === 'babies') return 'baby';
  if (k === 'grandchildren') return 'grandchild';
  return k.replace(/s$/u, '');
}

function readPartner(text: string, turnMentions: (topic: RegExp) => boolean): Proposal[] {
  // "My girlfriend Priya and I split up": the ending, before the role and name are read as current.
  const roleEnded = WE_BROKE_UP.exec(text);
  if (roleEnded && ROLE_SAID.test(roleEnded[0]))
    return [
      propose('partner', roleEnded[1]!, 'retire', { dated: true }),
      propose('relationship', 'single', 'state', { dated: true }),
    ];
  const mine = NAME_IS_MY.exec(text);
  if (mine && !PRONOUN.test(mine[1]!))
    return [propose('partner', mine[1]!, 'state', { text: `The user's ${mine[2]!.toLowerCase()} is ${mine[1]}.` })];
  const left = LEFT_ME.exec(text);
  if (left && !PRONOUN.test(left[1]!))
    return [
      propose('partner', left[1]!, 'retire', { dated: true }),
      propose('relationship', 'single', 'state', { dated: true }),
    ];
  const named = find(text, NEW_ROLE_NAMED);
  if (named) {
    const [name] = names(after(text, named), true);
    if (name)
      return [
        propose('partner', name, 'state', { text: `The user's ${named[1]!.toLowerCase()} is ${name}.`, dated: true }),
      ];
  }
  const someone = find(text, SOMEONE_NAMED);
  // "I'm dating someone new, Maria", not "my sister is dating someone, Tom".
  if (someone && !OTHER_SUBJECT.test(text.slice(0, someone.index))) {
    const [name] = names(after(text, someone), true);
    if (name) return [propose('partner', name, 'state', { dated: true })];
  }
  const roleName = find(text, ROLE_THEN_NAME);
  if (roleName) {
    const [name] = names(after(text, roleName), false);
    if (name) return [propose('partner', name, 'state', { dated: true })];
  }
  const movedIn = MOVED_IN.exec(text);
  if (movedIn) return [propose('partner', movedIn[1]!, 'state', { dated: true })];
  const engaged = ENGAGED_DROPPED.exec(text);
  if (engaged && !PRONOUN.test(engaged[2]!))
    return [
      propose('partner', engaged[2]!, 'state', { dated: true }),
      propose('relationship', engaged[1]!, 'state', { dated: true }),
    ];
  const split = SPLIT_NAMED.exec(text) ?? SPLIT_ME_AND.exec(text);
  if (split)
    return [
      propose('partner', split[1]!, 'retire', { dated: true }),
      propose('relationship', 'single', 'state', { dated: true }),
    ];
  const together = TOGETHER.exec(text);
  if (together) {
    const status = /married|engaged/u.test(together[2]!) ? together[2]! : undefined;
    const out = [propose('partner', together[1]!, 'state', { dated: true })];
    if (status) out.push(propose('relationship', status, 'state', { dated: true }));
    return out;
  }
  const been = BEEN_WITH.exec(text);
  if (been && !turnMentions(ABOUT_WORK)) return [propose('partner', been[1]!, 'state')];
  const ended = find(text, ENDED_WITH);
  const endedName = ended && /^\p{Lu}/u.test(ended[1]!) ? ended[1]! : undefined;
  const withNow = find(text, WITH_NOW);
  if (withNow && /^\p{Lu}/u.test(withNow[1]!) && turnMentions(ABOUT_LOVE) && !turnMentions(ABOUT_WORK))
    return [propose('partner', withNow[1]!, 'state', { replaces: endedName, dated: true })];
  if (endedName) return [propose('partner', endedName, 'retire', { dated: true })];
  const proposed = PROPOSED.exec(text);
  if (proposed && !/^(?:I|We|He|She|They|It|My|Our)$/u.test(proposed[1]!) && turnMentions(USER_ENGAGED))
    return [propose('partner', proposed[1]!, 'state', { dated: true })];
  const broke = WE_BROKE_UP.exec(text);
  if (broke)
    return [
      propose('partner', broke[1]!, 'retire', { dated: true }),
      propose('relationship', 'single', 'state', { dated: true }),
    ];
  let m = find(text, BROKE_UP);
  if (m) {
    const [name] = names(after(text, m), false);
    const out = [propose('relationship', /divorc/iu.test(m[0]) ? 'divorced' : 'single', 'state', { dated: true })];
    if (name) out.unshift(propose('partner', name, 'retire', { dated: true }));
    return out;
  }
  m = find(text, EX);
  if (m) {
    const [name] = names(after(text, m), false);
    return name ? [propose('partner', name, 'retire')] : [];
  }
  m = find(text, PARTNER_NAME_IS) ?? find(text, MY_PARTNER);
  if (m) {
    const explicit = /name|called|named/iu.test(m[0]);
    const [name] = names(after(text, m), explicit);
    const role = m[1]!.toLowerCase().replace(/^gf$/u, 'girlfriend').replace(/^bf$/u, 'boyfriend');
    const plainIs = !explicit && /^is\s/iu.test(m[2] ?? '');
    if (!name || (plainIs && !nameEndsClause(after(text, m)))) return [];
    return [propose('partner', name, 'state', { text: `The user's ${role} is ${name}.` })];
  }
  m = find(text, MARRIED_TO) ?? find(text, DATING);
  if (m) {
    const [name] = names(after(text, m), /named|called/iu.test(m[0]));
    if (!name) return [];
    const verb = m[1]!.toLowerCase();
    const status = /married/u.test(verb) ? 'married' : /engaged|proposed/u.test(verb) ? 'engaged' : undefined;
    const out = [propose('partner', name, 'state', { dated: true })];
    if (status) out.push(propose('relationship', status, 'state', { dated: true }));
    return out;
  }
  return [];
}

function readStatus(text: string): Proposal[] {
  if (STATUS_PLAN.test(text)) return [];
  const m = find(text, STATUS);
  return m ? [propose('relationship', m[1]!.toLowerCase(), 'state', { dated: true })] : [];
}

function readChildren(text: string, turnMentions: (topic: RegExp) => boolean): Proposal[] {
  const out: Proposal[] = [];
  let m = find(text, HAVE_KIDS);
  if (m) {
    const count = NUMBERS[m[1]!.toLowerCase()] ?? m[1]!.toLowerCase();
    const kind = m[2]!.toLowerCase();
    // "two kids, Leo and Mia", "two kids now: Leo and Mia".
    const named =
      /^\s*,?\s*(?:named|called)\s+(.*)$/iu.exec(after(text, m)) ??
      /^\s*(?:now|too|already|in total|altogether)?\s*[,:]\s*(.*)$/u.exec(after(text, m));
    const list = named ? names(named[1]!, /named|called/iu.test(named[0])) : [];
    if (list.length > 0)
      for (const name of list)
        out.push(
          propose('child', `${singular(kind)} named ${name}`, 'state', { dated: /had|welcomed|adopted/iu.test(m[0]) }),
        );
    else
      out.push(
        propose('child', count === 'one' ? singular(kind) : `${count} ${kind}`, 'state', {
          dated: /had|welcomed|adopted/iu.test(m[0]),
        }),
      );
    return out;
  }
  m = find(text, WELCOMED);
  if (m) {
    const [name] = names(after(text, m), /named|called/iu.test(m[0]));
    if (name) return [propose('child', `${m[1]!.toLowerCase()} named ${name}`, 'state', { dated: true })];
  }
  m = find(text, MY_KID);
  if (m) {
    const explicit = !!m[2];
    const [name] = names(after(text, m), explicit);
    if (name) out.push(propose('child', `${m[1]!.toLowerCase()} named ${name}`));
    return out;
  }
  const arrived = ARRIVED.exec(text);
  const welcomed = arrived?.[2] !== undefined || arrived?.[3] !== undefined;
  if (arrived && welcomed) arrived[1] = (arrived[2] ?? arrived[3])!;
  if (
    arrived &&
    !PRONOUN.test(arrived[1]!) &&
    (welcomed || (turnMentions(ABOUT_CHILDREN) && (FIRST_PERSON.test(text) || turnMentions(USER_PARENT)))) &&
    !SOMEONE_ELSES.test(text.slice(0, arrived.index + arrived[0].length))
  )
    out.push(propose('child', `child named ${arrived[1]}`, 'state', { dated: true }));
  m = find(text, PARENT_OF);
  if (m)
    out.push(
      propose('child', `${NUMBERS[m[1]!.toLowerCase()] ?? m[1]!.toLowerCase()} ${m[2]?.toLowerCase() ?? 'children'}`),
    );
  m = find(text, PREGNANT);
  if (m) out.push(propose('health', 'pregnancy', 'state', { text: 'The user is pregnant.', dated: true }));
  return out;
}

function readSiblings(text: string): Proposal[] {
  let m = find(text, SIBLING);
  if (m) {
    const count = NUMBERS[m[1]!.toLowerCase()] ?? m[1]!.toLowerCase();
    const kind = m[2]!.toLowerCase();
    const named = /^\s*,?\s*(?:named|called)\s+(.*)$/iu.exec(after(text, m));
    const list = named ? names(named[1]!, true) : [];
    if (list.length > 0) return list.map((name) => propose('sibling', `${singular(kind)} named ${name}`));
    return [propose('sibling', count === 'one' ? singular(kind) : `${count} ${kind}`)];
  }
  m = find(text, MY_SIBLING);
  if (m) {
    const [name] = names(after(text, m), !!m[2]);
    if (name) return [propose('sibling', `${m[1]!.toLowerCase()} named ${name}`)];
  }
  return [];
}

/** Reads partner, relationship status, children and siblings. */
export const readFamily: Reader = ({ text, turnMentions }) => {
  if (!GATE.test(text)) return [];
  return [
    ...readPartner(text, turnMentions),
    ...readStatus(text),
    ...readChildren(text, turnMentions),
    ...readSiblings(text),
  ];
};
