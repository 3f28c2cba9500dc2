/**
 * The prompt of the model pass: what a fact about the user is, the attribute registry, the
 * strict JSON shape to answer with, and the user's turns, numbered and dated. Every fact must
 * quote its turn verbatim: the parser drops those that do not.
 * @module
 */
import { FACT_ATTRIBUTES, FAVORITE_CATEGORIES } from '../attributes.js';
import type { FactTurn } from '../types.js';

/** How much of one turn the prompt shows. */
export const PROMPT_TURN_CHARS = 2_000;

function attributeLines(): string {
  const plain = FACT_ATTRIBUTES.filter((a) => !a.name.startsWith('favorite_'));
  const lines = plain.map((a) => `- ${a.name} (${a.cardinality === 'one' ? 'one value' : 'a list'}): ${a.label}`);
  lines.push(`- favorite_<category> (one value): a favourite, category one of ${FAVORITE_CATEGORIES.join(', ')}`);
  return lines.join('\n');
}

const INSTRUCTIONS = [
  'Read the numbered messages a user wrote to an assistant and list the durable facts the user states about',
  'themselves: identity and names, where they live, work and study, family and pets, diet, allergies and health',
  'they volunteer, likes and dislikes, hobbies, languages, plans with dates, contact details.',
  'Do not list: questions, wishes, hypotheticals ("if I lived in Rome", "I might move"), what others say about the',
  'user ("my boss says I am lazy"), facts about other people ("my friend lives in Paris"), jokes, quotes.',
  'When a message says something no longer holds ("I am not vegetarian anymore", "our cat died"), list it with',
  '"kind": "retire". When it names the value it replaces ("from Lyon to Berlin"), put that in "replaces".',
].join('\n');

const SHAPE = [
  'Answer with JSON only, no prose, exactly this shape:',
  '{"facts": [{"turn": 1, "attribute": "city", "value": "Berlin", "text": "The user lives in Berlin.",',
  '  "quote": "we moved to Berlin last month", "kind": "state", "replaces": "Lyon", "validFrom": "2024-08-01"}]}',
  '- "turn": the number of the message the fact comes from.',
  '- "attribute": one of the attributes below.',
  '- "quote": words copied exactly from that message (a fact whose quote is not in its message is discarded).',
  '- "kind": "state" (holds now) or "retire" (no longer holds).',
  '- "replaces", "validFrom" (YYYY-MM-DD, when it became true, from the message date): only when the message says.',
  'If there are no facts, answer {"facts": []}.',
].join('\n');

/** A turn as the prompt shows it: its number, its date, its text (cut at `PROMPT_TURN_CHARS`). */
function turnLine(turn: FactTurn, index: number): string {
  const date = typeof turn.timestamp === 'string' ? turn.timestamp.slice(0, 10) : 'unknown date';
  const text = turn.text.length > PROMPT_TURN_CHARS ? `${turn.text.slice(0, PROMPT_TURN_CHARS)} […]` : turn.text;
  return `[${index + 1}] (${date}) ${text.replace(/\s+/gu, ' ').trim()}`;
}

/**
 * The prompt for one batch of user turns. `retryNote` is added after a reply that was not the
 * JSON asked for.
 */
export function factsPrompt(turns: readonly FactTurn[], retryNote?: string): string {
  return [
    INSTRUCTIONS,
    '',
    SHAPE,
    '',
    'Attributes:',
    attributeLines(),
    '',
    'Messages:',
    ...turns.map(turnLine),
    ...(retryNote ? ['', retryNote] : []),
  ].join('\n');
}
