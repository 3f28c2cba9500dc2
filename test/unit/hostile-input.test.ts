/**
 * Hostile input at the add and import boundaries: content above the size cap, huge and odd
 * content, loose timestamps, metadata whose getters throw, bad usage reports and retried sync
 * ops with other content. Every refusal is a `ValidationError` naming the field, and leaves
 * what is stored exactly as it was.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { RecallKitError, ValidationError } from '../../src/errors.js';
import type { Memory } from '../../src/memory.js';
import { checkContentLength, DEFAULT_MAX_CONTENT_LENGTH } from '../../src/core/checks/field-checks.js';
import { checkIsoTimestamp } from '../../src/core/checks/iso-timestamp.js';
import { canonicalOp, decide, type PushState } from '../../src/sync/server/rules.js';
import { parseSyncOp, type SyncOp } from '../../src/sync/protocol.js';
import { loadTiktoken, type TiktokenCounter } from '../../src/tokens/tiktoken.js';
import { medianCpuMs } from '../support/cpu-time.js';

let o200k: TiktokenCounter;
beforeAll(async () => {
  o200k = await loadTiktoken('o200k_base');
});
afterAll(() => o200k.free());

const CAP = 100;
const T = '2026-01-01T00:00:00.000Z';

/** A memory with a small cap, holding one interaction in session `s`. */
async function seeded(maxContentLength = CAP): Promise<Memory> {
  const memory = await createMemory({ store: 'memory', tokenizer: o200k, maxContentLength });
  await memory.addUserMessage('s', 'hello');
  await memory.addAssistantMessage('s', 'hi there');
  return memory;
}

/** What is stored once background compression settled: every session's export. */
async function snapshot(memory: Memory): Promise<unknown> {
  await memory.idle();
  const ids = (await memory.listSessions()).map((s) => s.sessionId);
  return Promise.all(ids.sort().map((id) => memory.exportSession(id)));
}

/** `attempt` is refused with a ValidationError on `field`, and nothing stored changed. */
async function expectRefused(memory: Memory, field: string, attempt: () => Promise<unknown>): Promise<void> {
  const before = await snapshot(memory);
  const error = await attempt().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  expect(error).toMatchObject({ field });
  expect(await snapshot(memory)).toEqual(before);
}

const over = 'x'.repeat(CAP + 1);
const exportedWith = (content: string, summaryContent = 'a summary'): unknown => ({
  sessionId: 'imported',
  entries: [
    { id: 'e1', type: 'message', role: 'user', content, timestamp: T, compressed: true, summaryId: 'm1' },
    { id: 'e2', type: 'message', role: 'assistant', content: 'ok', timestamp: T, compressed: false },
  ],
  summaries: [{ id: 'm1', content: summaryContent, originalEntryIds: ['e1'], createdAt: T }],
});

/** Every way content enters, with the field its refusal names. */
const oversized: [what: string, field: string, add: (m: Memory) => Promise<unknown>][] = [
  ['addUserMessage', 'content', (m) => m.addUserMessage('s', over)],
  ['addUserMessage, new session', 'content', (m) => m.addUserMessage('new', over)],
  ['addAssistantMessage', 'content', (m) => m.addAssistantMessage('s', over)],
  ['addToolCall text', 'args', (m) => m.addToolCall('s', 'search', over)],
  ['addToolCall object', 'args', (m) => m.addToolCall('s', 'search', { q: over })],
  ['addToolResult', 'result', (m) => m.addToolResult('s', 'search', { hits: [over] })],
  ['addContext', 'content', (m) => m.addContext('s', over, 'docs')],
  [
    'addInteraction request',
    'interaction.userRequest',
    (m) => m.addInteraction('s', { userRequest: over, aiResponse: 'ok' }),
  ],
  [
    'addInteraction response',
    'interaction.aiResponse',
    (m) => m.addInteraction('s', { userRequest: 'q', aiResponse: { a: over } }),
  ],
  [
    'addMessages content',
    'messages[1].content',
    (m) =>
      m.addMessages('s', [
        { role: 'user', content: 'fine' },
        { role: 'assistant', content: over },
      ]),
  ],
  [
    'addMessages text parts',
    'messages[0].content',
    (m) =>
      m.addMessages('s', [
        {
          role: 'user',
          content: [
            { type: 'text', text: over.slice(0, 60) },
            { type: 'text', text: over.slice(60) },
          ],
        },
      ]),
  ],
  [
    'addMessages tool call arguments',
    'messages[0].tool_calls[0].function.arguments',
    (m) =>
      m.addMessages('s', [
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: JSON.stringify({ q: over }) } }],
        },
      ]),
  ],
  [
    'addMessages tool result',
    'messages[1].content',
    (m) =>
      m.addMessages('s', [
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c2', type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c2', content: over },
      ]),
  ],
  ['importSession entry', 'state.entries[0].content', (m) => m.importSession(exportedWith(over) as never)],
  ['importSession summary', 'state.summaries[0].content', (m) => m.importSession(exportedWith('q', over) as never)],
];

