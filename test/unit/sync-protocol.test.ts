import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import { MAX_PUSH_OPS, isSeq, parseSyncRequest } from '../../src/sync/protocol.js';

const entry = (id: string, sessionId = 's') => ({
  id,
  sessionId,
  seq: 0,
  interaction: 1,
  type: 'message',
  role: 'user',
  content: 'hi',
  timestamp: '2026-01-01T00:00:00.000Z',
  tokenCount: 1,
  compressed: false,
});
const summary = (id: string, sessionId = 's') => ({
  id,
  sessionId,
  content: 'sum',
  originalEntryIds: ['a'],
  tokenCount: 1,
  originalTokenCount: 3,
  compressionRatio: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  timeRange: { start: '2026-01-01T00:00:00.000Z', end: '2026-01-01T00:00:00.000Z' },
});
const body = (ops: unknown[], extra: Record<string, unknown> = {}) => ({
  v: 1,
  deviceId: 'd1',
  cursor: '0',
  ops,
  ...extra,
});

/** The ValidationError's field when parsing fails. */
function fieldOf(json: unknown): string {
  try {
    parseSyncRequest(json);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).field;
  }
  throw new Error('parsed');
}

describe('parseSyncRequest', () => {
  it('accepts every op kind and keeps what it was given', () => {
    const ops = [
      { opId: 'a', sessionId: 's', kind: 'entry', entry: entry('a') },
      { opId: 'sum1', sessionId: 's', kind: 'compact', entryIds: ['a'], summary: summary('sum1') },
      { opId: 'x', sessionId: 's', kind: 'compact', entryIds: ['a'] },
      { opId: 'y', sessionId: 's', kind: 'drop-summary', summaryId: 'sum1' },
      { opId: 'z', sessionId: 's', kind: 'erase', entryIds: ['a', 'b'] },
      { opId: 'w', sessionId: 's', kind: 'clear' },
    ];
    const request = parseSyncRequest(body(ops, { limit: 10 }));
    expect(request).toEqual(body(ops, { limit: 10 }));
  });

  it('names the field and what was expected', () => {
    expect(fieldOf(null)).toBe('body');
    expect(fieldOf({ ...body([]), v: 2 })).toBe('v');
    expect(fieldOf({ ...body([]), deviceId: '' })).toBe('deviceId');
    expect(fieldOf({ ...body([]), cursor: 5 })).toBe('cursor');
    expect(fieldOf({ ...body([]), cursor: '-1' })).toBe('cursor');
    expect(fieldOf({ ...body([]), cursor: '9223372036854775808' })).toBe('cursor');
    expect(fieldOf({ ...body([]), limit: 5001 })).toBe('limit');
    expect(fieldOf({ ...body([]), ops: {} })).toBe('ops');
    expect(fieldOf(body([{ opId: 'a', sessionId: 's', kind: 'upsert' }]))).toBe('ops[0].kind');
    expect(fieldOf(body([{ opId: 'a', sessionId: '', kind: 'clear' }]))).toBe('ops[0].sessionId');
    expect(fieldOf(body([{ opId: 'a', sessionId: 's', kind: 'entry', entry: { ...entry('a'), role: 'tool' } }]))).toBe(
      'ops[0].entry.role',
    );
    expect(fieldOf(body([{ opId: 'a', sessionId: 's', kind: 'entry', entry: entry('a', 'other') }]))).toBe(
      'ops[0].entry.sessionId',
    );
    expect(fieldOf(body([{ opId: 'b', sessionId: 's', kind: 'entry', entry: entry('a') }]))).toBe('ops[0].opId');
    expect(
      fieldOf(body([{ opId: 'x', sessionId: 's', kind: 'compact', entryIds: ['a'], summary: summary('sum1') }])),
    ).toBe('ops[0].opId');
    expect(fieldOf(body([{ opId: 'x', sessionId: 's', kind: 'erase', entryIds: ['a', 'a'] }]))).toBe(
      'ops[0].entryIds[1]',
    );
    expect(fieldOf(body([{ opId: 'x', sessionId: 's', kind: 'erase', entryIds: [] }]))).toBe('ops[0].entryIds');
    expect(
      fieldOf(
        body([{ opId: 'a', sessionId: 's', kind: 'entry', entry: { ...entry('a'), metadata: { f: [1, Infinity] } } }]),
      ),
    ).toBe('ops[0].entry.metadata.f[1]');
    expect(
      fieldOf(
        body(Array.from({ length: MAX_PUSH_OPS + 1 }, (_, i) => ({ opId: `c${i}`, sessionId: 's', kind: 'clear' }))),
      ),
    ).toBe('ops');
    expect(() =>
      parseSyncRequest(body([{ opId: 'a', sessionId: 's', kind: 'entry', entry: { ...entry('a'), role: 'tool' } }])),
    ).toThrow("ops[0].entry.role: expected one of 'user', 'assistant', 'system', received \"tool\"");
  });

  it('isSeq takes decimal seqs in the bigint range only', () => {
    expect(['0', '1', '9223372036854775807'].every(isSeq)).toBe(true);
    expect(['', '01', '1.5', ' 1', '9223372036854775808', 1].some(isSeq)).toBe(false);
  });
});
