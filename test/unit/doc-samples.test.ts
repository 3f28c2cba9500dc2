/**
 * Every TypeScript sample of the README and docs/ compiles with `tsc --strict` (plus
 * `noUncheckedIndexedAccess` and `exactOptionalPropertyTypes`) against the real packages:
 * `openai`, `@anthropic-ai/sdk`, `@langchain/core`, `pg`, the AI SDK in v5 and again in v6 for
 * the samples that use it. A sample that does not compile fails here, named by its page and
 * line (`test/support/doc-samples.ts` says how a fragment declares what it needs).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  allSamples,
  compileSamples,
  extractSamples,
  formatErrors,
  type DocSample,
  type SampleError,
} from '../support/doc-samples.js';

const samples = allSamples();
/** A page with one broken sample, compiled with the others, to show the errors are found and placed. */
const broken = extractSamples(
  [
    '# Broken',
    '',
    '<!-- sample-prelude',
    "import type { Memory } from 'recallkit';",
    'declare const memory: Memory;',
    '-->',
    '```ts',
    "const context = await memory.getContextForLLM('chat-1');",
    'const n: string = context.tokenCount;',
    '```',
  ].join('\n'),
  'test/broken.md',
);
let v5: Map<string, SampleError[]>;
let v6: Map<string, SampleError[]>;

beforeAll(() => {
  v5 = compileSamples([...samples, ...broken], 5);
  v6 = compileSamples(
    samples.filter((s) => s.usesAISDK),
    6,
  );
}, 600_000);

const errorsOf = (errors: Map<string, SampleError[]>, s: DocSample): string[] =>
  formatErrors(errors.get(`${s.file}:${s.line}`) ?? []);

describe('the samples of the README and docs/', () => {
  it('are found: every page with samples, the quick starts among them', () => {
    expect(samples.length).toBeGreaterThanOrEqual(30);
    expect(samples.filter((s) => s.file === 'README.md').length).toBeGreaterThanOrEqual(4);
    expect(samples.filter((s) => s.usesAISDK).length).toBeGreaterThanOrEqual(2);
  });

  it('compile as one project (no error outside a sample)', () => {
    expect(formatErrors(v5.get('(project)') ?? [])).toEqual([]);
    expect(formatErrors(v6.get('(project)') ?? [])).toEqual([]);
  });

  it.each(samples.map((s) => [`${s.file}:${s.line}`, s] as const))('%s compiles', (_name, sample) => {
    const errors = [
      ...errorsOf(v5, sample),
      ...(sample.usesAISDK ? errorsOf(v6, sample).map((e) => `(AI SDK v6) ${e}`) : []),
    ];
    expect(errors, `\n${errors.join('\n')}\n`).toEqual([]);
  });

  it('a sample that does not compile is reported at its page and line', () => {
    expect(errorsOf(v5, broken[0]!)).toEqual([
      "test/broken.md:9:7 TS2322: Type 'number' is not assignable to type 'string'.",
    ]);
  });
});
