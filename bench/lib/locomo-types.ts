/**
 * The shapes of the LoCoMo evaluation (`bench/eval-locomo.ts`): a conversation ready to ingest,
 * its questions, and a ranker (any contender: RecallKit, a peer library, a baseline).
 * @module
 */
import type { RecallDoc } from 'recallkit/recall';

/** One turn as LoCoMo's JSON gives it. */
export interface Turn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}
/** A question with the dia_ids of its evidence turns. */
export interface Question {
  question: string;
  evidence: string[];
  category: number;
}
/** One conversation ready to ingest. */
export interface Conversation {
  name: string;
  docs: (RecallDoc & { role: string; turnText: string })[];
  questions: Question[];
}

/** A ranker: ingest a conversation, return a function from question to ranked dia_ids. */
export type Ranker = (conv: Conversation) => Promise<(question: string, k: number) => Promise<string[]> | string[]>;
