/**
 * Pets: "I have a dog named Rex", "we adopted two cats, Luna and Milo", "my cat Luna", "our
 * dog's name is Max now", "we renamed our dog Max"; and the ones that are gone ("my cat passed
 * away", "we had to rehome our dog Rex", "I don't have a dog anymore" through the negation variant).
 * @module
 */
import { ADV, SUBJ_OR_NONE, pattern } from '../grammar.js';
import { PETS, alternation } from '../lexicon.js';
import { after, find, propose, type ClauseView, type Proposal, type Reader } from '../reader.js';
import { cutValue } from '../values.js';

const PET = alternation(PETS);
const GATE = new RegExp(String.raw`\b${PET}\b`, 'iu');
const ADJ =
  String.raw`(?:(?:new|little|sweet|old|young|beloved|rescue|rescued|adopted|baby|senior|big|fluffy` +
  String.raw`|poor|dear|precious` +
  String.raw`|black|white|brown|grey|gray|orange|ginger|tabby|lovely|cute|adorable|crazy|lazy|good` +
  String.raw`|two|three|four|furry|\d+[- ]year[- ]old)\s+)*`;
const COUNT = String.raw`(a|an|one|two|three|four|five|\d|another|a second|a third|a pair of|our first|my first|some)`;

const HAVE = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(have|have got|got|adopted|rescued|bought|welcomed|got ourselves|got myself|own|have adopted` +
    String.raw`|have rescued|brought home|took in|fostered|am fostering|are fostering|have been fostering)` +
    String.raw`\s+${COUNT}\s+${ADJ}` +
    String.raw`(${PET})\b`,
);
const MY_PET = pattern(
  String.raw`\b(?:my|our) ${ADJ}(${PET})(?:,)?\s+(is (?:now )?(?:called |named )|named |called |whose name is )?`,
);
const PET_NAME_IS = pattern(String.raw`\b(?:my|our|the) ${ADJ}(${PET})'?s name is (?:now )?`);
const GONE = pattern(
  String.raw`\b(?:my|our) ${ADJ}(${PET})(?:,? (\p{L}[\p{L}'-]*),?)? (?:just |sadly |recently |unfortunately )?` +
    String.raw`(?:died|passed away|passed|is gone|ran away|went missing|was put down|had to be put down` +
    String.raw`|was put to sleep|crossed the rainbow bridge|is no longer with us|was hit by a car)\b`,
);
const NAME_GONE = pattern(
  String.raw`(?:^|\b)(\p{L}[\p{L}'-]*),? (?:my|our) ${ADJ}(${PET}),? (?:just |sadly |recently |unfortunately )?` +
    String.raw`(?:died|passed away|passed|is gone|ran away|went missing|was put down|had to be put down` +
    String.raw`|was put to sleep|crossed the rainbow bridge)\b`,
);
const NO_LONGER_HAVE = pattern(
  String.raw`(?:^|\b)(?:I|we)\s+(?:do not|no longer|do not really)\s+have\s+(\p{L}[\p{L}'-]*)\s+(?:anymore` +
    String.raw`|any more|with us)\b`,
);
const LET_GO = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`(?:had to |have to )?(?:put down|gave away|given away|rehomed|re-homed|gave up|lost|said goodbye to` +
    (String.raw`|had to rehome|had to give away|sold|gave)\s+(?:my|our|the)\s+${ADJ}(${PET})(?:,?\s+` +
      String.raw`(\p{L}[\p{L}'-]*))?`) +
    String.raw`(?=\s*(?:,|\.|$|away\b|up\b|to\b|for\b|back\b|last\b|in\b|when\b|because\b))`,
);
const RENAMED = pattern(
  SUBJ_OR_NONE,
  ADV,
  String.raw`renamed\s+(?:(?:my|our|the)\s+${ADJ}(${PET})\b\s*)?(?:(\p{L}[\p{L}'-]*)\s+)?(?:to\s+)?`,
);

