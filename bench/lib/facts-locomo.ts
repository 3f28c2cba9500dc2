/**
 * The rule extractor on LoCoMo's per-session observations (`session_N_observation`: facts about
 * each speaker, each naming the turn it came from by dia_id). Every turn of both speakers is read
 * as a user turn (its facts are about its speaker). Measured: the share of observations whose
 * source turn yields a fact, overall and per attribute family (the family an observation is
 * about is read from its words); and two estimates of precision: the share of extracted facts
 * whose turn some observation of that speaker cites, and the share whose value is in the text
 * of such an observation.
 * @module
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { extractFactsRules, factAttribute, type FactCandidate, type FactFamily } from '../../src/facts/index.js';
import { parseSessionDate } from './locomo-data.js';
import { fmt, markdownTable, share as pct } from './table.js';

/** One observation: the speaker, its text, the turns it cites. */
interface Observation {
  conversation: string;
  speaker: string;
  text: string;
  diaIds: string[];
}

interface Turn {
  conversation: string;
  speaker: string;
  diaId: string;
  text: string;
  timestamp: string;
}

/** The family an observation is about, from its words; `other` for events and feelings. */
const FAMILY_WORDS: [FactFamily, RegExp][] = [
  ['pets', /\b(?:dogs?|cats?|pets?|pupp(?:y|ies)|kittens?|turtles?|snakes?|horses?|hamsters?|birds?|fish)\b/iu],
  [
    'family',
    /\b(?:wife|husband|partner|girlfriend|boyfriend|married|marriage|engaged|kids?|children|sons?|daughters?|baby|family|mom|mother|dad|father|parents|sister|brother|siblings?|grand\w+)\b/iu,
  ],
  [
    'home',
    /\b(?:lives?|living|moved|moving|move|relocat\w*|house|home|apartment|hometown|neighbou?rhood|city|country)\b/iu,
  ],
  [
    'work',
    /\b(?:job|work\w*|career|company|business|employ\w*|promot\w*|hired|boss|colleagues?|school|college|universit\w*|degree|student|studies|studying|class(?:es)?|course|teach\w*)\b/iu,
  ],
  [
    'food-health',
    /\b(?:vegan|vegetarian|diet|eat\w*|food|cook\w*|allerg\w*|health\w*|injur\w*|diagnos\w*|sick|illness|doctor|hospital|surgery|therapy)\b/iu,
  ],
  ['plans', /\b(?:plans?|planning|going to|will|upcoming|next (?:week|month|year)|trip|future)\b/iu],
  [
    'preferences',
    /\b(?:loves?|enjoys?|likes?|favou?rite|fan|hobb\w*|passion\w*|interest\w*|plays?|paint\w*|music|books?|reads?|reading|guitar|sports?|games?|hik\w*|running|yoga|dance|danc\w*)\b/iu,
  ],
];

function familyOf(text: string): FactFamily {
  return FAMILY_WORDS.find(([, re]) => re.test(text))?.[0] ?? 'other';
}

function load(dir: string): { observations: Observation[]; turns: Map<string, Turn> } {
  const observations: Observation[] = [];
  const turns = new Map<string, Turn>();
  for (const file of readdirSync(dir)
    .filter((f) => /^conv-.*\.json$/u.test(f))
    .sort()) {
    const conversation = file.replace(/\.json$/u, '');
    const raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    const conv = (raw['conversation'] ?? raw) as Record<string, unknown>;
    for (let n = 1; Array.isArray(conv[`session_${n}`]); n++) {
      const start = parseSessionDate(String(conv[`session_${n}_date_time`]));
      (conv[`session_${n}`] as { speaker: string; dia_id: string; text: string }[]).forEach((t, i) =>
        turns.set(`${conversation}/${t.dia_id}`, {
          conversation,
          speaker: t.speaker,
          diaId: t.dia_id,
          text: t.text,
          timestamp: new Date(start + i * 60_000).toISOString(),
        }),
      );
    }
    const notes = (raw['observation'] ?? raw) as Record<string, unknown>;
    for (const [key, value] of Object.entries(notes)) {
      if (!/^session_\d+_observation$/u.test(key) || value === null || typeof value !== 'object') continue;
      for (const [speaker, items] of Object.entries(value as Record<string, unknown>)) {
        for (const item of Array.isArray(items) ? items : []) {
          if (!Array.isArray(item) || typeof item[0] !== 'string') continue;
          const ids = (Array.isArray(item[1]) ? item[1] : [item[1]]).filter((d): d is string => typeof d === 'string');
          observations.push({ conversation, speaker, text: item[0], diaIds: ids.flatMap((d) => d.split(/[;,]\s*/u)) });
        }
      }
    }
  }
  return { observations, turns };
}

