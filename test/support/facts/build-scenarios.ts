/**
 * The knowledge-update suite, built from the phrasings of `suites-*.ts`: for every change
 * phrasing, scenarios over two value pairs (the original stated, two distractor turns, the
 * change four to seven months later); and distractor-only scenarios, where nothing about the
 * user changes. Deterministic: the same list every run.
 * @module
 */
import type { AttributeSuite, ChangePhrasing, Split, UpdateScenario } from './scenario-types.js';
import { CITY, EMPLOYER, JOB, SCHOOL } from './suites-home-work.js';
import { ALLERGY, DIET, LANGUAGE, PARTNER, PET, PHONE } from './suites-personal.js';
import { HELD_OUT_CHANGES, HELD_OUT_DISTRACTORS } from './suites-held-out.js';
import { ROUND_2_CHANGES, ROUND_2_DISTRACTORS } from './suites-round-2.js';
import { ROUND_3_CHANGES, ROUND_3_DISTRACTORS } from './suites-round-3.js';
import { ROUND_4_CHANGES, ROUND_4_DISTRACTORS } from './suites-round-4.js';
import { ROUND_5_CHANGES, ROUND_5_DISTRACTORS } from './suites-round-5.js';
import { ROUND_7_CHANGES, ROUND_7_DISTRACTORS } from './suites-round-7.js';
import { ROUND_8_CHANGES, ROUND_8_DISTRACTORS, ROUND_8_SUITES } from './suites-round-8.js';
import { ROUND_9_CHANGES, ROUND_9_DISTRACTORS } from './suites-round-9.js';
import { ROUND_10_CHANGES, ROUND_10_DISTRACTORS } from './suites-round-10.js';
import { ROUND_11_CHANGES, ROUND_11_DISTRACTORS } from './suites-round-11.js';
import { ROUND_12_CHANGES, ROUND_12_DISTRACTORS } from './suites-round-12.js';
import { ROUND_13_CHANGES, ROUND_13_DISTRACTORS } from './suites-round-13.js';
import { ROUND_14_CHANGES, ROUND_14_DISTRACTORS } from './suites-round-14.js';
import { ROUND_15_CHANGES, ROUND_15_DISTRACTORS } from './suites-round-15.js';
import { ROUND_16_CHANGES, ROUND_16_DISTRACTORS, ROUND_16_SUITES } from './suites-round-16.js';
import { ROUND_17_CHANGES, ROUND_17_DISTRACTORS } from './suites-round-17.js';
import { ROUND_18_CHANGES, ROUND_18_DISTRACTORS } from './suites-round-18.js';
import { ROUND_19_CHANGES, ROUND_19_DISTRACTORS } from './suites-round-19.js';
import { ROUND_20_CHANGES, ROUND_20_DISTRACTORS } from './suites-round-20.js';
import { ROUND_21_CHANGES, ROUND_21_DISTRACTORS } from './suites-round-21.js';
import { ROUND_22_CHANGES, ROUND_22_DISTRACTORS } from './suites-round-22.js';
import { ROUND_23_CHANGES, ROUND_23_DISTRACTORS } from './suites-round-23.js';
import { ROUND_24_CHANGES, ROUND_24_DISTRACTORS } from './suites-round-24.js';
import { ROUND_25_CHANGES, ROUND_25_DISTRACTORS } from './suites-round-25.js';
import { ROUND_26_CHANGES, ROUND_26_DISTRACTORS } from './suites-round-26.js';
import { ROUND_27_CHANGES, ROUND_27_DISTRACTORS } from './suites-round-27.js';
import { ROUND_28_CHANGES, ROUND_28_DISTRACTORS } from './suites-round-28.js';
import { SHAPE_DISTRACTORS } from './suites-shape-distractors.js';

/** A set of phrasings added to every suite after round 8's, and the split its distractors count in. */
interface LaterRound {
  split: Split;
  changes: Record<string, ChangePhrasing[]>;
  distractors: Record<string, string[]>;
  /** Suites of the set's own attributes: every distractor of theirs counts in `split`. */
  suites?: readonly AttributeSuite[];
}

/**
 * The sets joined after round 8's suites, in the order their phrasings join a suite; a distractor
 * found in several counts in the latest. `suites-shape-distractors.ts` (distractors only) sits
 * between rounds 10 and 11, where it was written.
 */
