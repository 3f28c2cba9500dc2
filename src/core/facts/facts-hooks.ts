/**
 * What the engine asks of facts beyond the facts engine itself: which sessions are the facts
 * engine's own, and the methods of a memory made without `facts`, which say how to turn them on.
 * @module
 */
import type { FactsMemory } from './facts-memory.js';
import { ValidationError } from '../../errors.js';
import { FACTS_LOG_SESSION, FACTS_STATE_SESSION } from '../checks/reserved-ids.js';

/** True for the reserved sessions the facts engine keeps (the log and this device's read marks). */
export const isFactsSession = (sessionId: unknown): boolean =>
  sessionId === FACTS_LOG_SESSION || sessionId === FACTS_STATE_SESSION;

const off = (method: string) => (): Promise<never> =>
  Promise.reject(
    new ValidationError('facts', `facts turned on (createMemory({ facts: {} })) before calling ${method}()`),
  );

/** The facts methods of a memory made without the `facts` option. */
export const factsOff: FactsMemory = {
  listFacts: off('listFacts'),
  setFact: off('setFact'),
  forgetFact: off('forgetFact'),
  exportFacts: off('exportFacts'),
  importFacts: off('importFacts'),
};