/** "We renamed the dog - he's Max now": the new name in the clause after the renaming. */
const RENAMED_IN_TURN = new RegExp(String.raw`\brenamed\s+(?:the|my|our)\s+${ADJ}(${PET})\b`, 'iu');
const NEW_NAME = /^(?:he|she|it) is (?:now )?(?:called |named )?(\p{Lu}[\p{L}'-]*)(?:\s+now)?\s*[.!]*$/u;

/** "We decided to call the cat Milo instead of Luna". */
const CALL_PET = new RegExp(
  String.raw`\b(?:call|name|named|calling|naming|renamed|rename)\s+(?:the|our|my)\s+${ADJ}(${PET})\s+` +
    String.raw`(\p{Lu}[\p{L}'-]*)(?:\s+instead of\s+(\p{Lu}[\p{L}'-]*))?`,
  'iu',
);
/** "the cat's called Milo now" (after "we renamed Luna"). */
const KIND_CALLED = new RegExp(
  String.raw`\b(?:the|my|our) ${ADJ}(${PET})(?:'s| is) (?:now )?(?:called|named) (\p{Lu}[\p{L}'-]*)`,
  'iu',
);
/** The name a pet had before, said anywhere in the turn: "renamed Rex", "changed it from Rex". */
const RENAMED_NAME = new RegExp(
  String.raw`\b(?:renamed|chang(?:ed|ing) (?:it|(?:his|her|its) name) from|used to be called` +
    String.raw`|formerly called) (\p{Lu}[\p{L}'-]*)\b`,
  'u',
);
/** "we had to put our dog Rex to sleep". */
const PUT_TO_SLEEP = new RegExp(
  String.raw`\bput (?:my|our|the) ${ADJ}(${PET})(?:,? (\p{Lu}[\p{L}'-]*),?)? (?:down|to sleep)\b`,
  'iu',
);
/** "Luna isn't around anymore". Case-sensitive. */
const NOT_AROUND = /^(\p{Lu}[\p{L}'-]*) (?:is not|isn't|is no longer) (?:around|with us|here)\b/u;
/** "We don't have our cat Luna anymore". */
const NO_LONGER_HAVE_PET = new RegExp(
  String.raw`\b(?:I|we)\s+(?:do not|no longer|do not really|never)\s+have\s+(?:my|our|the|a|an)\s+${ADJ}` +
    String.raw`(${PET})(?:,?\s+(\p{Lu}[\p{L}'-]*))?`,
  'iu',
);
/**
 * "Say hi to Milo, our new cat!", "Meet Max, my new puppy", "Meet Max, the newest member of the
 * family, a rescue dog": a name introduced, and the kind said of it later in the sentence.
 */
const MEET_PET = new RegExp(
  String.raw`\b(?:say hi to|say hello to|meet|this is)\s+(\p{L}[\p{L}'-]*),?\s+(?:[^.!?;]{0,60}?,\s*)?` +
    String.raw`(?:my|our|a|an|the)\s+(?:newest\s+|new\s+)?(?:little\s+|baby\s+|rescue\s+|rescued\s+)?(${PET})\b`,
  'iu',
);
/** "adopted Milo (cat, 2 years old)", "we rescued Max, a 3-year-old dog": the name first, its kind after. */
const NAME_THEN_KIND = new RegExp(
  String.raw`\b(?:adopted|rescued|got|brought home|took in|welcomed|fostered)\s+(\p{Lu}[\p{L}'-]*)\s*(?:\(|,)\s*` +
    String.raw`(?:(?:a|an|my|our)\s+)?${ADJ}(${PET})\b`,
  'u',
);
/**
 * "…a dog! his name's Max", "we adopted a cat, we called him Milo", "the kids named her Tofu": the
 * name said after the pet, in the turn, whoever in the family gave it.
 */
const NAME_LATER =
  /\b(?:(?:[Hh]is|[Hh]er|[Ii]ts) name(?:'s| is)|(?:called|named) (?:him|her|it))\s+(\p{Lu}[\p{L}'-]*)/u;
/** Words only a pet's loss is said with: "we had to put him down", "the vet", "the rainbow bridge". */
const PET_LOSS = /\bput (?:him|her|it) (?:down|to sleep)\b|\bthe vet\b|\brainbow bridge\b/iu;
/** "We had to give Rex away". Case-sensitive, for the name's capital. */
const GAVE_AWAY_NAME = new RegExp(
  String.raw`\b(?:[Ww]e|I) (?:had to |have to |finally )?(?:give|gave|rehome|rehomed) (\p{Lu}[\p{L}'-]*) ` +
    String.raw`(?:away|up|to (?:my|our|a|an|the|some|his|her) )`,
  'u',
);
/** "We lost Bella to old age". Case-sensitive. */
const LOST_NAME =
  /\b(?:[Ww]e|I) (?:lost|said goodbye to|buried) (\p{Lu}[\p{L}'-]*)\b(?=\s+(?:to|last|in|this|on|after|,|\.|$))/u;
/** "…after Luna died": a pet gone, said in passing. Case-sensitive. */
const AFTER_DIED =
  /\b(?:[Aa]fter|[Ss]ince|[Ww]hen|[Bb]ecause) (\p{Lu}[\p{L}'-]*) (?:died|passed away|passed|ran away|was put down)\b/u;
/** "We changed our dog's name to Max". */
const CHANGED_NAME = new RegExp(
  String.raw`\bchanged (?:my|our|the) ${ADJ}(${PET})'?s name (?:from (\p{L}[\p{L}'-]*) )?to\s+`,
  'iu',
);
/** "Rex died last month", "we had to put Rex down": a name, no kind. Case-sensitive. */
const NAME_DIED = new RegExp(
  // "Sadly Bella passed away": a sentence adverb before the name.
  String.raw`^(?:(?:[Ss]adly|[Uu]nfortunately|[Tt]ragically|[Ss]o|[Ww]ell|[Yy]esterday|[Tt]oday|[Ll]ast (?:week` +
    String.raw`|month|night))\s*,?\s+)?` +
    String.raw`(\p{Lu}[\p{L}'-]*) (?:just |sadly |recently )?(?:died|passed away|passed|crossed the rainbow bridge` +
    String.raw`|ran away|went missing|(?:was|had to be|has been|got) put (?:down|to sleep))\b`,
  'u',
);
const PUT_DOWN = /\b(?:put|had to put|have to put) (\p{Lu}[\p{L}'-]*) (?:down|to sleep)\b/u;
/** What else gets renamed: "we renamed Apollo to Phoenix" in a turn about a project is no pet. */
const NOT_A_PET = new RegExp(
  String.raw`\b(?:project|app|company|startup|repo|product|team|channel|file|branch|server|band|group|account` +
    String.raw`|business|shop|store|website|site|brand|boat|car|street|feature|game|wifi|network|baby|son` +
    String.raw`|daughter)\b`,
  'iu',
);
/** "We renamed Luna to Milo": two names, no kind. Case-sensitive, for the capitals. */
const RENAMED_FROM_TO =
  /\b(?:[Ww]e|I) (?:have )?(?:just |finally )?renamed (\p{Lu}[\p{L}'-]*) (?:to|as) (\p{Lu}[\p{L}'-]*)/u;

/** "Rex is called Max now" in a turn that says a renaming. Case-sensitive, for the capitals. */
const NAME_CALLED = /^(\p{Lu}[\p{L}'-]*) is (?:now )?(?:called|named) (\p{Lu}[\p{L}'-]*)/u;
const RENAMING = /\b(?:renamed|rename|new name)\b/iu;
/** "RIP Bella, best dog ever": a pet mourned, in a turn that names a pet's kind. */
const RIP = /^(?:RIP|R\.I\.P\.?|[Rr]est in peace),?\s+(?:little\s+|sweet\s+)?(\p{Lu}[\p{L}'-]*)(?=\s*(?:[,.!]|$))/u;

const SINGULAR: Record<string, string> = {
  puppies: 'puppy',
  bunnies: 'bunny',
  mice: 'mouse',
  pups: 'pup',
  kittens: 'kitten',
  fish: 'fish',
  goldfish: 'goldfish',
};

function kindOf(word: string): string {
  const w = word.toLowerCase().replace(/\s+/gu, ' ');
  return SINGULAR[w] ?? (w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);
}

/** Capitalized names after a match ("Luna and Milo"); lower case only after "named"/"called". */
function names(rest: string, explicit: boolean): string[] {
  const m = /^\s*(\p{L}[\p{L}'-]*)(?:\s*(?:,|and|&)\s*(\p{L}[\p{L}'-]*))?(?:\s*(?:,|and|&)\s*(\p{L}[\p{L}'-]*))?/u.exec(
    rest,
  );
  if (!m) return [];
  return m
    .slice(1)
    .filter((n): n is string => !!n && (explicit || /^\p{Lu}/u.test(n)))
    .filter((n) => !/^(?:and|but|the|my|is|was|I|we|he|she|they|it|who|which|that|so|now)$/iu.test(n))
    .map((n) => cutValue(n, 'name'))
    .filter((n): n is string => !!n);
}

function named(kind: string, name: string | undefined): string {
  return name ? `${kind} named ${name}` : kind;
}

/** Reads the user's pets, and pets that are gone. */
export const readPets: Reader = (view) => {
  const found = readPet(view);
  // "We adopted a cat, Milo, after Luna died": the pet gone is read besides the one adopted.
  const after = AFTER_DIED.exec(view.text);
  if (after && !found.some((p) => p.kind === 'retire')) {
    const name = cutValue(after[1]!, 'name');
    if (name)
      found.push(propose('pet', name, 'retire', { text: `The user no longer has a pet named ${name}.`, dated: true }));
  }
  return found;
};

function readPet({ text, correction, turnFind, turnMentions }: ClauseView): Proposal[] {
  // The clause may end at the comma: "Say hi to Milo" | "our new cat!"; the turn says the rest.
  const meet =
    MEET_PET.exec(text) ?? (/^(?:say hi|say hello|meet|this is)\b/iu.test(text) ? turnFind(MEET_PET) : undefined);
  if (meet && /^\p{Lu}/u.test(meet[1]!)) {
    const name = cutValue(meet[1]!, 'name');
    if (name && !/^(?:I|We|He|She|They|It|My|Our)$/u.test(name))
      return [propose('pet', named(kindOf(meet[2]!), name), 'state', { dated: true })];
  }
  const first = NAME_THEN_KIND.exec(text);
  if (first && !GATE.test(first[1]!)) {
    const name = cutValue(first[1]!, 'name');
    if (name) return [propose('pet', named(kindOf(first[2]!), name), 'state', { dated: true })];
  }
  const given = GAVE_AWAY_NAME.exec(text);
  if (given && !GATE.test(given[1]!))
    return [
      propose('pet', given[1]!, 'retire', { text: `The user no longer has a pet named ${given[1]}.`, dated: true }),
    ];
  const renamed = NEW_NAME.exec(text);
  const before = renamed ? turnFind(RENAMED_IN_TURN) : undefined;
  if (renamed && before) {
    const kind = kindOf(before[1]!);
    return [propose('pet', named(kind, cutValue(renamed[1]!, 'name')), 'state', { replaces: kind, dated: true })];
  }
  const renamedFromTo = RENAMED_FROM_TO.exec(text);
  if (renamedFromTo && !turnMentions(NOT_A_PET)) {
    const [from, to] = [cutValue(renamedFromTo[1]!, 'name'), cutValue(renamedFromTo[2]!, 'name')];
    if (from && to)
      return [propose('pet', to, 'state', { replaces: from, text: `The user has a pet named ${to}.`, dated: true })];
  }
  const nameCalled = NAME_CALLED.exec(text);
  if (nameCalled && turnMentions(RENAMING) && !turnMentions(NOT_A_PET)) {
    const [from, to] = [cutValue(nameCalled[1]!, 'name'), cutValue(nameCalled[2]!, 'name')];
    if (from && to)
      return [propose('pet', to, 'state', { replaces: from, text: `The user has a pet named ${to}.`, dated: true })];
  }
  const mourned = RIP.exec(text);
  if (mourned && (turnMentions(GATE) || turnMentions(PET_LOSS))) {
    const name = cutValue(mourned[1]!, 'name');
    if (name)
      return [propose('pet', name, 'retire', { text: `The user no longer has a pet named ${name}.`, dated: true })];
  }
  const died = NAME_DIED.exec(text) ?? PUT_DOWN.exec(text);
  if (died && !GATE.test(died[1]!)) {
    const name = cutValue(died[1]!, 'name');
    if (name && !/^(?:I|We|He|She|They|It|My|Our|Grandpa|Grandma|Dad|Mom|Mum)$/u.test(name))
      return [propose('pet', name, 'retire', { text: `The user no longer has a pet named ${name}.`, dated: true })];
  }
  const noLonger = NO_LONGER_HAVE_PET.exec(text);
  if (noLonger)
    return [
      propose('pet', named(kindOf(noLonger[1]!), noLonger[2] ? cutValue(noLonger[2], 'name') : undefined), 'retire'),
    ];
  const lost = LOST_NAME.exec(text);
  if (lost && !GATE.test(lost[1]!)) {
    const name = cutValue(lost[1]!, 'name');
    if (name)
      return [propose('pet', name, 'retire', { text: `The user no longer has a pet named ${name}.`, dated: true })];
  }
  const kindCalled = KIND_CALLED.exec(text);
  const renamedFrom = kindCalled ? turnFind(RENAMED_NAME) : undefined;
  if (kindCalled && (renamedFrom || /\bnow\b/iu.test(text))) {
    const kind = kindOf(kindCalled[1]!);
    const name = cutValue(kindCalled[2]!, 'name');
    if (name) return [propose('pet', named(kind, name), 'state', { replaces: renamedFrom?.[1] ?? kind, dated: true })];
  }
  const sleep = PUT_TO_SLEEP.exec(text);
  if (sleep)
    return [
      propose('pet', named(kindOf(sleep[1]!), sleep[2] ? cutValue(sleep[2], 'name') : undefined), 'retire', {
        dated: true,
      }),
    ];
  const around = NOT_AROUND.exec(text);
  if (around && !GATE.test(around[1]!)) {
    const name = cutValue(around[1]!, 'name');
    if (name)
      return [propose('pet', name, 'retire', { text: `The user no longer has a pet named ${name}.`, dated: true })];
  }
  const called = CALL_PET.exec(text);
  if (called) {
    const kind = kindOf(called[1]!);
    const name = cutValue(called[2]!, 'name');
    if (name) return [propose('pet', named(kind, name), 'state', { replaces: called[3] ?? kind, dated: true })];
  }
  const changed = find(text, CHANGED_NAME);
  if (changed) {
    const [name] = names(after(text, changed), true);
    const kind = kindOf(changed[1]!);
    if (name) return [propose('pet', named(kind, name), 'state', { replaces: changed[2] ?? kind, dated: true })];
  }
  const gone = find(text, NO_LONGER_HAVE);
  if (gone && /^\p{Lu}/u.test(gone[1]!) && !GATE.test(gone[1]!)) {
    const name = cutValue(gone[1]!, 'name');
    return name ? [propose('pet', name, 'retire', { text: `The user no longer has a pet named ${name}.` })] : [];
  }
  if (!GATE.test(text)) return [];
  // A pet gone or let go, by its kind and the name after it when there is one.
  const retired = (m: RegExpExecArray): Proposal[] => [
    propose('pet', named(kindOf(m[1]!), m[2] && /^\p{Lu}/u.test(m[2]) ? cutValue(m[2], 'name') : undefined), 'retire', {
      dated: true,
    }),
  ];
  let m = find(text, GONE);
  if (m) return retired(m);
  m = find(text, NAME_GONE);
  if (m && /^\p{Lu}/u.test(m[1]!))
    return [propose('pet', named(kindOf(m[2]!), cutValue(m[1]!, 'name')), 'retire', { dated: true })];
  m = find(text, LET_GO);
  if (m) return retired(m);
  m = find(text, RENAMED);
  if (m) {
    // "We renamed the dog, he is Max now".
    const rest = after(text, m).replace(
      /^\s*,?\s*(?:he|she|it) is\s+(?:now\s+)?(?:called\s+|named\s+)?(?=\p{Lu})/u,
      '',
    );
    const [name] = names(rest, true);
    const kind = m[1] ? kindOf(m[1]) : undefined;
    if (!name) return [];
    const old = m[2] && /^\p{Lu}/u.test(m[2]) ? m[2] : kind;
    return [propose('pet', kind ? named(kind, name) : name, 'state', { replaces: old, dated: true })];
  }
  m = find(text, HAVE);
  if (m) {
    const kind = kindOf(m[3]!);
    const rest = after(text, m);
    // "a cat named Milo", "a dog and named it Max".
    const call =
      /^\s*,?\s*(?:named|called|whose names? (?:is|are)|and (?:we |I )?(?:named|called) (?:it|him|her|them))\s+/iu.exec(
        rest,
      ) ?? /^\s*(?:(?:now|too|as well|today|yesterday|this week|last week|at last)\s*)?,\s*(?=\p{Lu})/u.exec(rest);
    const his = call ? null : /\b(?:his|her|its|their) names? (?:is|are)\s+/iu.exec(rest);
    const list = call
      ? names(rest.slice(call[0].length), /named|called|name/iu.test(call[0]))
      : his
        ? names(rest.slice(his.index + his[0].length), true)
        : [];
    const dated = !/^(?:have|have got|own)$/iu.test(m[1]!);
    const later =
      list.length === 0 && /^(?:a|an|one|another|a second|a third)$/iu.test(m[2]!) ? turnFind(NAME_LATER) : undefined;
    const laterName = later ? cutValue(later[1]!, 'name') : undefined;
    if (laterName) list.push(laterName);
    if (list.length === 0)
      return [
        propose(
          'pet',
          /^(?:a|an|one|another|a second|a third|our first|my first)$/iu.test(m[2]!)
            ? kind
            : `${m[2]!.toLowerCase()} ${m[3]!.toLowerCase()}`,
          'state',
          { dated },
        ),
      ];
    return list.map((name) => propose('pet', named(kind, name), 'state', { dated }));
  }
  m = find(text, PET_NAME_IS) ?? find(text, MY_PET);
  if (m) {
    const explicit = m[0].includes("'s name") || /called|named/iu.test(m[2] ?? '') || /name is/iu.test(m[0]);
    if (!explicit && /^is\s/iu.test(m[2] ?? '')) return [];
    const [name] = names(after(text, m), explicit);
    if (!name) return [];
    const kind = kindOf(m[1]!);
    const renamed = /\bnow\b/iu.test(m[0]) || /^\s*\S+\s+now\b/iu.test(after(text, m)) || correction;
    // "…, not Rex", "…, changed it from Rex", "…, instead of Rex": the name it had before.
    const not = /\b(?:not|from|instead of|formerly|used to be(?: called)?)\s+(\p{Lu}[\p{L}'-]*)/u.exec(after(text, m));
    const before = not ? undefined : renamed ? turnFind(RENAMED_NAME) : undefined;
    const replaces = not ? not[1] : renamed ? (before?.[1] ?? kind) : undefined;
    return [propose('pet', named(kind, name), 'state', { replaces })];
  }
  return [];
}