describe('the content size cap', () => {
  it.each(oversized)('%s above the cap is refused on %s before anything is stored', async (_, field, add) => {
    const memory = await seeded();
    await expectRefused(memory, field, () => add(memory));
  });

  it('takes content at the cap, and refuses one character more', async () => {
    const memory = await seeded();
    const at = 'y'.repeat(CAP);
    await expect(memory.addUserMessage('s', at)).resolves.toMatchObject({ content: at });
    await expect(memory.importSession(exportedWith(at) as never)).resolves.toBeUndefined();
    await expectRefused(memory, 'content', () => memory.addUserMessage('s', `${at}y`));
  });

  it('defaults to 1,000,000 characters, refused with the option named in the message', async () => {
    expect(DEFAULT_MAX_CONTENT_LENGTH).toBe(1_000_000);
    const memory = await createMemory({ store: 'memory', tokenizer: o200k });
    const at = 'The quick brown fox. '.repeat(DEFAULT_MAX_CONTENT_LENGTH / 20).slice(0, DEFAULT_MAX_CONTENT_LENGTH);
    await expect(memory.addUserMessage('s', at)).resolves.toMatchObject({ tokenCount: expect.any(Number) });
    const error = await memory.addUserMessage('s', `${at}.`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/^content: expected at most 1,000,000 characters .*maxContentLength/);
    expect(() => checkContentLength(`${at}.`, 'op.entry.content')).toThrow(/^op\.entry\.content: /);
  });

  it('refuses a maxContentLength that is not a positive integer', async () => {
    for (const bad of [0, -1, 1.5, Number.NaN, '100']) {
      await expect(createMemory({ store: 'memory', maxContentLength: bad as never })).rejects.toMatchObject({
        name: 'ValidationError',
        field: 'maxContentLength',
      });
    }
  });

  it('a 3M-character message is refused with a RecallKit error by default, and counted when the cap allows it', async () => {
    const run = 'z'.repeat(3_000_000);
    const memory = await createMemory({ store: 'memory', tokenizer: o200k });
    await expect(memory.addUserMessage('s', run)).rejects.toBeInstanceOf(RecallKitError);
    const roomy = await createMemory({ store: 'memory', tokenizer: o200k, maxContentLength: 4_000_000 });
    await expect(roomy.addUserMessage('s', run)).resolves.toMatchObject({ tokenCount: 1_500_000 });
  });

  it('fuzz: any content is stored whole up to the cap and refused above it, leaving the state unchanged', async () => {
    const memory = await seeded(50);
    const adds: ((text: string) => Promise<unknown>)[] = [
      (t) => memory.addUserMessage('s', t),
      (t) => memory.addAssistantMessage('s', t),
      (t) => memory.addToolCall('s', 'tool', t),
      (t) => memory.addContext('s', t),
      (t) => memory.addMessages('s', [{ role: 'user', content: t }]),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 80 }),
          fc.string({ unit: 'grapheme', maxLength: 60 }),
          fc.constantFrom('\u0000'.repeat(51), '\uD83D'.repeat(51), '😀'.repeat(25), '😀'.repeat(26), ' '.repeat(51)),
        ),
        fc.integer({ min: 0, max: adds.length - 1 }),
        async (text, which) => {
          const before = await snapshot(memory);
          const outcome = await adds[which]!(text).then(
            () => 'stored',
            (e: unknown) => e,
          );
          if (text.length <= 50 && (which !== 4 || text.length > 0)) {
            expect(outcome).toBe('stored');
          } else if (outcome !== 'stored') {
            expect(outcome).toBeInstanceOf(ValidationError);
            expect(await snapshot(memory)).toEqual(before);
          }
          if (text.length > 50) expect(outcome).not.toBe('stored');
        },
      ),
      { numRuns: 150 },
    );
  });

  it('an add takes work linear in the length of an unbroken run (200k in at most 25x the CPU time of 20k)', async () => {
    const memory = await createMemory({ store: 'memory', tokenizer: o200k });
    const letters = (n: number): string =>
      Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
    // CPU time, not the wall clock: the machine's other work does not count (test/support/cpu-time.ts).
    const median = (n: number): Promise<number> =>
      medianCpuMs(5, (round) => {
        const text = letters(n);
        return () => memory.addUserMessage(`run-${n}-${round}`, text);
      });
    await median(20_000); // warm-up
    expect((await median(200_000)) / (await median(20_000))).toBeLessThan(25);
    await memory.close();
  });
});

