/**
 * A new child or pet announced rather than stated: "Baby Mia is here!!", "Welcome to the world,
 * Noah! Our little one arrived on Sunday", "a baby sibling: Max, born two weeks ago", "we got
 * another dog!! Max is 10 weeks old". The announcement has three parts in any order and across
 * two sentences: a word of arrival (born, arrived, is here, adopted, got, welcome), the kind of
 * newcomer (baby, little one, sibling; dog, kitten…), and a name. Together they add the newcomer
 * to the user's children or pets, and name a pet or child a reader read without its name ("dog").
 * Sentences that ask, suppose, or belong to someone else ("my sister's baby", "their dog") add
 * nothing.
 * @module
 */
import { factSentence } from '../attributes.js';
import type { FactCandidate } from '../types.js';
import { factValueMentions } from '../value-match.js';
import { PETS, alternation, CALENDAR_NAMES } from './lexicon.js';

/** A cheap test first: most turns announce nothing. */
const ARRIVAL = new RegExp(
  String.raw`\b(?:born|arrived|arrival|is here|are here|welcomed?|adopted|got (?:a|an|another|our|my)|brought home` +
    String.raw`|rescued|newcomer|joined us|joined the family` +
    // "the newest member of our family", "new family member alert", "our latest addition".
    String.raw`|(?:new|newest|latest)\s+(?:family\s+)?(?:member|addition|arrival))\b`,
  'iu',
);

const CHILD_KINDS = 'baby boy|baby girl|baby|babies|newborn|little one|sibling|son|daughter|twins';
/** The kinds, lower case or capitalised, for patterns whose names must keep their case. */
const KINDS = [...CHILD_KINDS.split('|'), ...PETS]
  .sort((a, b) => b.length - a.length)
  .map((w) => `[${w[0]}${w[0]!.toUpperCase()}]${w.slice(1).replace(/ /gu, '\\s+')}`)
  .join('|');
const KIND = new RegExp(String.raw`\b(${KINDS})\b`, 'u');

/** A name: a capitalised word that is no pronoun, month, day or sentence word. */
const NAME = String.raw`(\p{Lu}\p{Ll}[\p{Ll}'-]*)`;
const NOT_A_NAME = new RegExp(
  String.raw`^(?:I|I'm|We|My|Our|The|This|That|It|He|She|They|You|His|Her|Their|Baby|Born|Welcome|Big|News` +
    '|' +
    CALENDAR_NAMES +
    String.raw`|Mom|Mum|Dad|So|And|But|Ok|Okay` +
    String.raw`|Sadly|Finally|Just|Also|Now|Today|Yesterday|Last|Meet|Say|Hello|Hi|Oh)$`,
  'u',
);

/** The kind, then a few small words or a pause, then the name ("baby Mia", "a dog last month, Daisy"). */
const KIND_THEN_NAME = new RegExp(String.raw`\b(${KINDS})\b(?:\s+\p{Ll}[\p{Ll}'-]*){0,3}?[\s,:;!.(–—-]+` + NAME, 'u');
/** The name, then its arrival ("Mia is here", "Noah was born"), or a welcome before it ("welcome, Mia"). */
const NAME_ARRIVES = new RegExp(
  NAME +
    String.raw`\s+(?:is here|has arrived|arrived|was born|is \d+ (?:weeks?|months?|days?) old)\b` +
    String.raw`|\b[Ww]elcome(?:d)?(?: to the world| to the family| home)?,?\s+` +
    NAME +
    // "Meet Max, the newest member…", "Noah is our newest addition": introduced as the newcomer.
    String.raw`|\b[Mm]eet\s+` +
    NAME +
    String.raw`(?=[\s,]+(?:the|our|my)\s+(?:new|newest|latest)\b)|` +
    NAME +
    String.raw`\s+(?:is|was)\s+(?:our|the)\s+(?:new|newest|latest)\s+(?:family\s+)?(?:member|addition|arrival)\b`,
  'u',
);
/** "on Saturday", "last May": a date between a kind and its name is neither ("a dog on Saturday, Daisy"). */
const DATED = new RegExp(String.raw`\s+(?:on|last|this|in)\s+(?:${CALENDAR_NAMES})\b`, 'gu');
/** Where a newcomer of no named kind joins, to be a pet (and not a colleague of "our team"). */
const HOUSEHOLD = /\b(?:family|household|home|pack)\b/iu;
/** Words that make a newcomer of no named kind a child; anything else that joins the household is a pet. */
const BIRTH = /\b(?:born|baby|babies|newborn|little one|pregnan\w*|delivery|labou?r|hospital)\b/iu;

