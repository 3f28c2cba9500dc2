/**
 * The playground's built-in assistant: deterministic and offline, no model. It answers by
 * transforming the user's message, from what the model is sent (the context shown in "What the
 * model sees", recalled turns of other chats included), and sometimes calls a tool
 * (`calculator`, or `search_notes`, which searches this conversation's whole history,
 * summarized parts included) so tool call / result pairs show up in the memory like they would
 * with a real model.
 * @module
 */
import { calculate, findExpression, formatNumber } from './calculator.js';
import { toSecondPerson } from './pronouns.js';

/** A tool call the assistant made, with its result. */
export interface ToolUse {
  name: 'calculator' | 'search_notes';
  args: Record<string, string>;
  /** JSON text or a plain string, as a tool would return. */
  result: string;
  isError: boolean;
}

/** One assistant turn: an optional tool use, then the reply text. */
export interface AssistantTurn {
  tool?: ToolUse;
  reply: string;
}

/** An earlier message found by `search_notes`. */
export interface Note {
  /** The turn (interaction) it was said in. */
  turn: number;
  text: string;
}

/** What the assistant may call: a search over earlier user messages. */
export interface AssistantTools {
  searchNotes(query: string): Promise<Note[]>;
}

/** A message the model is sent (`getContextForLLM().messages`, OpenAI shape). */
export interface SeenMessage {
  role: string;
  content: string | null;
}

/** A statement the user made that the model sees, and whether it was recalled from another chat. */
interface Seen {
  text: string;
  otherChat: boolean;
}

/**
 * The user's statements in what the model is sent: user messages, and the `User:` lines of the
 * recalled block (whose `[date, chat "…"]` headers name turns of other chats). Questions are
 * left out: they are not what anyone was told.
 */
function statementsSeen(context: readonly SeenMessage[]): Seen[] {
  const out: Seen[] = [];
  for (const m of context) {
    if (m.role === 'user' && m.content) out.push({ text: m.content, otherChat: false });
    if (m.role !== 'system' || !m.content?.startsWith('Recalled from')) continue;
    let otherChat = false;
    for (const line of m.content.split('\n')) {
      if (line.startsWith('[')) otherChat = /, chat "/.test(line);
      else if (line.startsWith('User: ')) out.push({ text: line.slice('User: '.length), otherChat });
    }
  }
  return out.filter((s) => !s.text.trim().endsWith('?'));
}

/** The seen statement that shares the most words with `query` (the newest among equals). */
function bestSeen(context: readonly SeenMessage[], query: string): Seen | undefined {
  const wanted = keywords(query);
  let best: { seen: Seen; score: number } | undefined;
  for (const seen of statementsSeen(context)) {
    const score = keywords(seen.text).filter((w) => wanted.includes(w)).length;
    if (score > 0 && score >= (best?.score ?? 0)) best = { seen, score };
  }
  return best?.seen;
}

const STOP_WORDS = new Set(
  [
    'a an and are as at be by did do does for from had has have how i in is it me my of on or our so that the this to was we were',
    'what when where which who why will with you your about again tell recall remember remind say said would like also want need',
    "just let's lets keep get got i'm",
  ]
    .join(' ')
    .split(' '),
);

/** Content words of a message, lowercased, in order, without duplicates. */
export function keywords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  return [...new Set(words.filter((w) => w.length > 2 && !STOP_WORDS.has(w)))];
}

const RECALL_QUESTION =
  /^(what|which|who|when|where|how much|how many|do you remember|remind me what|did i)\b.*\b(my|i|we|our|did)\b.*\?\s*$/i;

function quote(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * Answer `text` (the user's message) the same way every time. `context` is what the model is
 * sent for it: a question about something said before is answered from there first, as a
 * model would; only what it does not hold is searched for with `search_notes`.
 */
export async function respond(
  text: string,
  tools: AssistantTools,
  context: readonly SeenMessage[] = [],
): Promise<AssistantTurn> {
  const expression = findExpression(text);
  if (expression) {
    try {
      const value = formatNumber(calculate(expression));
      return {
        tool: {
          name: 'calculator',
          args: { expression },
          result: JSON.stringify({ value: Number(value) }),
          isError: false,
        },
        reply: `${expression} = ${value}.`,
      };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return {
        tool: { name: 'calculator', args: { expression }, result: JSON.stringify({ error: reason }), isError: true },
        reply: `I could not compute ${expression}: ${reason}.`,
      };
    }
  }

  if (RECALL_QUESTION.test(text.trim())) {
    const query = keywords(text).join(' ') || text;
    const seen = bestSeen(context, query);
    if (seen)
      return { reply: `${seen.otherChat ? 'You told me in another chat' : 'You told me'}: “${quote(seen.text)}”` };
    const notes = await tools.searchNotes(query);
    const tool: ToolUse = { name: 'search_notes', args: { query }, result: JSON.stringify(notes), isError: false };
    const best = notes[0];
    const reply = best
      ? `From my notes (turn ${best.turn}): “${quote(best.text)}”`
      : 'I found nothing about that in my notes.';
    return { tool, reply };
  }

  const fact = /\b(?:my|our)\s+([\p{L}' ]{2,30}?)\s+(?:is|are|was)\s+(.+?)[.!]?$/iu.exec(text.trim());
  if (fact?.[1] && fact[2]) {
    // Echoed back to the user: "my dog" in what they said is "your dog" in the reply.
    return {
      reply: `Noted: your ${toSecondPerson(fact[1].trim())} is ${quote(toSecondPerson(fact[2]), 60)}. Ask me about it later.`,
    };
  }

  const words = keywords(text);
  if (words.length === 0) return { reply: `You said “${quote(text)}”.` };
  return {
    reply: `Noted (${words.length} key word${words.length === 1 ? '' : 's'}: ${words.slice(0, 4).join(', ')}).`,
  };
}
