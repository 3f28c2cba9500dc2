/**
 * The playground's built-in assistant: deterministic and offline, no model. It answers by
 * transforming the user's message, and sometimes calls a tool (`calculator`, or `search_notes`,
 * which searches the conversation's whole history, summarized parts included) so tool
 * call / result pairs show up in the memory like they would with a real model.
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

/** Answer `text` (the user's message) the same way every time. */
export async function respond(text: string, tools: AssistantTools): Promise<AssistantTurn> {
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
