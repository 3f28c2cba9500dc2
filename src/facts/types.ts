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
  /** When the turn was said (ISO 8601). */
  at?: string;
  /** The span of the turn that states the fact, verbatim (absent for a fact the user set). */
  quote?: string;
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
  /**
   * Why a superseded fact stopped being current ("Replaced on 2026-09-12 by Berlin: the user
   * said \"we moved to Berlin last month\"."), or why an extracted statement was not applied.
   */
  reason?: string;
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

/** Reads a user turn for statements about the user (the offline rules): pure and synchronous. */
export type FactExtractor = (turn: FactTurn) => FactCandidate[];

/**
 * What reconciliation needs to know about attributes, from the attribute registry: how many
 * values one holds, when two values are the same, and the sentence a value reads as.
 */
export interface FactVocabulary {
  /** `one` for an attribute with one value at a time; unknown attributes are `one`. */
  cardinality(attribute: string): FactCardinality;
  /** The key two values compare by ("Berlin" and "berlin" are one value). */
  valueKey(attribute: string, value: string): string;
  /** Whether `mention` names the stored value ("dog" names "a dog named Rex"): for retirements. */
  mentions(attribute: string, stored: string, mention: string): boolean;
  /** The value as a sentence about the user ("The user lives in Berlin."). */
  sentence(attribute: string, value: string): string;
  /** A few words on what the attribute is (helps relevance to a question), when known. */
  label?(attribute: string): string | undefined;
}

/** A candidate the model pass read, with the turn it came from. */
export type ModelFactCandidate = FactCandidate & { entryId: string };

/** The model pass: one prompt for a batch of user turns, and the candidates read from the answer. */
export interface FactModelExtractor {
  /** The prompt asking the model for the facts of `turns`, as strict JSON. */
  prompt(turns: readonly FactTurn[]): string;
  /**
   * The candidates in the model's answer; one whose quote does not occur in its turn is dropped.
   * Throws when the answer is not the JSON asked for (the batch is retried).
   */
  parse(answer: string, turns: readonly FactTurn[]): ModelFactCandidate[];
}

/**
 * One immutable record of a memory's facts log. The facts `listFacts` shows are computed from
 * the records (ordered by the time of what they record, then by turn and place in the turn, then
 * id), so every device holding the
 * same records shows the same facts. An id is a hash of the record's content: two devices
 * reading the same turn write the same record.
 */
export type FactRecord = StatedFactRecord | SetFactRecord | ForgetFactRecord;

/** A statement an extractor read from a user turn. */
export interface StatedFactRecord {
  type: 'stated';
  id: string;
  /** When the turn was said (ISO 8601): records are ordered by it, not by arrival. */
  at: string;
  origin: 'rules' | 'model';
  kind: 'state' | 'retire';
  attribute: string;
  value: string;
  text: string;
  quote?: string;
  replaces?: string;
  validFrom?: string;
  source: { sessionId: string; entryId: string };
  /**
   * Where the statement is in its turn, which orders the records of one turn (they share `at`):
   * the character offset of its quote × 64, plus its rank among the statements its extractor
   * read from the turn (at most 63). Absent on records written before it existed: those of one
   * turn are ordered by id, before the ones that have it.
   */
  position?: number;
  /** The id of a record this one rewrote without a forgotten value. */
  redacts?: string;
}

/** A fact the user or app set (`setFact`). */
export interface SetFactRecord {
  type: 'set';
  id: string;
  at: string;
  text: string;
  attribute?: string;
  value?: string;
  /** Makes two sets of the same text at the same instant two records. */
  nonce: string;
}

/**
 * `forgetFact`: the values forgotten, as hashes (the record carries no forgotten text), and
 * the records erased. A statement of such a value dated at or before `at` never counts again.
 */
export interface ForgetFactRecord {
  type: 'forget';
  id: string;
  at: string;
  /** Per forgotten value: its attribute (`''` for a fact without one), the hash of its key, its word count. */
  keys: { attribute: string; hash: string; words: number }[];
  records: string[];
  nonce: string;
}

/** `exportFacts()`: every record of the facts log, to give to `importFacts()`. */
export interface FactsExport {
  schemaVersion: 1;
  records: FactRecord[];
}

/** Options of `listFacts`. */
export interface ListFactsOptions {
  /**
   * Superseded facts too (each with `until`, `supersededBy` and `reason`).
   * @default false
   */
  history?: boolean;
  /** Only facts of this attribute. */
  attribute?: string;
}

/** What `setFact` takes: a sentence about the user, and optionally its attribute and value. */
export interface SetFactInput {
  /** A readable sentence about the user ("I am vegetarian", "The user lives in Berlin."). */
  text: string;
  /** The attribute it sets (`city`, `diet`, …): a newer value of the same attribute replaces the older. */
  attribute?: string;
  /** The value for the attribute (needs `attribute`). */
  value?: string;
}

/** What a `facts:changed` event reports. */
export interface FactsChange {
  /** What changed them: extraction, `setFact`, `forgetFact`, `importFacts`, or another device or tab. */
  cause: 'extracted' | 'set' | 'forgotten' | 'imported' | 'synced';
  /** Facts that are new. */
  added: string[];
  /** Facts whose status or content changed (a current fact superseded, a source added). */
  changed: string[];
  /** Facts that are gone (forgotten). */
  removed: string[];
}

/** A fact as `getContextForLLM` considered it. */
export interface ContextFact {
  id: string;
  /** The line the context holds (or would have held). */
  line: string;
  /** Terms shared with the question (0 when none): the block lists the most relevant first. */
  relevance: number;
  /** Why it went in or was left out. */
  reason: string;
}

/** `LLMContext.facts`: which facts the "Known about the user" block holds, and why others were left out. */
export interface ContextFactsDetails {
  /** Tokens the block takes, its message framing included (0 when there is no block). */
  tokenCount: number;
  /** The room the block had: `facts.maxTokens`, or less when the context budget left less. */
  room: number;
  included: ContextFact[];
  left: ContextFact[];
}
