/**
 * createWorkerMemory checks option names in the page, before anything is cloned to the worker,
 * with createMemory's own check: a misspelt function option is named as a misspelling, not
 * reported as "a function cannot be sent".
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createMemory, type MemoryOptions } from '../../src/create-memory.js';
import { ValidationError } from '../../src/errors.js';
import { MEMORY_OPTION_NAMES } from '../../src/option-names.js';
import { splitWorkerOptions } from '../../src/worker/worker-options.js';

async function inThread(options: object): Promise<unknown> {
  return createMemory({ store: 'memory', ...options } as never).then(
    () => undefined,
    (e: unknown) => e,
  );
}

function inPage(options: object): unknown {
  try {
    splitWorkerOptions(options);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('option names', () => {
  it.each([
    ['sumarizer', { sumarizer: async () => 'summary' }],
    ['embeder', { embeder: async (t: string[]) => t.map(() => [1]) }],
    ['tokeniser', { tokeniser: 'o200k_base' }],
    ['dbname', { dbname: 'chat' }],
  ])('%s: the same ValidationError in the page as in createMemory', async (name, options) => {
    const page = inPage(options);
    const thread = await inThread(options);
    expect(page).toBeInstanceOf(ValidationError);
    expect(page).toMatchObject({ field: `options.${name}` });
    expect((page as Error).message).toMatch(
      new RegExp(`^options\\.${name}: expected one of the known options \\(store, dbName, .*summarizer.*\\)`),
    );
    expect((page as Error).message).not.toMatch(/plain data|function/);
    // createMemory's message, plus the worker host's own option.
    expect((page as Error).message.replace(', worker)', ')')).toBe((thread as Error).message);
  });

  it('accepts every createMemory option and `worker`', () => {
    const split = splitWorkerOptions({
      dbName: 'x',
      persist: false,
      tokenizer: 'cl100k_base',
      config: {},
      calibrate: true,
      summarizer: async () => 's',
    });
    expect(split.init).toEqual({ dbName: 'x', persist: false, tokenizer: 'cl100k_base', config: {}, calibrate: true });
    expect(split.summarizer).toBeDefined();
  });

  it('lists every MemoryOptions field and nothing else (checked by the compiler in `npm run typecheck`)', () => {
    // A new MemoryOptions field missing from MEMORY_OPTION_NAMES (or a stale name left in it) fails to compile here.
    expectTypeOf<(typeof MEMORY_OPTION_NAMES)[number]>().toEqualTypeOf<keyof MemoryOptions>();
    expect(new Set(MEMORY_OPTION_NAMES).size).toBe(MEMORY_OPTION_NAMES.length);
  });
});