const LATER_ROUNDS: readonly LaterRound[] = [
  { split: 'unseen', changes: ROUND_9_CHANGES, distractors: ROUND_9_DISTRACTORS },
  { split: 'round10', changes: ROUND_10_CHANGES, distractors: ROUND_10_DISTRACTORS },
  { split: 'dev', changes: {}, distractors: SHAPE_DISTRACTORS },
  { split: 'round11', changes: ROUND_11_CHANGES, distractors: ROUND_11_DISTRACTORS },
  { split: 'round12', changes: ROUND_12_CHANGES, distractors: ROUND_12_DISTRACTORS },
  { split: 'round13', changes: ROUND_13_CHANGES, distractors: ROUND_13_DISTRACTORS },
  { split: 'round14', changes: ROUND_14_CHANGES, distractors: ROUND_14_DISTRACTORS },
  { split: 'round15', changes: ROUND_15_CHANGES, distractors: ROUND_15_DISTRACTORS },
  { split: 'round16', changes: ROUND_16_CHANGES, distractors: ROUND_16_DISTRACTORS, suites: ROUND_16_SUITES },
  { split: 'round17', changes: ROUND_17_CHANGES, distractors: ROUND_17_DISTRACTORS },
  { split: 'round18', changes: ROUND_18_CHANGES, distractors: ROUND_18_DISTRACTORS },
  { split: 'round19', changes: ROUND_19_CHANGES, distractors: ROUND_19_DISTRACTORS },
  { split: 'round20', changes: ROUND_20_CHANGES, distractors: ROUND_20_DISTRACTORS },
  { split: 'round21', changes: ROUND_21_CHANGES, distractors: ROUND_21_DISTRACTORS },
  { split: 'round22', changes: ROUND_22_CHANGES, distractors: ROUND_22_DISTRACTORS },
  { split: 'round23', changes: ROUND_23_CHANGES, distractors: ROUND_23_DISTRACTORS },
  { split: 'round24', changes: ROUND_24_CHANGES, distractors: ROUND_24_DISTRACTORS },
  { split: 'round25', changes: ROUND_25_CHANGES, distractors: ROUND_25_DISTRACTORS },
  { split: 'round26', changes: ROUND_26_CHANGES, distractors: ROUND_26_DISTRACTORS },
  { split: 'round27', changes: ROUND_27_CHANGES, distractors: ROUND_27_DISTRACTORS },
  { split: 'round28', changes: ROUND_28_CHANGES, distractors: ROUND_28_DISTRACTORS },
];

/**
 * Every attribute suite: the phrasings of `suites-home-work.ts`, `suites-personal.ts`,
 * `suites-round-2.ts` to `suites-round-5.ts` and `suites-round-7.ts` (all tuned on by now, so
 * `dev`), those of `suites-held-out.ts` (`holdout`), those of `suites-round-8.ts` (`fresh`,
 * with five attributes of its own), then those of {@link LATER_ROUNDS} (`suites-round-9.ts` as
 * `unseen`, `suites-round-N.ts` as `roundN` from round 10 on, `suites-round-16.ts` with three
 * attributes of its own); the distractors of `suites-shape-distractors.ts` count as `dev`.
 */
export const SUITES: readonly AttributeSuite[] = [
  CITY,
  DIET,
  JOB,
  EMPLOYER,
  PHONE,
  PARTNER,
  PET,
  SCHOOL,
  LANGUAGE,
  ALLERGY,
]
  .map((suite) => ({
    ...suite,
    changes: [
      ...suite.changes.map((c) => ({ ...c, split: 'dev' as const })),
      ...(ROUND_2_CHANGES[suite.attribute] ?? []),
      ...(ROUND_3_CHANGES[suite.attribute] ?? []),
      ...(ROUND_4_CHANGES[suite.attribute] ?? []),
      ...(ROUND_5_CHANGES[suite.attribute] ?? []),
      ...(ROUND_7_CHANGES[suite.attribute] ?? []),
      ...(HELD_OUT_CHANGES[suite.attribute] ?? []),
      ...(ROUND_8_CHANGES[suite.attribute] ?? []),
    ],
    distractors: [
      ...suite.distractors,
      ...(ROUND_2_DISTRACTORS[suite.attribute] ?? []),
      ...(ROUND_3_DISTRACTORS[suite.attribute] ?? []),
      ...(ROUND_4_DISTRACTORS[suite.attribute] ?? []),
      ...(ROUND_5_DISTRACTORS[suite.attribute] ?? []),
      ...(ROUND_7_DISTRACTORS[suite.attribute] ?? []),
      ...(HELD_OUT_DISTRACTORS[suite.attribute] ?? []),
      ...(ROUND_8_DISTRACTORS[suite.attribute] ?? []),
    ],
  }))
  .concat(ROUND_8_SUITES)
  .concat(ROUND_16_SUITES)
  .map((suite) => ({
    ...suite,
    changes: [...suite.changes, ...LATER_ROUNDS.flatMap((round) => round.changes[suite.attribute] ?? [])],
    distractors: [...suite.distractors, ...LATER_ROUNDS.flatMap((round) => round.distractors[suite.attribute] ?? [])],
  }));

