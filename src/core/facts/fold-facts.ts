/**
 * Reconciliation: the facts a log of records means, computed by one deterministic fold. Records
 * are ordered by the time of what they record (the turn's time, the moment of a `setFact`),
 * the records of one turn by their place in it, then by id, never by arrival: an older turn
 * imported or synced later takes its place in the
 * timeline and cannot make an old value current. The same records give the same facts on every
 * device. Pure: no store, no clock.
 *
 * The rules, per attribute:
 * - one value at a time (`city`, `diet`): a new value supersedes the current one, which keeps
 *   its text, time span and sources, gets `until`, `supersededBy` and a `reason`; a repeat of
 *   the current value reinforces it (its turn is added to `sources`, no second fact);
 *   `replaces` ("from Lyon to Berlin") with no current value records the earlier one as
 *   superseded; `kind: 'retire'` ("I'm not vegetarian anymore") supersedes the value it names,
 *   with no successor.
 * - a list (`pet`, `language`, facts set with text alone): values accumulate; an item is
 *   retired only by a statement that names it.
 * - a fact the user set (`setFact`) is never overridden by extraction: a later extracted value
 *   that contradicts it is kept in the history, superseded on arrival by the user's fact, with
 *   the reason (so a screen can show the conflict); an extracted retirement of it is ignored. A
 *   later `setFact` replaces it.
 * - forgotten values (`forgetFact`) are left out: a record of one dated at or before the forget,
 *   a record the forget names, and a record rewritten without a forgotten value (`redacts`).
 * @module
 */
import type {
  Fact,
  FactRecord,
  FactSource,
  FactVocabulary,
  ForgetFactRecord,
  SetFactRecord,
  StatedFactRecord,
} from '../../facts/types.js';
import { factHash } from './fact-hash.js';
import type { FoldedFact, FoldResult, Forgotten } from './types.js';

export type { FoldedFact, FoldResult, Forgotten } from './types.js';
import { attributeOf, keyHash, valueKey, valueOf } from './fact-keys.js';
import { redactedCopy } from './fact-redact.js';

/** The fact id a record starts. */
export const factIdOf = (recordId: string): string => `f-${recordId.startsWith('fr-') ? recordId.slice(3) : recordId}`;

const ms = (iso: string): number => Date.parse(iso);
const day = (iso: string | undefined): string => (iso ? iso.slice(0, 10) : 'an unknown date');
const later = (a: string | undefined, b: string): string => (a !== undefined && ms(a) > ms(b) ? a : b);

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Records of one time by turn: a fact the user set first, then stated ones by session, then entry. */
function byTurn(a: StatedFactRecord | SetFactRecord, b: StatedFactRecord | SetFactRecord): number {
  if (a.type !== 'stated' || b.type !== 'stated') return (a.type === 'stated' ? 1 : 0) - (b.type === 'stated' ? 1 : 0);
  return compare(a.source.sessionId, b.source.sessionId) || compare(a.source.entryId, b.source.entryId);
}

/**
 * The order records are applied in: by time; records of one time by turn (a fact the user set
 * first), those of one turn by their place in it (`position`; a record written before it
 * existed first), then by id. A total order, so every device applies the same records alike.
 */
function byTimeline(a: StatedFactRecord | SetFactRecord, b: StatedFactRecord | SetFactRecord): number {
  const place = (r: StatedFactRecord | SetFactRecord): number => (r.type === 'stated' ? (r.position ?? -1) : -1);
  return ms(a.at) - ms(b.at) || byTurn(a, b) || place(a) - place(b) || compare(a.id, b.id);
}

