/**
 * Cleans a model's reply down to the summary text: models wrap it in reasoning, preambles,
 * code fences, JSON objects or Chain of Density entity arrays.
 * @module
 */

const SUMMARY_KEYS = ['denser_summary', 'summary', 'text', 'content', 'output', 'result'];

const THINK = /<(think|thinking|reasoning)>[\s\S]*?<\/\1>/giu;
const WHOLE_FENCE = /^```[\w-]*[^\S\n]*\n([\s\S]*?)\n?```$/u;
const ANY_FENCE = /```[\w-]*[^\S\n]*\n([\s\S]*?)\n?```/u;
/** "Sure! Here is the summary:", "Below is a denser summary of the conversation:", … */
const PREAMBLE = new RegExp(
  String.raw`^(?:(?:sure|okay|ok|certainly|of course|absolutely)\b[,.!]*\s*)?` + // "Sure! "
    String.raw`(?:here(?:'s|’s| is| are)|below is|the following is)\b[^\n:]{0,120}:[^\S\n]*\n?`, // "Here is …:"
  'iu',
);
/** "Summary:", "**Denser Summary:**", "## Summary" on their own or before the text. */
const LABEL = new RegExp(
  String.raw`^(?:#{1,6}\s*)?(?:\*\*|__)?(?:final |new |denser |updated |concise )?summary(?:\s*\(pass \d+\))?` +
    String.raw`(?:\*\*|__)?\s*(?::|\n)(?:\*\*|__)?[^\S\n]*\n?`,
  'iu',
);

function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[\s-]+/g, '_');
}

/** The summary string inside a parsed JSON value, if it holds one. */
function fromJson(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    // CoD's [{ missing_entities, denser_summary }, …]: the last step is the densest.
    for (let i = value.length - 1; i >= 0; i--) {
      const found = fromJson(value[i]);
      if (found !== undefined && found.trim() !== '') return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [normalizeKey(k), v] as const);
    for (const key of SUMMARY_KEYS) {
      const hit = entries.find(([k]) => k === key);
      if (hit) {
        const found = fromJson(hit[1]);
        if (found !== undefined) return found;
      }
    }
  }
  return undefined;
}

/** Broken JSON (a cut-off array, trailing commas): the last `"denser_summary": "…"` string. */
function fromBrokenJson(text: string): string | undefined {
  const pattern = /"(?:denser[ _]summary|summary)"\s*:\s*("(?:[^"\\]|\\.)*")/giu;
  let last: string | undefined;
  for (const match of text.matchAll(pattern)) last = match[1];
  if (last === undefined) return undefined;
  try {
    return JSON.parse(last) as string;
  } catch {
    return undefined;
  }
}

function unwrapJson(text: string): string | undefined {
  if (!/^[[{"]/u.test(text)) return text;
  try {
    const found = fromJson(JSON.parse(text));
    if (found !== undefined) return found;
    // Valid JSON with no summary in it (`{}`, `[]`, `{"error": …}`): nothing usable.
    return undefined;
  } catch {
    // Not JSON after all ("[Previous conversation summary]…"), or JSON cut off mid-way.
    return /^[[{][\s[{]*"/u.test(text) ? fromBrokenJson(text) : text;
  }
}

function stripWrappers(raw: string): string {
  let text = raw.replace(THINK, '').trim();
  text = text.replace(PREAMBLE, '').trim();
  const whole = WHOLE_FENCE.exec(text);
  if (whole) text = (whole[1] ?? '').trim();
  else {
    // A single fenced block with only a short line or two around it.
    const fenced = ANY_FENCE.exec(text);
    if (fenced && text.replace(fenced[0], '').trim().length <= 80) text = (fenced[1] ?? '').trim();
  }
  text = text.replace(PREAMBLE, '').trim();
  return text.replace(LABEL, '').trim();
}

/**
 * The summary text in a model's reply, or `undefined` when there is none (empty, whitespace,
 * punctuation only, or JSON without a summary).
 *
 * Strips `<think>` blocks, "Here is the summary:" preambles, "Summary:" labels and code
 * fences; unwraps `{"summary": "…"}` and Chain of Density arrays
 * (`[{"missing_entities": …, "denser_summary": …}]` → the last `denser_summary`).
 * @example
 * extractSummary('```json\n{"summary": "Ana chose Postgres."}\n```'); // 'Ana chose Postgres.'
 */
export function extractSummary(raw: string): string | undefined {
  let text: string | undefined = stripWrappers(raw);
  text = unwrapJson(text);
  if (text === undefined) return undefined;
  // A JSON string may itself carry a label or fence.
  text = stripWrappers(text);
  return /[\p{L}\p{N}]/u.test(text) ? text : undefined;
}