/** The set a distractor template of `suite` was written in. */
function distractorSplit(suite: AttributeSuite, template: string): Split {
  for (let i = LATER_ROUNDS.length - 1; i >= 0; i--) {
    const round = LATER_ROUNDS[i]!;
    if (round.suites?.some((s) => s.attribute === suite.attribute)) return round.split;
    if (round.distractors[suite.attribute]?.includes(template)) return round.split;
  }
  if (ROUND_8_SUITES.some((s) => s.attribute === suite.attribute)) return 'fresh';
  if (ROUND_8_DISTRACTORS[suite.attribute]?.includes(template)) return 'fresh';
  return HELD_OUT_DISTRACTORS[suite.attribute]?.includes(template) ? 'holdout' : 'dev';
}

/** Fills `{old}`, `{new}`, `{other}`, and for pets `{kind}`, `{oldName}`, `{newName}`. */
function fill(template: string, old: string, next: string, other: string): string {
  const pet = /^(\S+) named (\S+)$/u;
  const o = pet.exec(old);
  const n = pet.exec(next);
  return template
    .replaceAll('{old}', old)
    .replaceAll('{new}', next)
    .replaceAll('{other}', other)
    .replaceAll('{kind}', o?.[1] ?? '')
    .replaceAll('{oldName}', o?.[2] ?? old)
    .replaceAll('{newName}', n?.[2] ?? next)
    .replace(/\b([Aa]) (?=[aeiouAEIOU])/gu, '$1n ');
}

/** The name a pet value is checked by ("dog named Rex" → "Rex"); other values as they are. */
function checked(value: string): string {
  return /^\S+ named (\S+)$/u.exec(value)?.[1] ?? value;
}

/**
 * A change of a list item that replaces it rather than adding one: a rename ("renamed", "call
 * the cat Milo instead of Luna", "changed the cat's name to Milo") or a loss ("died").
 */
const REPLACES_ITEM = /renamed|name is|name to|called|\bcall\b|instead of|died|passed/iu;

function changeScenarios(suite: AttributeSuite): UpdateScenario[] {
  const out: UpdateScenario[] = [];
  suite.changes.forEach((change, i) => {
    for (let k = 0; k < 2; k++) {
      const p = (i * 2 + k) % suite.pairs.length;
      const [old, next] = suite.pairs[p]!;
      const other = suite.others[(i + k) % suite.others.length]!;
      const original = suite.originals[(i + k) % suite.originals.length]!;
      const d1 = suite.distractors[(i + k) % suite.distractors.length]!;
      const d2 = suite.distractors[(i + k + 1) % suite.distractors.length]!;
      const many = suite.cardinality === 'many';
      const replacesOld = change.replacesOld === true || (change.addsItem !== true && REPLACES_ITEM.test(change.text));
      out.push({
        id: `${suite.attribute}-change-${i}-${k}`,
        attribute: suite.attribute,
        split: change.split,
        kind: 'change',
        turns: [
          { text: fill(original, old, next, other), monthsLater: 0 },
          { text: fill(d1, old, next, other), monthsLater: 1 },
          { text: fill(d2, old, next, other), monthsLater: 2 },
          { text: fill(change.text, old, next, other), monthsLater: 4 + ((i + k) % 4) },
        ],
        current: change.retireOnly ? [] : many && !replacesOld ? [checked(next), checked(old)] : [checked(next)],
        notCurrent: change.retireOnly || !many || replacesOld ? [checked(old)] : [],
      });
    }
  });
  return out;
}

function distractorScenarios(suite: AttributeSuite): UpdateScenario[] {
  return suite.distractors.map((template, i) => {
    const [old, next] = suite.pairs[i % suite.pairs.length]!;
    const other = suite.others[i % suite.others.length]!;
    const more = suite.distractors.filter((d) => d !== template).slice(0, 2);
    return {
      id: `${suite.attribute}-distractor-${i}`,
      attribute: suite.attribute,
      split: distractorSplit(suite, template),
      kind: 'distractor',
      turns: [
        { text: fill(suite.originals[i % suite.originals.length]!, old, next, other), monthsLater: 0 },
        { text: fill(template, old, next, other), monthsLater: 2 },
        ...more.map((d, j) => ({ text: fill(d, old, next, other), monthsLater: 3 + j })),
      ],
      current: [checked(old)],
      notCurrent: [checked(other)],
    };
  });
}

/** The whole suite: change scenarios, then distractor-only scenarios. */
export function buildScenarios(): UpdateScenario[] {
  return [...SUITES.flatMap(changeScenarios), ...SUITES.flatMap(distractorScenarios)];
}

/** Every distractor turn of the suites, filled, with its attribute and set: none should state a fact about the user. */
export function distractorTurns(): { attribute: string; split: Split; text: string }[] {
  return SUITES.flatMap((suite) =>
    suite.distractors.flatMap((template, i) =>
      suite.pairs.slice(0, 2).map(([old, next], k) => ({
        attribute: suite.attribute,
        split: distractorSplit(suite, template),
        text: fill(template, old, next, suite.others[(i + k) % suite.others.length]!),
      })),
    ),
  );
}
