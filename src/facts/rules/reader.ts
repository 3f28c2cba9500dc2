/**
 * What a reader is: a function from one clause (its plain form, and its date on demand) to the
 * facts it states, each a `Proposal` that the extractor turns into a `FactCandidate` quoting the
 * clause. One reader per attribute family, in `readers/`.
 * @module
 */
import type { DateDirection, DateMention } from './dates.js';
import { embedded } from './detectors.js';

/** A clause as a reader sees it. */
export interface ClauseView {
  /** The plain form (`canonical.ts`): contractions expanded, fillers dropped, case kept. */
  text: string;
  /** It opens with a correction ("actually, …"). */
  correction: boolean;
  /**
   * Whether the turn as read (its bounded prefix) matches `topic`: the context some readers need
   * ("I'm at Globex now" is an employer when the turn talks of a job). Memoized per turn.
   */
  turnMentions(topic: RegExp): boolean;
  /**
   * The first match of `topic` in the turn as read, memoized per turn ("renamed the dog" for a
   * later "he's Max now").
   */
  turnFind(topic: RegExp): RegExpExecArray | undefined;
  /** The first date the clause names, read backwards (`'past'`) or forwards (`'future'`) from the turn's time. */
  date(direction: DateDirection): DateMention | undefined;
}

/** One fact a reader found in a clause. */
export interface Proposal {
  attribute: string;
  value: string;
  kind: 'state' | 'retire';
  /** The value this statement explicitly replaces ("from Lyon to Berlin"). */
  replaces?: string;
  /** The sentence, when the attribute's own wording does not fit ("The user's wife is Anna."). */
  text?: string;
  /** Take `validFrom` from the clause's date, read backwards ("we moved here last month"). */
  dated?: boolean;
}

/** A reader of one attribute family. */
export type Reader = (clause: ClauseView) => Proposal[];

/**
 * The first match of `re` in the clause whose subject is not part of another clause (the words
 * before it hold no "who", "that", "if"…), or undefined.
 */
export function find(text: string, re: RegExp): RegExpExecArray | undefined {
  const m = re.exec(text);
  if (!m) return undefined;
  return embedded(text.slice(0, m.index)) ? undefined : m;
}

/** The words after a match, where its value starts. */
export function after(text: string, m: RegExpExecArray): string {
  return text.slice(m.index + m[0].length);
}

/** A proposal, without `undefined` optional fields (the shapes are exact). */
export function propose(
  attribute: string,
  value: string,
  kind: 'state' | 'retire' = 'state',
  extra: { replaces?: string | undefined; text?: string | undefined; dated?: boolean } = {},
): Proposal {
  const p: Proposal = { attribute, value, kind };
  if (extra.replaces) p.replaces = extra.replaces;
  if (extra.text) p.text = extra.text;
  if (extra.dated) p.dated = true;
  return p;
}