/** Fold the records into facts (see the module's rules). */
export function foldFacts(input: readonly FactRecord[], vocab: FactVocabulary): FoldResult {
  const unique = new Map<string, FactRecord>();
  for (const r of input) if (!unique.has(r.id)) unique.set(r.id, r);
  const present = new Set(unique.keys());
  const forgets = [...unique.values()].filter((r): r is ForgetFactRecord => r.type === 'forget');
  const blocked = new Set<string>();
  const forgotten: Forgotten[] = [];
  for (const f of forgets) {
    for (const id of f.records) blocked.add(id);
    for (const key of f.keys) forgotten.push({ key, at: ms(f.at) });
  }
  const forgottenAt = new Map<string, number>();
  for (const { key, at } of forgotten) {
    const id = `${key.attribute}\u0000${key.hash}`;
    forgottenAt.set(id, Math.max(forgottenAt.get(id) ?? -Infinity, at));
  }
  const isForgotten = (attribute: string, value: string, at: string): boolean =>
    (forgottenAt.get(`${attribute}\u0000${keyHash(vocab, attribute, value)}`) ?? -Infinity) >= ms(at);

  const suppressed: string[] = [];
  let live: (StatedFactRecord | SetFactRecord)[] = [];
  for (const r of unique.values()) {
    if (r.type === 'forget') continue;
    if (blocked.has(r.id) || isForgotten(attributeOf(r), valueOf(r), r.at)) suppressed.push(r.id);
    else live.push(r);
  }
  // A record rewritten without a forgotten value counts no more: its rewrite does.
  const redacted = new Set(live.flatMap((r) => (r.type === 'stated' && r.redacts ? [r.redacts] : [])));
  if (redacted.size) {
    for (const id of redacted) blocked.add(id);
    suppressed.push(...live.filter((r) => redacted.has(r.id)).map((r) => r.id));
    live = live.filter((r) => !redacted.has(r.id));
  }
  live.sort(byTimeline);

  const rewrites: FoldResult['rewrites'] = [];
  if (forgotten.length)
    for (const r of live) {
      const to = r.type === 'stated' ? redactedCopy(r, forgotten, vocab) : undefined;
      if (to && r.type === 'stated') rewrites.push({ from: r, to });
    }

  const folder = createFolder(vocab, isForgotten);
  for (const r of live) folder.apply(r);
  const facts = folder.facts;
  return {
    facts,
    byId: new Map(facts.map((f) => [f.id, f])),
    suppressed: suppressed.sort(),
    rewrites,
    forgotten,
    present,
    blocked,
    leavesOut: (r) => blocked.has(r.id) || (r.type !== 'forget' && isForgotten(attributeOf(r), valueOf(r), r.at)),
  };
}

