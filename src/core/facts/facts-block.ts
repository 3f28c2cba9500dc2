/**
 * The "Known about the user" block of a context: the current facts as one system message,
 * within its room (`facts.maxTokens`, or less when the context's budget leaves less), counted
 * exactly with the memory's counter. When not every fact fits, those sharing the most terms
 * with the question (recall's own text analysis) go first. A value that changed recently shows
 * the one before it, with the month of the change, so the model can answer "where did I live
 * before?". Pure.
 * @module
 */
import type { TokenCounter } from '../../types.js';
import type { ContextFact, ContextFactsDetails, FactVocabulary } from '../../facts/types.js';
import type { FoldedFact } from './types.js';
import { MESSAGE_FRAMING } from '../../tokens/chat-tokens.js';
import { analyze } from '../../recall/text/analyze.js';

/** The block's first line. */
export const FACTS_HEADER = 'Known about the user (current facts from earlier conversations):';
/** Tokens the block may take when `facts.maxTokens` is not given (framing included). */
export const DEFAULT_FACTS_TOKENS = 300;
/** A change this recent (days before the context is made) shows the value before it. */
export const RECENT_CHANGE_DAYS = 365;

/** Question words that point at an attribute beyond its own name (a trip asks where one lives). */
const HINTS: Record<string, string> = Object.assign(Object.create(null) as object, {
  city: 'live home city town trip travel weekend nearby local weather move area',
  hometown: 'grew up from origin home',
  diet: 'eat food cook meal dinner lunch breakfast restaurant recipe menu',
  allergy: 'allergic eat food medicine react',
  health: 'health doctor condition medicine',
  job: 'work job career office colleague boss company profession',
  employer: 'work job company office colleague boss employer',
  school: 'study school university class',
  study: 'study degree course class',
  pet: 'pet dog cat animal vet walk',
  partner: 'partner wife husband girlfriend boyfriend date anniversary',
  child: 'kid child son daughter school family',
  sibling: 'brother sister family',
  language: 'speak language learn translate',
  phone: 'phone call number contact text',
  email: 'email contact address mail',
  address: 'address live home post mail deliver',
  name: 'name call',
  birthday: 'birthday born age',
  age: 'age old born',
  hobby: 'hobby free time weekend fun',
  like: 'like love enjoy favourite favorite',
  dislike: 'dislike hate avoid',
});

/** What the block of one context holds, and the explanation `LLMContext.facts` gives. */
export interface FactsBlockResult {
  /** The system message (absent when no fact fits or there is none). */
  block?: { content: string; tokenCount: number };
  details: ContextFactsDetails;
}

/** What the block is asked for. */
export interface FactsBlockRequest {
  /** Every fact, current and superseded (the block shows current ones, with a recent previous value). */
  facts: readonly FoldedFact[];
  /** The question (default: the newest user message). */
  query: string;
  /** Tokens the block's system message may take, framing included. */
  room: number;
  counter: TokenCounter;
  vocabulary: FactVocabulary;
  now: Date;
}

const sentence = (text: string): string => (/[.!?]$/u.test(text.trim()) ? text.trim() : `${text.trim()}.`);
const bare = (text: string): string => text.trim().replace(/[.!?]+$/u, '');

/** The block for one context. */
export function factsBlock(req: FactsBlockRequest): FactsBlockResult {
  const current = req.facts.filter((f) => f.status === 'current');
  const details: ContextFactsDetails = { tokenCount: 0, room: Math.max(0, req.room), included: [], left: [] };
  if (!current.length) return { details };
  const question = new Set(analyze(req.query, true));
  const recent = req.now.getTime() - RECENT_CHANGE_DAYS * 86_400_000;
  const previous = new Map<string, FoldedFact>();
  for (const f of req.facts)
    if (f.status === 'superseded' && f.supersededBy !== undefined) {
      const known = previous.get(f.supersededBy);
      if (!known || (f.until ?? '') > (known.until ?? '')) previous.set(f.supersededBy, f);
    }

  // A fact set with its attribute and value reads as the vocabulary's sentence (the text given
  // may be in the user's own first person); one set with text alone reads as given.
  const textOf = (f: FoldedFact): string =>
    f.origin === 'user' && f.attribute !== undefined && f.value !== undefined
      ? req.vocabulary.sentence(f.attribute, f.value)
      : f.text;
  const ranked = current
    .map((f) => {
      const attribute = f.attribute ?? '';
      const terms = new Set(
        analyze(
          [
            f.text,
            attribute.replace(/_/gu, ' '),
            (attribute && req.vocabulary.label?.(attribute)) || '',
            HINTS[attribute] ?? '',
          ].join(' '),
        ),
      );
      const shared = [...question].filter((t) => terms.has(t));
      const before = previous.get(f.id);
      const changed = before && f.since !== undefined && Date.parse(f.since) >= recent;
      const short = `- ${sentence(textOf(f))}`;
      const full = changed
        ? `- ${bare(textOf(f))} (since ${f.since!.slice(0, 7)}; before that ${bare(before.value ?? before.text)}).`
        : short;
      return { f, shared, short, full };
    })
    .sort(
      (a, b) =>
        b.shared.length - a.shared.length ||
        (b.f.since ?? '').localeCompare(a.f.since ?? '') ||
        (a.f.id < b.f.id ? -1 : a.f.id > b.f.id ? 1 : 0),
    );

  const limit = req.room - MESSAGE_FRAMING;
  const fact = (r: (typeof ranked)[number], line: string, reason: string): ContextFact => ({
    id: r.f.id,
    line,
    relevance: r.shared.length,
    reason,
  });
  const why = (r: (typeof ranked)[number]): string =>
    r.shared.length ? `shares ${r.shared.map((t) => `"${t}"`).join(', ')} with the question` : 'room left in the block';
  const full = `the block was full (${Math.max(0, req.room)} tokens, framing included)`;

  const chosen: { r: (typeof ranked)[number]; line: string }[] = [];
  let estimate = req.counter.count(FACTS_HEADER);
  for (const r of ranked) {
    const cost = (line: string): number => req.counter.count(line) + 1;
    if (limit > 0 && estimate + cost(r.full) <= limit) {
      chosen.push({ r, line: r.full });
      estimate += cost(r.full);
    } else if (limit > 0 && r.full !== r.short && estimate + cost(r.short) <= limit) {
      chosen.push({ r, line: r.short });
      estimate += cost(r.short);
    } else details.left.push(fact(r, r.short, full));
  }
  // The estimate counted lines apart: count the block as sent, dropping the least relevant while over.
  for (;;) {
    if (!chosen.length) return { details: { ...details, left: ranked.map((r) => fact(r, r.short, full)) } };
    const content = [FACTS_HEADER, ...chosen.map((c) => c.line)].join('\n');
    const tokenCount = req.counter.count(content);
    if (tokenCount <= limit) {
      details.tokenCount = MESSAGE_FRAMING + tokenCount;
      details.included = chosen.map((c) => fact(c.r, c.line, why(c.r)));
      const order = new Map(ranked.map((r, i) => [r.f.id, i]));
      details.left.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      return { block: { content, tokenCount }, details };
    }
    const dropped = chosen.pop()!;
    details.left.push(fact(dropped.r, dropped.r.short, full));
  }
}