/** The LoCoMo tables (Markdown), and a sample of extracted facts for the console. */
export function locomoObservationTables(dir: string): { markdown: string; sample: string[] } {
  const { observations, turns } = load(dir);
  const facts = new Map<string, FactCandidate[]>();
  for (const [key, t] of turns)
    facts.set(
      key,
      extractFactsRules({ sessionId: t.conversation, entryId: t.diaId, text: t.text, timestamp: t.timestamp }),
    );

  // Coverage: observations whose source turn (of the same speaker) yields a fact.
  const byFamily = new Map<FactFamily, { all: number; any: number; same: number }>();
  let cited = 0;
  for (const o of observations) {
    const sources = o.diaIds
      .map((d) => turns.get(`${o.conversation}/${d}`))
      .filter((t): t is Turn => t?.speaker === o.speaker);
    if (sources.length === 0) continue;
    cited++;
    const family = familyOf(o.text);
    const found = sources.flatMap((t) => facts.get(`${t.conversation}/${t.diaId}`) ?? []);
    const row = byFamily.get(family) ?? { all: 0, any: 0, same: 0 };
    row.all++;
    if (found.length > 0) row.any++;
    if (found.some((c) => factAttribute(c.attribute)?.family === family)) row.same++;
    byFamily.set(family, row);
  }
  const order: FactFamily[] = ['home', 'work', 'family', 'pets', 'food-health', 'preferences', 'plans', 'other'];
  const total = { all: 0, any: 0, same: 0 };
  const coverageRows = order
    .filter((f) => byFamily.has(f))
    .map((f) => {
      const r = byFamily.get(f)!;
      total.all += r.all;
      total.any += r.any;
      total.same += r.same;
      return [f, String(r.all), pct(r.any, r.all), f === 'other' ? '—' : pct(r.same, r.all)];
    });
  coverageRows.push(['**all**', String(total.all), pct(total.any, total.all), pct(total.same, total.all)]);

  // Precision estimates over every extracted fact.
  const citedBy = new Map<string, string[]>();
  for (const o of observations)
    for (const d of o.diaIds)
      citedBy.set(`${o.conversation}/${d}/${o.speaker}`, [
        ...(citedBy.get(`${o.conversation}/${d}/${o.speaker}`) ?? []),
        o.text,
      ]);
  let extracted = 0;
  let onCited = 0;
  let valueInObservation = 0;
  const perAttribute = new Map<string, number>();
  const sample: string[] = [];
  for (const [key, list] of facts) {
    const t = turns.get(key)!;
    const notes = citedBy.get(`${t.conversation}/${t.diaId}/${t.speaker}`) ?? [];
    for (const c of list) {
      extracted++;
      perAttribute.set(c.attribute, (perAttribute.get(c.attribute) ?? 0) + 1);
      if (notes.length > 0) onCited++;
      const words = c.value.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
      if (words.some((w) => notes.some((n) => n.toLowerCase().includes(w)))) valueInObservation++;
      if (extracted % 7 === 0 && sample.length < 40)
        sample.push(
          `${t.conversation} ${t.diaId} ${t.speaker}: ${c.kind} ${c.attribute}=${c.value} ← ${JSON.stringify(c.quote)}`,
        );
    }
  }
  const userTurns = turns.size;
  const markdown = [
    `${fmt(observations.length)} observations in ${new Set(observations.map((o) => o.conversation)).size} conversations; ${fmt(cited)} cite a turn of their own speaker. ${fmt(userTurns)} turns read.`,
    '',
    markdownTable(
      [
        { header: 'observation about' },
        { header: 'observations', align: 'right' },
        { header: 'source turn yields a fact', align: 'right' },
        { header: '… of that family', align: 'right' },
      ],
      coverageRows,
    ),
    '',
    markdownTable(
      [{ header: 'facts extracted from every turn' }, { header: 'value', align: 'right' }],
      [
        ['facts', fmt(extracted)],
        ['turns with at least one fact', pct([...facts.values()].filter((l) => l.length > 0).length, userTurns)],
        ['facts whose turn an observation of its speaker cites', pct(onCited, extracted)],
        ['facts whose value is in such an observation', pct(valueInObservation, extracted)],
        [
          'most frequent attributes',
          [...perAttribute]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 6)
            .map(([a, n]) => `${a} ${n}`)
            .join(', '),
        ],
      ],
    ),
  ].join('\n');
  return { markdown, sample };
}
