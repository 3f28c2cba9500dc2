/**
 * Summarize callbacks that misbehave on purpose (throw, hang, answer nothing usable, fail on
 * one Chain of Density pass), and one that records every prompt it is given.
 */
import type { SummarizeCallback, SummarizeInfo } from '../../src/types.js';

/** A call a summarizer received. */
export interface SummarizeCall {
  prompt: string;
  info: SummarizeInfo;
}

/** A summarize callback with the calls it received. */
export interface RecordingSummarizer {
  summarize: SummarizeCallback;
  readonly calls: SummarizeCall[];
}

/** A short, valid summary naming the pass and the first words of the entries. */
export function goodAnswer(info: SummarizeInfo): string {
  const words = info.entries.map((e) => e.content.split(/\s+/)[0] ?? '').join(' ');
  return `Summary pass ${info.pass} of ${info.entries.length} entries: ${words.slice(0, 120)}`;
}

/** Record every call; answer with `answer` (default {@link goodAnswer}). */
export function recordingSummarizer(
  answer: (prompt: string, info: SummarizeInfo) => string | Promise<string> = (_p, i) => goodAnswer(i),
): RecordingSummarizer {
  const calls: SummarizeCall[] = [];
  return {
    calls,
    summarize: async (prompt, info) => {
      calls.push({ prompt, info });
      return answer(prompt, info);
    },
  };
}

/** Always rejects. */
export const throwingSummarizer =
  (message = 'model offline'): SummarizeCallback =>
  async () => {
    throw new Error(message);
  };

/** Throws synchronously (a non-async callback). */
export const syncThrowingSummarizer = (): SummarizeCallback =>
  (() => {
    throw new TypeError('sync failure');
  }) as unknown as SummarizeCallback;

/** Rejects with something that is not an Error. */
export const rejectingWithString = (): SummarizeCallback => () => Promise.reject('plain string reason');

/** Never settles (a model that hangs); the engine's summarizeTimeoutMs must end it. */
export const hangingSummarizer = (): SummarizeCallback => () => new Promise<string>(() => undefined);

/** Answers `text` whatever it is asked. */
export const constantSummarizer =
  (text: string): SummarizeCallback =>
  async () =>
    text;

/** Resolves with a value that is not a string. */
export const nonStringSummarizer = (value: unknown): SummarizeCallback =>
  (async () => value) as unknown as SummarizeCallback;

/** Answers well except on pass `failPass`, where it throws (Chain of Density mid-way failure). */
export function failingOnPass(failPass: number): RecordingSummarizer {
  return recordingSummarizer((_prompt, info) => {
    if (info.pass === failPass) throw new Error(`pass ${failPass} exploded`);
    return goodAnswer(info);
  });
}

/**
 * A summarizer a test switches between working and failing: while `failures > 0`, each call
 * fails (and decrements it) in the way `mode` says.
 */
export interface SwitchableSummarizer extends RecordingSummarizer {
  failures: number;
  /** `hang`: never answers (the engine's `summarizeTimeoutMs` must end the call). */
  mode: 'throw' | 'empty' | 'garbage' | 'hang';
}

/** Create a {@link SwitchableSummarizer} that works until told to fail. */
export function switchableSummarizer(): SwitchableSummarizer {
  const s: SwitchableSummarizer = {
    failures: 0,
    mode: 'throw',
    ...recordingSummarizer((_prompt, info) => {
      if (s.failures > 0) {
        s.failures -= 1;
        if (s.mode === 'throw') throw new Error('switchable summarizer failure');
        if (s.mode === 'hang') return new Promise<string>(() => undefined);
        return s.mode === 'empty' ? '   \n ' : '{}';
      }
      return goodAnswer(info);
    }),
  };
  return s;
}
