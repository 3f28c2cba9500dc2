/**
 * The model pass as the engine schedules it (`FactModelExtractor`): the prompt for a batch of
 * turns, and the candidates of an answer, each with the turn it came from. The engine calls the
 * summarizer, times it out, retries and reports failures; `extractFactsModel` does the same for
 * apps that run the pass themselves.
 * @module
 */
import type { FactModelExtractor, FactTurn, ModelFactCandidate } from '../types.js';
import { factsPrompt } from './model-prompt.js';
import { parseFactsReply } from './model-parse.js';

/**
 * The prompt of `model-prompt.ts` and the parser of `model-parse.ts`, which throws on an answer
 * that is not the JSON asked for.
 */
export const modelExtractor: FactModelExtractor = {
  prompt: (turns: readonly FactTurn[]) => factsPrompt(turns),
  parse(answer: string, turns: readonly FactTurn[]): ModelFactCandidate[] {
    const { byTurn } = parseFactsReply(answer, turns);
    return turns.flatMap((turn, i) => (byTurn[i] ?? []).map((c) => ({ ...c, entryId: turn.entryId })));
  },
};
