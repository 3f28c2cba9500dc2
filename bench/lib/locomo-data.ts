/**
 * The LoCoMo conversations as the context evaluation ingests them: sessions in order, each with
 * its date as an ISO time, turns with role (speaker A = user), text and dia_id; questions of
 * categories 1–4. The data stays in ../shared/data/locomo (or LOCOMO_DIR), never in the repo.
 * @module
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** One turn of a LoCoMo session. */
export interface LocomoTurn {
  diaId: string;
  speaker: string;
  role: 'user' | 'assistant';
  /** What is ingested: the turn's text, with its image caption in parentheses when it has one. */
  content: string;
  /** The turn's own text (no caption): what evidence coverage looks for verbatim. */
  text: string;
  /** ISO time: the session's date plus one minute per turn. */
  timestamp: string;
  /** The session's date as the data writes it ("1:56 pm on 8 May, 2023"). */
  sessionDate: string;
}

/** One session: a chat of its own in the across-chats mode. */
export interface LocomoSession {
  index: number;
  turns: LocomoTurn[];
}

/** A question of categories 1–4. */
export interface LocomoQuestion {
  question: string;
  answer: string;
  evidence: string[];
  category: number;
}

/** One conversation, ready to ingest. */
export interface LocomoConversation {
  name: string;
  sessions: LocomoSession[];
  questions: LocomoQuestion[];
}

/** Category names of LoCoMo (5, adversarial, is left out). */
export const CATEGORY_NAMES: Record<number, string> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
};

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "1:56 pm on 8 May, 2023" → epoch ms (read as UTC); throws on anything else. */
export function parseSessionDate(text: string): number {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([a-z]+),?\s+(\d{4})/i.exec(text);
  const month = MONTHS.indexOf((m?.[5] ?? '').toLowerCase());
  if (!m || month < 0)
    throw new Error(`session date: expected "h:mm am|pm on D Month, YYYY", got ${JSON.stringify(text)}`);
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'pm' ? 12 : 0);
  return Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2]));
}

interface RawTurn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}
interface RawQuestion {
  question: string;
  answer?: unknown;
  evidence?: string[];
  category: number;
}

/** Read one conv-*.json file. */
export function readConversation(file: string): LocomoConversation {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const conv = (raw.conversation ?? raw) as Record<string, unknown>;
  const speakerA = conv.speaker_a;
  const sessions: LocomoSession[] = [];
  for (let n = 1; Array.isArray(conv[`session_${n}`]); n++) {
    const sessionDate = String(conv[`session_${n}_date_time`] ?? '');
    const start = parseSessionDate(sessionDate);
    const turns = (conv[`session_${n}`] as RawTurn[]).map((t, i): LocomoTurn => ({
      diaId: t.dia_id,
      speaker: t.speaker,
      role: t.speaker === speakerA ? 'user' : 'assistant',
      content: t.blip_caption ? `${t.text} (${t.blip_caption})` : t.text,
      text: t.text,
      timestamp: new Date(start + i * 60_000).toISOString(),
      sessionDate,
    }));
    if (turns.length > 0) sessions.push({ index: n, turns });
  }
  const questions = (raw.qa as RawQuestion[])
    .filter((q) => q.category >= 1 && q.category <= 4 && q.answer !== undefined)
    .map((q) => ({ question: q.question, answer: String(q.answer), evidence: q.evidence ?? [], category: q.category }));
  return { name: file.replace(/^.*\//, '').replace(/\.json$/, ''), sessions, questions };
}

/** Every conv-*.json of `dir`, sorted by name. */
export function readConversations(dir: string): LocomoConversation[] {
  return readdirSync(dir)
    .filter((f) => /^conv-.*\.json$/.test(f))
    .sort()
    .map((f) => readConversation(join(dir, f)));
}
