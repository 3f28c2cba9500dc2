/**
 * The shapes of facts about the user: what an extractor proposes (`FactCandidate`), what is
 * kept (`Fact`), and the options that turn facts on. Implementations import them from here, so
 * the extractors (`facts/`) and the reconciliation and storage (`core/facts/`) share one home
 * for their types and never import each other for one.
 * @module
 */

/** Who stated a fact: the offline rules, the model pass, or the user / app (`setFact`). */
export type FactOrigin = 'rules' | 'model' | 'user';

/** Whether a fact holds now, or was replaced by a newer one (kept, with its time span). */
export type FactStatus = 'current' | 'superseded';

/** The turn a fact was read from. */
export interface FactSource {
  sessionId: string;
  entryId: string;
}

/**
 * A durable statement about the user, as `listFacts` returns it. Superseded facts are kept
 * (with `until` and `supersededBy`), never deleted, unless the user forgets them.
 */
export interface Fact {
  id: string;
  /** A readable sentence about the user that carries the value ("The user lives in Berlin."). */
  text: string;
  /** What the fact is about (`city`, `employer`, `diet`, `pet`, …), when it has one. */
  attribute?: string;
  /** The value for that attribute ("Berlin"), when it has one. */
  value?: string;
  status: FactStatus;
  /** When it became true, or was first stated (ISO 8601). */
  since?: string;
  /** When it stopped being true (ISO 8601): set on a superseded fact. */
  until?: string;
  /** The id of the fact that replaced this one. */
  supersededBy?: string;
  origin: FactOrigin;
  /** The turns that stated it (a repeat adds its turn here instead of a second fact). */
  sources: FactSource[];
}

/** Whether an attribute holds one value at a time (city, diet) or a list (pets, languages). */
export type FactCardinality = 'one' | 'many';

/**
 * One statement an extractor read from a user turn, before reconciliation decides what it
 * changes. Every candidate quotes the span of the turn it came from.
 */
export interface FactCandidate {
  /** A known attribute name (see the attribute registry in `facts/`). */
  attribute: string;
  /** The value, as the user said it, trimmed ("Berlin", "vegetarian", "a cat named Rex"). */
  value: string;
  /** A readable sentence about the user carrying the value. */
  text: string;
  /** A span of the source turn, verbatim, that states it. */
  quote: string;
  /**
   * `state`: this holds now (adds, reinforces, or supersedes a single-valued attribute);
   * `retire`: the user says this value no longer holds ("I'm not vegetarian anymore",
   * "we gave our cat away"): the matching current fact is superseded with no successor.
   */
  kind: 'state' | 'retire';
  /** "From X to Y", "used to be X": the value the statement explicitly replaces. */
  replaces?: string;
  /** When the statement says it became true ("last month" against the turn's time), ISO 8601. */
  validFrom?: string;
}

/** A user turn handed to an extractor. */
export interface FactTurn {
  sessionId: string;
  entryId: string;
  text: string;
  /** When it was said (ISO 8601): relative dates ("last month") are read against it. */
  timestamp: string;
}

/** How facts are extracted: the offline rules (default) or the memory's summarizer. */
export type FactExtractMode = 'rules' | 'model';

/** `createMemory({ facts })`: turns facts about the user on. */
export interface FactsOptions {
  /**
   * Tokens the "Known about the user" block may take in a context, counted inside its budget.
   * @default 300
   */
  maxTokens?: number;
  /**
   * `'rules'`: the built-in offline extractor (no model, no network); `'model'`: the rules,
   * then a batched pass through the memory's summarizer when idle.
   * @default 'rules'
   */
  extract?: FactExtractMode;
}