const METADATA_CAP = 4_000_000;
const big = 'm'.repeat(METADATA_CAP + 1);
const longKey = 'k'.repeat(513);
const image = (chars: number) => `data:image/png;base64,${'A'.repeat(chars)}`;

/** Every name and metadata a caller passes, past its bound, with the field its refusal names. */
const unbounded: [what: string, field: string, add: (m: Memory) => Promise<unknown>][] = [
  ['addContext source of 2M characters', 'source', (m) => m.addContext('s', 'notes', 's'.repeat(2_000_000))],
  ['addContext source of 2,049 characters', 'source', (m) => m.addContext('s', 'notes', 's'.repeat(2049))],
  ['a tool name of 513 characters', 'toolName', (m) => m.addToolCall('s', 't'.repeat(513), {})],
  ['a call id of 513 characters', 'callId', (m) => m.addToolCall('s', 'search', {}, { callId: 'c'.repeat(513) })],
  [
    'a tool result name of 513 characters',
    'toolName',
    (m) => m.addToolResult('s', 't'.repeat(513), 'ok', { callId: 'open' }),
  ],
  ['a metadata key of 513 characters', 'metadata', (m) => m.addUserMessage('s', 'hi', { [longKey]: 1 })],
  [
    'a nested metadata key of 513 characters',
    'metadata.a',
    (m) => m.addUserMessage('s', 'hi', { a: { [longKey]: 1 } }),
  ],
  ['metadata of 4M characters and one', 'metadata', (m) => m.addUserMessage('s', 'hi', { text: big })],
  [
    'metadata of 4M numbers',
    'metadata',
    (m) => m.addAssistantMessage('s', 'hi', { n: new Array<number>(METADATA_CAP).fill(0) }),
  ],
  ['a speaker of 513 characters', 'metadata.speaker', (m) => m.addUserMessage('s', 'hi', { speaker: 'S'.repeat(513) })],
  [
    'a metadata name of 513 characters',
    'metadata.name',
    (m) => m.addAssistantMessage('s', 'hi', { name: 'N'.repeat(513) }),
  ],
  ['tool call metadata', 'options.metadata', (m) => m.addToolCall('s', 'search', {}, { metadata: { big } })],
  [
    'tool result metadata',
    'options.metadata',
    (m) => m.addToolResult('s', 'search', 'ok', { callId: 'open', metadata: { big } }),
  ],
  [
    'an image of 4M characters in addMessages',
    'messages[0].content',
    (m) =>
      m.addMessages('s', [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'look' },
            { type: 'image_url', image_url: { url: image(METADATA_CAP) } },
          ],
        },
      ]),
  ],
  [
    'importSession entry metadata',
    'state.entries[0].metadata',
    (m) => {
      const state = exportedWith('q') as { entries: Record<string, unknown>[] };
      state.entries[0]!.metadata = { big };
      return m.importSession(state as never);
    },
  ],
  [
    'importSession summary metadata key',
    'state.summaries[0].metadata',
    (m) => {
      const state = exportedWith('q') as { summaries: Record<string, unknown>[] };
      state.summaries[0]!.metadata = { [longKey]: true };
      return m.importSession(state as never);
    },
  ],
];