function createFolder(vocab: FactVocabulary, isForgotten: (attribute: string, value: string, at: string) => boolean) {
  const facts: FoldedFact[] = [];
  /** The current fact of each single-valued attribute. */
  const current = new Map<string, FoldedFact>();
  /** The current items of each list attribute, by value key. */
  const items = new Map<string, Map<string, FoldedFact>>();
  /** Extracted values a user's fact kept from applying, by attribute, key and the user's fact. */
  const heldBack = new Map<string, FoldedFact>();

  const sourceOf = (r: StatedFactRecord): FactSource => {
    const s: FactSource = { sessionId: r.source.sessionId, entryId: r.source.entryId, at: r.at };
    if (r.quote !== undefined) s.quote = r.quote;
    return s;
  };
  const said = (r: FactRecord): string =>
    r.type === 'stated' ? `the user said "${r.quote ?? r.text}"` : r.type === 'set' ? `the user set "${r.text}"` : '';

  const make = (r: StatedFactRecord | SetFactRecord, attribute: string, value: string, key: string): FoldedFact => {
    const f: FoldedFact = {
      id: factIdOf(r.id),
      text: r.text,
      status: 'current',
      since: r.type === 'stated' && r.validFrom !== undefined ? r.validFrom : r.at,
      origin: r.type === 'set' ? 'user' : r.origin,
      sources: r.type === 'stated' ? [sourceOf(r)] : [],
      key,
      records: [r.id],
    };
    if (attribute !== '') f.attribute = attribute;
    if (r.type === 'stated' || r.value !== undefined) f.value = value;
    facts.push(f);
    return f;
  };

  const reinforce = (f: FoldedFact, r: StatedFactRecord | SetFactRecord): void => {
    f.records.push(r.id);
    if (r.type === 'set') {
      // The user states it themselves: it is theirs now, in their words.
      f.origin = 'user';
      f.text = r.text;
      return;
    }
    const s = sourceOf(r);
    if (!f.sources.some((x) => x.sessionId === s.sessionId && x.entryId === s.entryId)) f.sources.push(s);
  };

  const end = (f: FoldedFact, until: string, reason: string, by?: FoldedFact): void => {
    f.status = 'superseded';
    f.until = later(f.since, until);
    f.reason = reason;
    if (by) f.supersededBy = by.id;
  };

  const supersede = (old: FoldedFact, next: FoldedFact, r: StatedFactRecord | SetFactRecord): void => {
    const reason =
      r.type === 'set'
        ? `Replaced on ${day(r.at)} by a fact the user set: "${r.text}".`
        : `Replaced on ${day(r.at)} by ${next.value ?? next.text}: ${said(r)}.`;
    end(old, next.since ?? r.at, reason, next);
  };

  const retire = (f: FoldedFact, r: StatedFactRecord): void => {
    f.records.push(r.id);
    end(f, r.validFrom ?? r.at, `No longer true since ${day(r.validFrom ?? r.at)}: ${said(r)}.`);
  };

  /** An extracted value that contradicts the user's own fact: kept, superseded by it on arrival. */
  const holdBack = (holder: FoldedFact, r: StatedFactRecord, attribute: string, key: string): void => {
    const k = `${attribute}\u0000${key}\u0000${holder.id}`;
    const known = heldBack.get(k);
    if (known) return reinforce(known, r);
    const f = make(r, attribute, r.value, key);
    end(
      f,
      f.since ?? r.at,
      `Not applied: the user set "${holder.value ?? holder.text}" on ${day(holder.since)}, ` +
        'and extraction never overrides a fact the user set.',
      holder,
    );
    heldBack.set(k, f);
  };

  /** "From Lyon to Berlin" with no current value: Lyon is recorded as the earlier value. */
  const earlier = (next: FoldedFact, r: StatedFactRecord, attribute: string): void => {
    const value = r.replaces!;
    if (isForgotten(attribute, value, r.at)) return;
    const f: FoldedFact = {
      id: `f-${factHash(`${r.id}/replaces`)}`,
      text: vocab.sentence(attribute, value),
      attribute,
      value,
      status: 'superseded',
      until: next.since ?? r.at,
      supersededBy: next.id,
      origin: r.origin,
      sources: [sourceOf(r)],
      reason: `Stated as the earlier value on ${day(r.at)}: ${said(r)}.`,
      key: valueKey(vocab, attribute, value),
      // It owns no record: the record is its successor's (a forget of it rewrites that record).
      records: [],
    };
    facts.splice(facts.indexOf(next), 0, f);
  };

  const names = (attribute: string, item: FoldedFact, value: string, key: string): boolean =>
    key === item.key || (item.value !== undefined && vocab.mentions(attribute, item.value, value));

  function applyOne(r: StatedFactRecord | SetFactRecord, attribute: string, value: string, key: string): void {
    const user = r.type === 'set';
    const cur = current.get(attribute);
    if (r.type === 'stated' && r.kind === 'retire') {
      if (!cur || cur.origin === 'user' || !(value.trim() === '' || names(attribute, cur, value, key))) return;
      retire(cur, r);
      current.delete(attribute);
      return;
    }
    if (cur && cur.key === key) return reinforce(cur, r);
    if (cur && cur.origin === 'user' && !user) return holdBack(cur, r as StatedFactRecord, attribute, key);
    const next = make(r, attribute, value, key);
    if (cur) supersede(cur, next, r);
    else if (r.type === 'stated' && r.replaces !== undefined && valueKey(vocab, attribute, r.replaces) !== key)
      earlier(next, r, attribute);
    current.set(attribute, next);
  }

  function applyMany(r: StatedFactRecord | SetFactRecord, attribute: string, value: string, key: string): void {
    const user = r.type === 'set';
    let list = items.get(attribute);
    if (!list) items.set(attribute, (list = new Map()));
    const overridable = (item: FoldedFact): boolean => user || item.origin !== 'user';
    if (r.type === 'stated' && r.kind === 'retire') {
      const exact = list.get(key);
      const named = exact ? [exact] : [...list.values()].filter((item) => names(attribute, item, value, key));
      for (const item of named.filter(overridable)) {
        retire(item, r);
        list.delete(item.key);
      }
      return;
    }
    const known = list.get(key);
    if (known) return reinforce(known, r);
    const next = make(r, attribute, value, key);
    if (r.type === 'stated' && r.replaces !== undefined) {
      const replacesKey = valueKey(vocab, attribute, r.replaces);
      const old =
        list.get(replacesKey) ?? [...list.values()].find((item) => names(attribute, item, r.replaces!, replacesKey));
      if (old && overridable(old)) {
        supersede(old, next, r);
        list.delete(old.key);
      }
    }
    list.set(key, next);
  }

  return {
    facts,
    apply(r: StatedFactRecord | SetFactRecord): void {
      const attribute = attributeOf(r);
      const value = valueOf(r);
      const key = valueKey(vocab, attribute, value);
      if (attribute === '' || vocab.cardinality(attribute) === 'many') applyMany(r, attribute, value, key);
      else applyOne(r, attribute, value, key);
    },
  };
}

/** The public shape of a folded fact (a copy). */
export function publicFact(f: FoldedFact): Fact {
  const out: Fact = {
    id: f.id,
    text: f.text,
    status: f.status,
    origin: f.origin,
    sources: f.sources.map((s) => ({ ...s })),
  };
  if (f.attribute !== undefined) out.attribute = f.attribute;
  if (f.value !== undefined) out.value = f.value;
  if (f.since !== undefined) out.since = f.since;
  if (f.until !== undefined) out.until = f.until;
  if (f.supersededBy !== undefined) out.supersededBy = f.supersededBy;
  if (f.reason !== undefined) out.reason = f.reason;
  return out;
}

/** A fact and every fact it superseded, directly or not (what `forgetFact` removes). */
export function chainOf(result: FoldResult, fact: FoldedFact): FoldedFact[] {
  const out = [fact];
  for (let i = 0; i < out.length; i++) {
    const id = out[i]!.id;
    for (const f of result.facts) if (f.supersededBy === id && !out.includes(f)) out.push(f);
  }
  return out;
}