/** Someone else's newcomer, or a sentence that asks or supposes. */
const NOT_MINE = new RegExp(
  String.raw`\b(?:his|her|their|your)\s|\p{L}'s\s+(?:new\s+)?(?:${CHILD_KINDS}|${alternation(PETS)})\b` +
    String.raw`|\b(?:my|our)\s+(?:sisters?|brothers?|friends?|neighbou?rs?|cousins?|coworkers?|colleagues?|boss` +
    String.raw`|aunts?|uncles?|mom|mum` +
    String.raw`|dad|parents)\b|\?|^\s*(?:if|when|would|should|could|what|how)\b|\b(?:if|would|might|maybe)\b` +
    // "They adopted a puppy": the newcomer of whoever the sentence is about.
    String.raw`|(?:^|[.!]\s*)(?:they|he|she)\s+(?:just\s+)?(?:adopted|got|had|welcomed|brought|rescued)\b`,
  'iu',
);

const childKind = (kind: string): string => (/^(?:son|daughter)$/iu.test(kind) ? kind.toLowerCase() : 'child');
const petKind = (kind: string): string => kind.toLowerCase().replace(/(?:ies|s)$/u, (s) => (s === 'ies' ? 'y' : ''));

/** One arrival read from a window of one or two sentences. */
function arrivalIn(window: string): { attribute: string; value: string } | undefined {
  if (!ARRIVAL.test(window) || NOT_MINE.test(window)) return undefined;
  let kind: string | undefined;
  let name: string | undefined;
  const first = KIND_THEN_NAME.exec(window.replace(DATED, ''));
  if (first && !NOT_A_NAME.test(first[2]!)) [kind, name] = [first[1]!, first[2]!];
  else {
    const arrives = NAME_ARRIVES.exec(window);
    const named = arrives?.slice(1).find((g) => g !== undefined);
    kind = KIND.exec(window)?.[1];
    if (named && !NOT_A_NAME.test(named)) name = named;
    // "Meet Max, the newest member of our family!": introduced, of no kind the turn names.
    if (
      name &&
      !kind &&
      arrives &&
      !/^(?:\p{Lu}\p{Ll}+\s+)?(?:is here|has arrived|arrived|was born|is \d)/u.test(arrives[0])
    )
      return BIRTH.test(window)
        ? { attribute: 'child', value: `child named ${name}` }
        : HOUSEHOLD.test(window)
          ? { attribute: 'pet', value: name }
          : undefined;
  }
  if (!kind || !name) return undefined;
  const isChild = new RegExp(String.raw`^(?:${CHILD_KINDS})$`, 'iu').test(kind);
  return isChild
    ? { attribute: 'child', value: `${childKind(kind)} named ${name}` }
    : { attribute: 'pet', value: `${petKind(kind)} named ${name}` };
}

/** A pet or child read without its name: "dog", "a kitten", "baby". */
const NAMELESS = new RegExp(String.raw`^(?:an?\s+|another\s+|new\s+)*(?:${CHILD_KINDS}|${alternation(PETS)})$`, 'iu');

/**
 * The candidates with the children and pets the turn announces (see the module): a nameless
 * one the readers read is named, a newcomer they missed is added, quoting its sentences.
 */
export function withArrivals(candidates: FactCandidate[], text: string): FactCandidate[] {
  if (!ARRIVAL.test(text)) return candidates;
  const sentences = text.match(/[^.!?…]+[.!?…]*/gu) ?? [];
  const out = [...candidates];
  for (let i = 0; i < sentences.length; i++) {
    const window = sentences.slice(i, i + 2).join('');
    const found = arrivalIn(sentences[i]!) ?? arrivalIn(window);
    if (!found) continue;
    const { attribute, value } = found;
    const name = value.split(' ').at(-1)!;
    if (out.some((c) => c.attribute === attribute && c.kind === 'state' && factValueMentions(attribute, c.value, name)))
      continue;
    const nameless = out.findIndex((c) => c.attribute === attribute && c.kind === 'state' && NAMELESS.test(c.value));
    const quote = (arrivalIn(sentences[i]!) ? sentences[i]! : window).trim();
    const candidate: FactCandidate = {
      attribute,
      value,
      text: factSentence(attribute, value),
      quote,
      kind: 'state',
    };
    if (nameless >= 0) out[nameless] = { ...out[nameless]!, value, text: candidate.text };
    else out.push(candidate);
  }
  return out;
}