describe('names and metadata are bounded (#31)', () => {
  it.each(unbounded)('%s is refused on %s before anything is stored', async (_, field, add) => {
    const memory = await seeded();
    await memory.addToolCall('s', 'search', {}, { callId: 'open' });
    await expectRefused(memory, field, () => add(memory));
  });

  it('takes every name and metadata at its bound', async () => {
    const memory = await seeded();
    const source = 's'.repeat(2048);
    expect((await memory.addContext('s', 'notes', source)).metadata).toEqual({ source });
    await memory.addToolCall('s', 't'.repeat(512), {}, { callId: 'c'.repeat(512) });
    await memory.addUserMessage('s', 'hi', { ['k'.repeat(512)]: { ['k'.repeat(512)]: 1 } });
    await memory.addUserMessage('s', 'hi', { speaker: 'S'.repeat(512), name: 'N'.repeat(512) });
    // The object counts 1, the key 1, the string the rest: exactly the cap.
    const at = { t: 'm'.repeat(METADATA_CAP - 2) };
    expect((await memory.addUserMessage('s', 'hi', at)).metadata).toEqual(at);
    await memory.addMessages('s', [
      { role: 'user', content: [{ type: 'image_url', image_url: { url: image(3_000_000) } }] },
    ]);
    const stored = await memory.getActiveEntries('s');
    expect(stored.at(-1)!.metadata?.parts).toBeDefined();
  });

  it('a larger maxContentLength raises the metadata bound to 4 times it', async () => {
    const memory = await createMemory({ store: 'memory', tokenizer: o200k, maxContentLength: 2_000_000 });
    await expect(memory.addUserMessage('s', 'hi', { text: big })).resolves.toMatchObject({ content: 'hi' });
    await expect(memory.addUserMessage('s', 'hi', { text: 'm'.repeat(8_000_001) })).rejects.toMatchObject({
      field: 'metadata',
    });
  });

  it('the sync records check the same bounds (the default cap)', () => {
    const entry = {
      id: 'e1',
      sessionId: 's',
      seq: 0,
      interaction: 1,
      type: 'message',
      role: 'user',
      content: 'x',
      timestamp: T,
    };
    const op = (metadata: unknown) => ({
      opId: 'e1',
      sessionId: 's',
      kind: 'entry',
      entry: { ...entry, tokenCount: 1, compressed: false, metadata },
    });
    expect(() => parseSyncOp(op({ big }), 'op')).toThrow(/^op\.entry\.metadata: expected at most 4,000,000 characters/);
    expect(() => parseSyncOp(op({ [longKey]: 1 }), 'op')).toThrow(/^op\.entry\.metadata: expected keys of at most 512/);
    expect(() => parseSyncOp(op({ speaker: 'S'.repeat(513) }), 'op')).toThrow(/^op\.entry\.metadata\.speaker: /);
    expect(parseSyncOp(op({ speaker: 'S'.repeat(512) }), 'op')).toMatchObject({ kind: 'entry' });
  });
});

describe('strict timestamps', () => {
  const loose = [
    '2024-02-30',
    '2023-02-29',
    '0',
    '2024',
    '2024-13-01',
    '2024-01-01 10:00',
    'Mon, 01 Jan 2024',
    '2024-01-01T24:00',
    'now',
    '',
  ];

  it.each(loose)('%j is refused wherever a timestamp enters, naming the field', async (ts) => {
    const memory = await seeded();
    await expectRefused(memory, 'options.timestamp', () =>
      memory.addUserMessage('s', 'x', undefined, { timestamp: ts }),
    );
    await expectRefused(memory, 'interaction.ts', () =>
      memory.addInteraction('s', { userRequest: 'q', aiResponse: 'a', ts }),
    );
    await expectRefused(memory, 'messages[0].timestamp', () =>
      memory.addMessages('s', [{ role: 'user', content: 'x', timestamp: ts }]),
    );
    const state = exportedWith('q') as { entries: { timestamp: string }[] };
    state.entries[1]!.timestamp = ts;
    await expectRefused(memory, 'state.entries[1].timestamp', () => memory.importSession(state as never));
  });

  it('refuses an invalid Date and takes a valid one, and ISO strings with offsets, as ISO UTC', async () => {
    const memory = await seeded();
    await expectRefused(memory, 'options.timestamp', () =>
      memory.addUserMessage('s', 'x', undefined, { timestamp: new Date('nope') }),
    );
    const e1 = await memory.addUserMessage('s', 'x', undefined, { timestamp: '2024-02-29T23:30:00+02:00' });
    expect(e1.timestamp).toBe('2024-02-29T21:30:00.000Z');
    const e2 = await memory.addUserMessage('s', 'y', undefined, { timestamp: new Date(Date.UTC(2020, 0, 1)) });
    expect(e2.timestamp).toBe('2020-01-01T00:00:00.000Z');
  });

  it('accepts a calendar date exactly when it exists, and every toISOString unchanged', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (y, m, d) => {
          const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const real = new Date(Date.UTC(2000, m - 1, d)).getUTCMonth() === m - 1 || (m === 2 && d === 29);
          const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
          const exists = m === 2 && d === 29 ? leap : real;
          if (exists) expect(checkIsoTimestamp(text, 'f').startsWith(text)).toBe(true);
          else expect(() => checkIsoTimestamp(text, 'f')).toThrow(ValidationError);
        },
      ),
    );
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (date) => {
        expect(checkIsoTimestamp(date.toISOString(), 'f')).toBe(date.toISOString());
        expect(checkIsoTimestamp(date, 'f')).toBe(date.toISOString());
      }),
    );
  });
});

