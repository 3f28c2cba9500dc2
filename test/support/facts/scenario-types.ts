/**
 * The shape of the knowledge-update suite (`npm run eval:facts`, test/unit/facts-*.test.ts):
 * chats in which the user states something, talks about other things and other people, and
 * months later states a change. Written for RecallKit; no scenario is taken from a dataset.
 * @module
 */

/** Which set a phrasing belongs to (see `UpdateScenario.split`). */
export type Split =
  | 'dev'
  | 'holdout'
  | 'fresh'
  | 'unseen'
  | 'round10'
  | 'round11'
  | 'round12'
  | 'round13'
  | 'round14'
  | 'round15'
  | 'round16'
  | 'round17'
  | 'round18'
  | 'round19'
  | 'round20'
  | 'round21'
  | 'round22'
  | 'round23'
  | 'round24'
  | 'round25'
  | 'round26'
  | 'round27'
  | 'round28';

/** One user turn of a scenario, `monthsLater` after the scenario's start. */
export interface ScenarioTurn {
  text: string;
  monthsLater: number;
}

/** A scenario and what must hold once its turns are read. */
export interface UpdateScenario {
  id: string;
  /** The attribute the scenario is about (`city`, `diet`, …). */
  attribute: string;
  /**
   * `dev`: phrasings the rules were tuned on (the first held-out set included, once its failures
   * were seen); `holdout`: phrasings written after tuning and scored untouched (`suites-held-out.ts`);
   * `fresh`: the eighth set (`suites-round-8.ts`), scored untouched, then the rules generalised;
   * `unseen`: the ninth set (`suites-round-9.ts`), written after that, scored untouched, then the
   * rules generalised with it and `round10` in view; `round10`: the tenth set
   * (`suites-round-10.ts`), scored untouched before that generalisation; `round11`: the eleventh
   * set (`suites-round-11.ts`), written before that generalisation and scored once after it,
   * never tuned on; `round12`: the twelfth set (`suites-round-12.ts`), written and scored before
   * the frame reader, then tuned on; `round13`: the thirteenth set (`suites-round-13.ts`),
   * written and scored before any rule change for it, never tuned on; `round14`: the fourteenth set
   * (`suites-round-14.ts`), written before the rules were read for it and scored once untouched; `round15`: the fifteenth set
   * (`suites-round-15.ts`), written after the rules were generalised on rounds 12 to 14 and scored once;
   * `round16`: the sixteenth set (`suites-round-16.ts`, with three attributes of its own), written
   * before the rules were read for it and scored once untouched; `round17`: the seventeenth set
   * (`suites-round-17.ts`), written before the rules were read for it, scored once untouched, then
   * tuned on by cause; `round18`: the eighteenth set (`suites-round-18.ts`), written with it and
   * held out: scored untouched before and once after that tuning; `round19`: the nineteenth set
   * (`suites-round-19.ts`), written before the rules were read for it, scored once untouched, then
   * tuned on by cause; `round20`: the twentieth set (`suites-round-20.ts`), written with it and held
   * out: scored untouched before and once after that tuning, never tuned on; `round21`: the
   * twenty-first set (`suites-round-21.ts`), written from the issue and the scenario format alone,
   * before the rules were read for it, and scored once untouched; `round22`: the twenty-second set
   * (`suites-round-22.ts`), written with it and held out: scored once untouched, never tuned on;
   * `round23`: the twenty-third set (`suites-round-23.ts`), written from the issue and the scenario
   * format alone, checked for word overlap against every earlier set, and scored once untouched;
   * `round24`: the twenty-fourth set (`suites-round-24.ts`), written with it and held out: checked
   * the same way and scored once untouched, never tuned on; `round25`: the twenty-fifth set
   * (`suites-round-25.ts`), written from the issue and the scenario format alone, checked for word
   * overlap against every earlier set, and scored once untouched; `round26`: the twenty-sixth set
   * (`suites-round-26.ts`), written with it and held out: checked the same way and scored once
   * untouched, never tuned on; `round27`: the twenty-seventh set (`suites-round-27.ts`), written
   * from the issue and the scenario format alone without reading the extractor, checked for word
   * overlap against every earlier set, and scored once untouched; `round28`: the twenty-eighth set
   * (`suites-round-28.ts`), written with it and held out: checked the same way and scored once
   * untouched, never tuned on.
   */
  split: Split;
  /** `change`: a value changes; `distractor`: nothing about the user changes. */
  kind: 'change' | 'distractor';
  turns: ScenarioTurn[];
  /** Values that must be current facts of `attribute` at the end. */
  current: string[];
  /** Values that must not be current facts of `attribute` at the end. */
  notCurrent: string[];
}

/** A change phrasing: `{old}` and `{new}` are filled from a value pair. */
export interface ChangePhrasing {
  text: string;
  /** Whether the statement retires the old value only (no new value is stated). */
  retireOnly?: boolean;
  /** Whether the statement retires the old item of a list while adding the new one ("not X anymore, Y"). */
  replacesOld?: boolean;
  /**
   * Whether the statement adds a list item even though its words look like a renaming ("we
   * adopted a cat, her name is Milo"): the old item stays current.
   */
  addsItem?: boolean;
  split: Split;
}

/** What one attribute's scenarios are built from. */
export interface AttributeSuite {
  attribute: string;
  /** Value pairs: the original, and the value after the change. */
  pairs: [old: string, next: string][];
  /** How the original is stated (`{old}`). */
  originals: string[];
  changes: ChangePhrasing[];
  /** Turns between, which must change nothing (`{other}` is a third value). */
  distractors: string[];
  /** A third value per pair for the distractors. */
  others: string[];
  /** `many`: the original stays current after an added value. */
  cardinality: 'one' | 'many';
}
