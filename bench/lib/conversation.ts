/**
 * Deterministic conversations for the benchmarks: user and assistant messages of mixed
 * lengths (5–200 words, most short, a few long), and tool call / result pairs in some turns.
 * @module
 */
import { seededRandom, type Random } from './prng.js';
import { city, personName, prose, topicWord } from './words.js';

/** One generated message, independent of any library's shape. */
export type GenMessage =
  | { kind: 'user' | 'assistant'; content: string }
  | { kind: 'tool_call'; toolName: string; callId: string; args: string }
  | { kind: 'tool_result'; toolName: string; callId: string; content: string };

/** Words in a message: 5 to 200, skewed to short (mean about 60). */
function length(r: Random, skew: number): number {
  return 5 + Math.floor(195 * r.next() ** skew);
}

const TOOLS: readonly ((r: Random) => { name: string; args: unknown; result: unknown })[] = [
  (r) => ({
    name: 'get_weather',
    args: { city: city(r), unit: 'celsius' },
    result: { temperature: r.int(-5, 35), conditions: 'partly cloudy', humidity: r.int(20, 95) },
  }),
  (r) => ({
    name: 'search_docs',
    args: { query: `${topicWord(r)} ${topicWord(r)}`, limit: 3 },
    result: {
      hits: Array.from({ length: 3 }, (_, i) => ({
        title: prose(r, r.int(3, 7)),
        score: Math.round((0.9 - i * 0.2) * 100) / 100,
        snippet: prose(r, r.int(10, 30)),
      })),
    },
  }),
  (r) => ({
    name: 'lookup_contact',
    args: { name: personName(r) },
    result: { email: `${personName(r).toLowerCase()}@example.com`, team: topicWord(r), timezone: 'UTC+1' },
  }),
  (r) => ({
    name: 'run_sql',
    args: { sql: `SELECT id, status FROM orders WHERE user_id = ${r.int(1, 99999)} LIMIT 5` },
    result: {
      rows: Array.from({ length: r.int(0, 5) }, () => ({
        id: r.int(1, 1e6),
        status: r.pick(['paid', 'shipped', 'refunded']),
      })),
    },
  }),
];

/** Options of {@link generateConversation}. */
export interface GenerateOptions {
  /** Seed of the PRNG (default 42). */
  seed?: number;
  /** Share of turns that call a tool before answering (default 0.15). */
  toolRate?: number;
  /** Prefix of tool call ids, so two conversations never share one (default `call_`). */
  callPrefix?: string;
}

/**
 * Exactly `count` messages in turns: a user message, sometimes a tool call and its result,
 * then the assistant's answer. The last turn may be cut short, never between a call and its result.
 */
export function generateConversation(count: number, options: GenerateOptions = {}): GenMessage[] {
  const r = seededRandom(options.seed ?? 42);
  const toolRate = options.toolRate ?? 0.15;
  const prefix = options.callPrefix ?? 'call_';
  const out: GenMessage[] = [];
  let calls = 0;
  while (out.length < count) {
    out.push({ kind: 'user', content: prose(r, length(r, 3)) });
    if (r.chance(toolRate) && out.length + 2 < count) {
      const tool = r.pick(TOOLS)(r);
      const callId = `${prefix}${(calls++).toString(36).padStart(6, '0')}`;
      out.push({ kind: 'tool_call', toolName: tool.name, callId, args: JSON.stringify(tool.args) });
      out.push({ kind: 'tool_result', toolName: tool.name, callId, content: JSON.stringify(tool.result) });
    }
    out.push({ kind: 'assistant', content: prose(r, length(r, 2)) });
  }
  out.length = count;
  return out;
}

/** Characters of text in a conversation (contents and tool arguments). */
export function textLength(messages: readonly GenMessage[]): number {
  let n = 0;
  for (const m of messages) n += m.kind === 'tool_call' ? m.args.length : m.content.length;
  return n;
}
