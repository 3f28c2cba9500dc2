/**
 * Accepts a summarizer in either form the contract allows: a `SummarizeCallback` function or
 * a `Summarizer` object.
 * @module
 */
import { ValidationError } from '../errors.js';
import type { SummarizeCallback, Summarizer } from '../types.js';

/**
 * Normalizes a callback or summarizer object to a `Summarizer`, refusing anything else with a
 * ValidationError naming `field`. A callback becomes `{ name: 'callback', summarize }`; an
 * object is returned as given (its `summarize` keeps its `this`).
 * @example
 * const summarizer = toSummarizer(async (prompt) => (await myLLM.complete(prompt)).text);
 */
export function toSummarizer(input: SummarizeCallback | Summarizer, field = 'summarizer'): Summarizer {
  if (typeof input === 'function') return { name: 'callback', summarize: input };
  if (input !== null && typeof input === 'object') {
    const candidate = input as Partial<Summarizer>;
    if (typeof candidate.summarize !== 'function') {
      throw new ValidationError(
        `${field}.summarize`,
        'a function (prompt, info) => Promise<string>',
        candidate.summarize,
      );
    }
    if (candidate.name !== undefined && typeof candidate.name !== 'string') {
      throw new ValidationError(`${field}.name`, 'a string or undefined', candidate.name);
    }
    return input;
  }
  throw new ValidationError(field, 'a function (prompt, info) => Promise<string> or an object with summarize()', input);
}
