/**
 * Every entry of package.json "exports", imported by its package name from the built dist/ in
 * plain Node 20 (package self-reference resolves through "exports", as a user's import does):
 * the names the README documents for each entry are there, with their .d.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

/** Names each entry must export (a sample of what the README documents there). */
const ENTRIES: Record<string, string[]> = {
  recallkit: [
    'createMemory',
    'createWorkerMemory',
    'memoryStore',
    'indexedDBStore',
    'heuristicSummarizer',
    'fetchSummarizer',
    'webLLMSummarizer',
    'RecallKitError',
    'ValidationError',
    'DEFAULT_MEMORY_CONFIG',
  ],
  'recallkit/strategies': [
    'registerStrategy',
    'strategyIds',
    'parseProfile',
    'createStrategies',
    'int',
    'conditionList',
    'compileCondition',
    'validateConfig',
  ],
  'recallkit/formats': [
    'registerFormat',
    'formatIds',
    'parseMessages',
    'toFormat',
    'toAnthropic',
    'fromAISDK',
    'MESSAGE_FORMATS',
  ],
  'recallkit/recall': ['createRecallIndex', 'loadRecallIndex', 'hybridSearch', 'cosine', 'analyze', 'splitText'],
  'recallkit/tokens': ['loadTiktoken', 'countChatMessages', 'MESSAGE_FRAMING', 'createCalibration', 'resolveTokenizer'],
  'recallkit/testing': ['describeStoreConformance'],
  'recallkit/embedders': ['useLiteEmbedder', 'transformersEmbedder', 'fetchEmbedder', 'webLLMEmbedder'],
  'recallkit/postgres': ['postgresStore'],
  'recallkit/ai-sdk': ['chatTurn', 'toAISDKPrompt'],
  'recallkit/langchain': ['RecallKitChatMessageHistory', 'withRecallKitHistory', 'RecallKitRetriever'],
  'recallkit/react': ['useMemory'],
  'recallkit/worker': ['createWorkerApi'],
};

/** What the root no longer exports: primitives moved to subpath entries. */
const NOT_AT_ROOT = [
  'cosine',
  'analyze',
  'MESSAGE_FRAMING',
  'RAW_ARGS_KEY',
  'createCalibration',
  'loadTiktoken',
  'toFormat',
  'createRecallIndex',
  'parseProfile',
  'createStrategies',
];

const exportsOf = (): Record<string, { types: string; default: string }> =>
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).exports;

beforeAll(() => {
  // `npm test` builds first; a bare `vitest run` builds here.
  const targets = Object.values(exportsOf()).filter((t) => typeof t === 'object');
  if (targets.some((t) => !existsSync(join(ROOT, t.default)))) {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
      cwd: ROOT,
    });
  }
});

it('every package.json export has its built .js and .d.ts', () => {
  const entries = Object.entries(exportsOf()).filter(([key]) => key !== './package.json');
  expect(entries.map(([key]) => (key === '.' ? 'recallkit' : `recallkit/${key.slice(2)}`)).sort()).toEqual(
    Object.keys(ENTRIES).sort(),
  );
  for (const [, target] of entries) {
    expect(existsSync(join(ROOT, target.default)), target.default).toBe(true);
    expect(existsSync(join(ROOT, target.types)), target.types).toBe(true);
  }
});

it('imports each entry by package name from dist in plain Node, with the names it documents', () => {
  const script = `
    const out = {};
    for (const name of ${JSON.stringify(Object.keys(ENTRIES))}) out[name] = Object.keys(await import(name));
    console.log(JSON.stringify(out));
  `;
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  const found = JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, string[]>;
  for (const [entry, names] of Object.entries(ENTRIES))
    expect(found[entry], entry).toEqual(expect.arrayContaining(names));
  expect(found['recallkit']!.filter((name) => NOT_AT_ROOT.includes(name))).toEqual([]);
  // A small front door: the root's runtime names (types are erased) stay few.
  expect(found['recallkit']!.length).toBeLessThan(40);
});

it('a strategy registered through recallkit/strategies is used by createMemory from recallkit (one registry)', () => {
  const script = `
    const { registerStrategy, int } = await import('recallkit/strategies');
    const { createMemory } = await import('recallkit');
    registerStrategy('last_turns', {
      kind: 'short_term',
      fields: { turns: int(1, 1) },
      create: (config) => ({ id: 'last_turns', select: (s) => ({ ...s, interactions: s.interactions.slice(-config.turns) }) }),
    });
    const memory = await createMemory({ tokenizer: { count: (t) => t.length }, profile: { short_term_memory_strategy: [{ memory_strategy_id: 'last_turns' }] } });
    await memory.addUserMessage('s', 'one');
    await memory.addUserMessage('s', 'two');
    console.log(JSON.stringify((await memory.getContextForLLM('s')).messages.map((m) => m.content)));
  `;
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual(['two']);
});
