/**
 * The facts methods of `Memory`, as one type the engine and the hosts share.
 * @module
 */
import type { Memory } from '../../memory.js';

/** `listFacts`, `setFact`, `forgetFact`, `exportFacts`, `importFacts`. */
export type FactsMemory = Pick<Memory, 'listFacts' | 'setFact' | 'forgetFact' | 'exportFacts' | 'importFacts'>;