describe('metadata getters, usage reports', () => {
  it('a metadata getter that throws is refused as a ValidationError naming the key, with its message', async () => {
    const memory = await seeded();
    const metadata = {
      ok: 1,
      get nested() {
        return {
          get secret(): string {
            throw new Error('getter exploded');
          },
        };
      },
    };
    const before = await snapshot(memory);
    const error = await memory.addUserMessage('s', 'x', metadata).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ field: 'metadata.nested.secret' });
    expect((error as Error).message).toContain('getter exploded');
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect(await snapshot(memory)).toEqual(before);
    const toolArgs = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap');
        },
      },
    );
    await expectRefused(memory, 'args', () => memory.addToolCall('s', 'f', toolArgs));
  });

  it('reportUsage names the field that is wrong, also on an empty session', async () => {
    const memory = await createMemory({ store: 'memory', tokenizer: o200k });
    await expect(memory.reportUsage('empty', { promptTokens: Number.NaN })).rejects.toMatchObject({
      field: 'usage.promptTokens',
    });
    await memory.addUserMessage('s', 'hello');
    for (const promptTokens of [Number.NaN, -1, Infinity, '12']) {
      await expect(memory.reportUsage('s', { promptTokens: promptTokens as number })).rejects.toMatchObject({
        name: 'ValidationError',
        field: 'usage.promptTokens',
      });
    }
    await expect(memory.reportUsage('s', { promptTokens: 10, estimatedTokens: Number.NaN })).rejects.toMatchObject({
      field: 'usage.estimatedTokens',
    });
    await expect(memory.reportUsage('s', { promptTokens: 10 })).resolves.toBeUndefined();
  });
});

describe('a retried sync op', () => {
  const fresh = (): PushState => ({
    known: new Map(),
    entries: new Map(),
    summaries: new Map(),
    cleared: new Map(),
    dirty: { entries: new Set(), summaries: new Set(), sessions: new Set() },
  });
  const entryOp = (content: string): SyncOp => ({
    opId: 'op-1',
    sessionId: 's',
    kind: 'entry',
    entry: {
      id: 'e1',
      sessionId: 's',
      seq: 0,
      interaction: 1,
      type: 'message',
      role: 'user',
      content,
      timestamp: T,
      tokenCount: 1,
      compressed: false,
    },
  });

  it('answers duplicate as before when identical, and says so when its content differs', () => {
    const state = fresh();
    const first = decide(state, [entryOp('hello')], 0n);
    expect(first.results).toEqual([{ opId: 'op-1', status: 'applied', seq: '1' }]);
    expect(decide(state, [entryOp('hello')], 1n).results).toEqual([{ opId: 'op-1', status: 'duplicate', seq: '1' }]);
    const changed = decide(state, [entryOp('hello, edited')], 1n).results[0]!;
    expect(changed).toMatchObject({ opId: 'op-1', status: 'duplicate', seq: '1', differs: true });
    expect(changed.reason).toMatch(/content differs/);
  });

  it('compares ops whatever the order of their keys (as read back from the log)', () => {
    const op = entryOp('hello');
    const { kind, sessionId, ...rest } = op;
    const reordered = JSON.parse(JSON.stringify({ ...rest, sessionId, kind })) as SyncOp;
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(op));
    expect(canonicalOp(reordered)).toBe(canonicalOp(op));
    expect(canonicalOp(entryOp('other'))).not.toBe(canonicalOp(op));
  });
});
