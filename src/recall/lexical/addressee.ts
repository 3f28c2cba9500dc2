/**
 * Whose turns a question is about when the app gives no speaker names: a name the question
 * uses that one role's turns keep addressing ("Hey Caroline!" in the assistant's turns, see
 * `addressed.ts`) is the other role's name, so the question favours that role's turns, as the
 * speaker boost does for named speakers.
 * @module
 */

import type { AddressCounts } from '../types.js';
import { ADDRESSED_PREFIX } from '../text/addressed.js';
import { analyze } from '../text/analyze.js';
import type { IndexState } from './index-state.js';
import { TF_BITS, TF_ESCAPE } from './postings.js';
import { FIELD_COUNT, SPEAKER_FIELD } from './ranking.js';

/**
 * Role codes (bits): the speaker-field terms of the roles `user` and `assistant`. Analyzed by
 * the first search that needs them, not when the module loads (a server's cold start).
 */
let roleTerms: readonly [string, number][] | undefined;
function roleTermCodes(): readonly [string, number][] {
  return (roleTerms ??= [
    [analyze('user')[0]!, 1],
    [analyze('assistant')[0]!, 2],
  ]);
}
/** Turns that must address a name before it is taken as a role's name. */
const MIN_ADDRESSING = 3;
/** How many times more often one role must address the name than the other. */
const SKEW = 3;

/** Roles to boost: turns whose `of[ordinal] & mask` is non-zero. */
export interface RoleBoost {
  of: Uint8Array;
  mask: number;
}

export type { AddressCounts };

/** The addressing counts of one index and its role column. */
export interface Addressee {
  /** Counts for the given terms (those the index holds as addressed names and not as named speakers). */
  counts(terms: Iterable<string>): AddressCounts;
  /** By ordinal: 1 for a user turn, 2 for an assistant turn, else 0. */
  roles(): Uint8Array;
}

/** The addressing statistics of one index (the role column is rebuilt after the index changes). */
export function createAddressee(state: IndexState): Addressee {
  let roleOf = new Uint8Array(0);
  let version = -1;
  const roles = (): Uint8Array => {
    if (version === state.version && roleOf.length >= state.ids.length) return roleOf;
    roleOf = new Uint8Array(state.ids.length);
    for (const [term, code] of roleTermCodes()) {
      forEachPosting(state, state.termIds.get(term), (o) => (roleOf[o] = code));
    }
    version = state.version;
    return roleOf;
  };
  return {
    roles,
    counts(terms) {
      const out: AddressCounts = new Map();
      for (const term of terms) {
        const id = state.termIds.get(term);
        // Named speakers (given by the app) are boosted as such: no guessing for their names.
        if (out.has(term) || (id !== undefined && (state.postings.sizes[id * FIELD_COUNT + SPEAKER_FIELD] ?? 0) > 0))
          continue;
        const addressed = state.termIds.get(ADDRESSED_PREFIX + term);
        if (addressed === undefined) continue;
        const of = roles();
        const by: [number, number] = [0, 0];
        forEachPosting(state, addressed, (o) => {
          if (state.alive[o] !== 1) return;
          if (of[o] === 1) by[0]++;
          else if (of[o] === 2) by[1]++;
        });
        out.set(term, by);
      }
      return out;
    },
  };
}

/** Sum addressing counts of several indexes (`scope: 'all'`). */
export function addAddressCounts(into: AddressCounts, part: AddressCounts): void {
  for (const [t, [u, a]] of part) {
    const known = into.get(t);
    if (known) {
      known[0] += u;
      known[1] += a;
    } else into.set(t, [u, a]);
  }
}

/**
 * The roles whose turns a question is about: a name the assistant's turns address (at least
 * {@link MIN_ADDRESSING} times, {@link SKEW} times more than the user's) is the user's, and
 * the other way round. 0 when none or both (no preference).
 */
export function boostedRoles(counts: AddressCounts): number {
  let mask = 0;
  for (const [user, assistant] of counts.values()) {
    if (assistant >= MIN_ADDRESSING && assistant >= SKEW * user) mask |= 1;
    else if (user >= MIN_ADDRESSING && user >= SKEW * assistant) mask |= 2;
  }
  return mask === 3 ? 0 : mask;
}

/** Call `fn` with the ordinal of every posting of a term's speaker field. */
function forEachPosting(state: IndexState, termId: number | undefined, fn: (ordinal: number) => void): void {
  if (termId === undefined) return;
  const slot = termId * FIELD_COUNT + SPEAKER_FIELD;
  const list = state.postings.lists[slot];
  const size = state.postings.sizes[slot] ?? 0;
  for (let r = 0; list !== undefined && r < size; r++) {
    const v = list[r] as number;
    fn(v >>> TF_BITS);
    if ((v & TF_ESCAPE) === TF_ESCAPE) r++;
  }
}
