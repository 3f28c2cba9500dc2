import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';
import { StorageLostError, ValidationError } from '../../src/errors.js';
import type { Memory } from '../../src/memory.js';
import { durableStore } from '../../src/store/durable/durable-store.js';
import { crc32 } from '../../src/store/journal/crc32.js';
import { concatBytes, memoryJournalFiles } from '../../src/store/journal/files.js';
import { decodeFrames, encodeFrame, FRAME_HEADER, readLastFrame } from '../../src/store/journal/frame.js';
import { fileName, parseFileName, sessionJournal } from '../../src/store/journal/session-journal.js';
import { memoryStore } from '../../src/store/memory/memory-store.js';
import type { StoreAdapter } from '../../src/types.js';
import { describeStoreConformance } from '../support/store-conformance.js';
import { leftOpen } from '../support/left-open.js';

/** Names of the files that hold a journal (an empty file is one made ahead for a new session). */
const journals = (files: ReturnType<typeof memoryJournalFiles>): string[] =>
  [...files.files].filter(([, bytes]) => bytes.length > 0).map(([name]) => name);

const concat = (...parts: Uint8Array[]): Uint8Array => concatBytes(parts);

describe('journal framing', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it('reads back every record of an intact file', () => {
    const records = [{ a: 1 }, { b: 'é✓' }, [1, 2, 3], null];
    const decoded = decodeFrames(concat(...records.map(encodeFrame)));
    expect(decoded.records).toEqual(records);
    expect(decoded.cut).toBeUndefined();
  });

  it('cuts a torn tail at every possible length, never replaying a partial record', () => {
    const frames = [{ n: 1 }, { n: 2, text: 'x'.repeat(50) }, { n: 3 }].map(encodeFrame);
    const whole = concat(...frames);
    const ends = [frames[0]!.length, frames[0]!.length + frames[1]!.length, whole.length];
    for (let size = 0; size <= whole.length; size++) {
      const decoded = decodeFrames(whole.subarray(0, size));
      const complete = ends.filter((e) => e <= size).length;
      expect(decoded.records).toHaveLength(complete);
      expect(decoded.validBytes).toBe(complete ? ends[complete - 1] : 0);
      expect(decoded.cut).toBe(size === decoded.validBytes ? undefined : 'torn');
    }
  });

  it('stops at a record whose checksum does not match, and keeps what precedes it', () => {
    const frames = [{ n: 1 }, { n: 2 }, { n: 3 }].map(encodeFrame);
    const whole = concat(...frames);
    whole[frames[0]!.length + FRAME_HEADER + 2]! ^= 0x40; // a flipped bit in the second payload
    const decoded = decodeFrames(whole);
    expect(decoded.records).toEqual([{ n: 1 }]);
    expect(decoded.validBytes).toBe(frames[0]!.length);
    expect(decoded.cut).toBe('checksum');
  });

  it('stops at a garbage length field (zeroed or random bytes after a crash)', () => {
    const good = encodeFrame({ n: 1 });
    expect(decodeFrames(concat(good, new Uint8Array(20))).records).toEqual([{ n: 1 }]);
    expect(decodeFrames(concat(good, new Uint8Array([255, 255, 255, 255, 1, 2, 3, 4]))).cut).toBe('checksum');
  });

  it('reads the last record from the end of the file alone, and refuses a torn one', async () => {
    const whole = concat(encodeFrame({ big: 'x'.repeat(1000) }), encodeFrame({ t: 'tip', version: 7 }));
    const reads: number[] = [];
    const readAt = async (at: number, length: number) => {
      reads.push(length);
      return whole.slice(at, at + length);
    };
    expect(await readLastFrame(whole.length, readAt)).toEqual({ t: 'tip', version: 7 });
    expect(reads.reduce((a, b) => a + b, 0)).toBeLessThan(100);
    const torn = whole.slice(0, whole.length - 3);
    expect(await readLastFrame(torn.length, async (at, length) => torn.slice(at, at + length))).toBeUndefined();
  });

  it('names files so that any session id round-trips', () => {
    for (const id of ['s1', 'a/b', '.', '..', 'x.1.rkj', 'ünï cödé', '']) {
      expect(parseFileName(fileName(id, 7))).toEqual({ sessionId: id, gen: 7 });
    }
    expect(parseFileName('other.txt')).toBeUndefined();
  });
});

describeStoreConformance('durableStore(memoryStore) with a journal', async () => {
  const store = durableStore(memoryStore(), sessionJournal(memoryJournalFiles()));
  await store.open();
  return store;
});

/** A memory over `inner` with a journal in `files`; what its open found. */
async function open(inner: StoreAdapter, files: ReturnType<typeof memoryJournalFiles>, compactBytes?: number) {
  const store = durableStore(inner, sessionJournal(files, compactBytes === undefined ? {} : { compactBytes }));
  const state = await store.open();
  const memory = await createMemory({
    store,
    tokenizer: { count: (t: string) => Math.ceil(t.length / 4) },
    config: { maxEntries: 12, recentWindow: 4, minEntriesToCompress: 4 },
  });
  return { store, state, memory };
}

async function chat(memory: Memory, s: string, turns: number, from = 0): Promise<void> {
  for (let i = from; i < from + turns; i++) {
    await memory.addUserMessage(s, `question ${i} about the lighthouse keeper number ${i}`);
    await memory.addAssistantMessage(s, `answer ${i}: the keeper lit lamp ${i * 7}`);
  }
  await (memory as Memory & { idle?: (s?: string) => Promise<void> }).idle?.(s);
}

/** Everything a session holds in a store, the recall index included. */
async function everything(store: StoreAdapter, s: string) {
  const loaded = await store.loadSession(s);
  return {
    meta: loaded?.meta,
    summaries: loaded?.summaries,
    entries: await store.loadEntries(s),
    aux: Object.fromEntries(await store.loadAuxPrefix!(s, '')),
  };
}

describe('durableStore: restore from the journal', () => {
  it('brings back entries, summaries, meta and the recall index exactly after IndexedDB lost everything', async () => {
    const files = memoryJournalFiles();
    const inner = memoryStore();
    // The memory's close() closes its store; the test reads the inner store after it.
    const kept = leftOpen(inner);
    const first = await open(kept, files, 4096);
    expect(first.state.status).toBe('fresh');
    await chat(first.memory, 'a', 30);
    await chat(first.memory, 'b', 5);
    expect((await first.memory.getSummaries('a')).length).toBeGreaterThan(0);
    // Recall builds the index on first use and stores it (aux values): it must come back too.
    const recallBefore = await first.memory.recall('a', 'lamp 21 keeper');
    const contextBefore = await first.memory.getContextForLLM('a');
    // close() stores the index's last, unfilled segment (#33): the state to restore is the one
    // the store holds after it.
    await first.memory.close();
    const before = { a: await everything(inner, 'a'), b: await everything(inner, 'b') };
    expect(Object.keys(before.a.aux).length).toBeGreaterThan(0);
    // Compaction ran (small threshold): one generation per session, far smaller than all batches.
    expect([...files.files.keys()].filter((n) => n.startsWith('s-a.')).length).toBe(1);
    expect(parseFileName([...files.files.keys()].find((n) => n.startsWith('s-a.'))!)!.gen).toBeGreaterThan(1);

    const inner2 = memoryStore();
    const kept2 = leftOpen(inner2);
    const second = await open(kept2, files); // the browser wiped IndexedDB
    expect(second.state.status).toBe('restored');
    expect(second.state.restoredSessions.sort()).toEqual(['a', 'b']);
    expect(await everything(second.store, 'a')).toEqual(before.a);
    expect(await everything(second.store, 'b')).toEqual(before.b);
    expect(await second.memory.recall('a', 'lamp 21 keeper')).toEqual(recallBefore);
    expect(await second.memory.getContextForLLM('a')).toEqual(contextBefore);
    expect((await second.memory.verify('a')).ok).toBe(true);
    expect((await second.memory.storageState()).status).toBe('restored');
    const heard: string[] = [];
    second.memory.on('storage:restored', (s) => heard.push(s));
    await Promise.resolve();
    expect(heard.sort()).toEqual(['a', 'b']);

    // Writing on goes on in both; a second wipe still restores everything.
    await chat(second.memory, 'a', 3, 30);
    await second.memory.close();
    const later = await everything(inner2, 'a');
    const third = await open(memoryStore(), files);
    expect(await everything(third.store, 'a')).toEqual(later);
    await third.memory.close();
  });

  it('finds an intact store intact and leaves it alone', async () => {
    const files = memoryJournalFiles();
    const inner = memoryStore();
    const first = await open(inner, files);
    await chat(first.memory, 'a', 3);
    const again = durableStore(inner, sessionJournal(files));
    expect((await again.open()).status).toBe('intact');
  });

  it('cuts a torn journal tail and restores the acknowledged batches before it', async () => {
    const files = memoryJournalFiles();
    const first = await open(memoryStore(), files);
    await chat(first.memory, 'a', 4);
    const acknowledged = await everything(first.store, 'a');
    const name = [...files.files.keys()][0]!;
    // A crash in the middle of appending one more record.
    const partial = encodeFrame({ t: 'batch', batch: { meta: acknowledged.meta } }).subarray(0, 11);
    const intactLength = files.files.get(name)!.length;
    files.files.set(name, concat(files.files.get(name)!, partial));
    const second = await open(memoryStore(), files);
    expect(second.state).toMatchObject({ status: 'restored', repairedJournals: 1 });
    expect(await everything(second.store, 'a')).toEqual(acknowledged);
    expect(files.files.get(name)!.length).toBe(intactLength); // cut to its intact prefix
    expect(decodeFrames(files.files.get(name)!).cut).toBeUndefined();
  });

  it('restores the store to the journal when the store went back to an older version', async () => {
    const files = memoryJournalFiles();
    const inner = memoryStore();
    const first = await open(inner, files);
    await chat(first.memory, 'a', 2);
    const old = await everything(inner, 'a');
    await chat(first.memory, 'a', 2, 2);
    const latest = await everything(inner, 'a');
    // The store lost its last writes (relaxed durability and a power cut): put the old state back.
    await inner.write('a', {
      meta: old.meta!,
      replace: true,
      putEntries: old.entries,
      putSummaries: old.summaries!,
      aux: old.aux,
    });
    const second = await open(inner, files);
    expect(second.state.status).toBe('restored');
    expect(await everything(inner, 'a')).toEqual(latest);
  });

  it('starts the journal over from the store when a crash left it one batch behind', async () => {
    const files = memoryJournalFiles();
    const inner = memoryStore();
    const first = await open(inner, files);
    await chat(first.memory, 'a', 3);
    const name = [...files.files.keys()][0]!;
    const decoded = decodeFrames(files.files.get(name)!);
    const lastLength = encodeFrame(decoded.records[decoded.records.length - 1]).length;
    files.files.set(name, files.files.get(name)!.slice(0, decoded.validBytes - lastLength)); // committed, not journaled
    const state = await everything(inner, 'a');
    expect((await durableStore(inner, sessionJournal(files)).open()).status).toBe('intact');
    // The journal now matches the store: a wipe restores the last batch too.
    const wiped = await open(memoryStore(), files);
    expect(await everything(wiped.store, 'a')).toEqual(state);
  });

  it('journals sessions that were stored before the journal was on', async () => {
    const inner = memoryStore();
    const plain = await createMemory({ store: inner, tokenizer: { count: (t: string) => t.length } });
    await plain.addUserMessage('old', 'kept from release one');
    const files = memoryJournalFiles();
    expect((await durableStore(inner, sessionJournal(files)).open()).status).toBe('intact');
    const wiped = await open(memoryStore(), files);
    expect((await wiped.memory.getActiveEntries('old')).map((e) => e.content)).toEqual(['kept from release one']);
  });

  it('finishes a clearSession a crash cut short instead of resurrecting the session', async () => {
    const files = memoryJournalFiles();
    const inner = memoryStore();
    const first = await open(inner, files);
    await chat(first.memory, 'a', 2);
    // The clear intent reached the journal; the crash came before the store deleted anything.
    const name = [...files.files.keys()][0]!;
    files.files.set(name, concat(files.files.get(name)!, encodeFrame({ t: 'clear' })));
    const second = await open(inner, files);
    expect(await inner.loadSession('a')).toBeUndefined();
    expect(journals(files)).toEqual([]);
    expect(second.state.status).toBe('fresh');
  });

  it('reports a loss it cannot repair: storageState, storage:lost and an error event, never a silent empty memory', async () => {
    const files = memoryJournalFiles();
    const first = await open(memoryStore(), files);
    await chat(first.memory, 'a', 2);
    const name = [...files.files.keys()][0]!;
    files.files.get(name)![FRAME_HEADER + 3]! ^= 1; // the snapshot itself is damaged
    const second = await open(memoryStore(), files);
    expect(second.state).toMatchObject({ status: 'lost', lostSessions: ['a'] });
    const errors: Error[] = [];
    const lost: string[] = [];
    second.memory.on('error', (_s, e) => errors.push(e));
    second.memory.on('storage:lost', (s) => lost.push(s));
    await Promise.resolve();
    expect(lost).toEqual(['a']);
    expect(errors[0]).toBeInstanceOf(StorageLostError);
    expect(errors[0]!.message).toContain('"a"');
  });

  it('keeps the memory usable when the journal cannot be written: the store has every write', async () => {
    const files = memoryJournalFiles();
    const inner = memoryStore();
    const first = await open(inner, files);
    await chat(first.memory, 'a', 1);
    const append = files.append;
    files.append = async () => {
      throw new Error('disk full');
    };
    await first.memory.addUserMessage('a', 'written while the journal fails');
    files.append = append;
    await first.memory.addUserMessage('a', 'and after it recovers');
    const wiped = await open(memoryStore(), files);
    expect((await wiped.memory.getActiveEntries('a')).map((e) => e.content).slice(-2)).toEqual([
      'written while the journal fails',
      'and after it recovers',
    ]);
  });
});

describe('durableStore: the file made ahead for a new session', () => {
  it("takes a new session's first generation, a new one is made for the next, and compaction moves the session to a named file", async () => {
    const files = memoryJournalFiles();
    const inner = memoryStore();
    const first = await open(inner, files, 2048);
    const [ahead] = [...files.files.keys()];
    expect(ahead).toMatch(/^n-[a-z0-9]+\.rkj$/);
    expect(files.files.get(ahead!)!.length).toBe(0);
    await first.memory.addUserMessage('a', 'the first words of a new session');
    expect(journals(files)).toEqual([ahead]);
    const next = [...files.files.keys()].filter((name) => name !== ahead);
    expect(next).toHaveLength(1);
    expect(next[0]).toMatch(/^n-[a-z0-9]+\.rkj$/);
    await first.memory.addUserMessage('b', 'and another session');
    expect(journals(files).sort()).toEqual([ahead, next[0]].sort());
    // Reopened with the database gone, both come back from the files made ahead.
    const wiped = await open(memoryStore(), files, 2048);
    expect(wiped.state).toMatchObject({ status: 'restored' });
    expect((await wiped.memory.getActiveEntries('a')).map((e) => e.content)).toEqual([
      'the first words of a new session',
    ]);
    expect((await wiped.memory.getActiveEntries('b')).map((e) => e.content)).toEqual(['and another session']);
    // Past the compaction threshold, the session's next generation is a named file; the one made ahead is gone.
    const state = { ...(await everything(inner, 'a')) };
    await chat(wiped.memory, 'a', 12);
    expect(files.files.has(ahead!)).toBe(false);
    expect(journals(files).some((name) => parseFileName(name)?.sessionId === 'a')).toBe(true);
    const again = await open(memoryStore(), files);
    expect((await everything(again.store, 'a')).entries.length).toBeGreaterThan(state.entries.length);
    expect(await everything(again.store, 'a')).toEqual(await everything(wiped.store, 'a'));
  });

  it('empties a file made ahead whose first record was cut short (never acknowledged), keeping one empty file for the next session', async () => {
    const files = memoryJournalFiles();
    const inner = memoryStore();
    const first = await open(inner, files);
    await first.memory.addUserMessage('a', 'committed, then the crash cut the journal write');
    const [name] = journals(files);
    files.files.set(name!, files.files.get(name!)!.slice(0, 20));
    // The store has the write: the session is journaled again from it.
    const second = await open(inner, files);
    expect(second.state.status).toBe('intact');
    expect(journals(files)).toHaveLength(1);
    expect([...files.files.values()].every((bytes) => decodeFrames(bytes).cut === undefined)).toBe(true);
    expect([...files.files.values()].filter((bytes) => bytes.length === 0)).toHaveLength(1);
    const wiped = await open(memoryStore(), files);
    expect((await wiped.memory.getActiveEntries('a')).map((e) => e.content)).toEqual([
      'committed, then the crash cut the journal write',
    ]);
    await wiped.memory.addUserMessage('c', 'a new session');
    expect(journals(files)).toHaveLength(2);
  });

  it('names the session of a damaged first record by the copies of its id the damage left', async () => {
    const files = memoryJournalFiles();
    const first = await open(memoryStore(), files);
    await first.memory.addUserMessage('a', 'acknowledged');
    const [name] = journals(files);
    // The leading copy of the id is damaged: its meta and entry still name the session.
    files.files.get(name!)![FRAME_HEADER + 5]! ^= 1;
    const second = await open(memoryStore(), files);
    expect(second.state).toMatchObject({ status: 'lost', lostSessions: ['a'] });
  });
});

describe('durableStore: the journal never keeps what the store refused', () => {
  it('cuts a refused batch back out of the journal, so a later restore does not bring it in', async () => {
    const files = memoryJournalFiles();
    const inner = memoryStore();
    let refuse = false;
    const flaky: StoreAdapter = {
      ...inner,
      write: async (s, b) => {
        if (refuse) throw new Error('QuotaExceededError');
        return inner.write(s, b);
      },
    };
    const first = await open(flaky, files);
    await first.memory.addUserMessage('a', 'kept');
    const sizeBefore = [...files.files.values()][0]!.length;
    refuse = true;
    await expect(first.memory.addUserMessage('a', 'refused')).rejects.toThrow(/Quota/);
    refuse = false;
    expect([...files.files.values()][0]!.length).toBe(sizeBefore);
    await first.memory.addAssistantMessage('a', 'after');
    const wiped = await open(memoryStore(), files);
    expect((await wiped.memory.getActiveEntries('a')).map((e) => e.content)).toEqual(['kept', 'after']);
    expect((await wiped.memory.verify('a')).ok).toBe(true);
  });

  it("removes a new session's journal, written while the store committed, when the store refuses its first write", async () => {
    const files = memoryJournalFiles();
    const inner = memoryStore();
    let refuse = true;
    const flaky: StoreAdapter = {
      ...inner,
      write: async (s, b) => {
        // The journal is written while the commit is under way: it must be there before the refusal.
        await Promise.resolve();
        if (refuse) throw new Error('QuotaExceededError');
        return inner.write(s, b);
      },
    };
    const first = await open(flaky, files);
    await expect(first.memory.addUserMessage('a', 'refused')).rejects.toThrow(/Quota/);
    expect(journals(files)).toEqual([]);
    refuse = false;
    await first.memory.addUserMessage('a', 'kept');
    expect(journals(files)).toHaveLength(1);
    const wiped = await open(memoryStore(), files);
    expect(wiped.state.status).toBe('restored');
    expect((await wiped.memory.getActiveEntries('a')).map((e) => e.content)).toEqual(['kept']);
    expect((await wiped.memory.verify('a')).ok).toBe(true);
  });
});

describe('durability option and verify', () => {
  it('refuses a bad durability and a journal where there is no OPFS', async () => {
    await expect(createMemory({ store: 'memory', durability: 'always' as never })).rejects.toThrow(ValidationError);
    await expect(createMemory({ store: 'memory', durability: 'always' as never })).rejects.toThrow(
      /durability: expected 'journal' or 'none'/,
    );
    await expect(createMemory({ store: 'memory', durability: 'journal' })).rejects.toThrow(
      /durability: expected 'none' with the memory store/,
    );
    const m = await createMemory({ store: 'memory', durability: 'none' });
    expect(await m.storageState()).toMatchObject({ durability: 'none', status: 'fresh' });
  });

  it('reports holes, duplicates, dangling summary links and stats that disagree', async () => {
    const inner = memoryStore();
    const m = await createMemory({
      store: inner,
      tokenizer: { count: (t: string) => t.length },
      config: { maxEntries: 6, recentWindow: 2, minEntriesToCompress: 2 },
    });
    await chat(m, 's', 6);
    expect(await m.verify('s')).toMatchObject({ ok: true, exists: true, entries: 12, holes: 0 });
    expect(await m.verify('nobody')).toMatchObject({ ok: true, exists: false, entries: 0 });
    const { meta, summaries } = (await inner.loadSession('s'))!;
    const entries = await inner.loadEntries('s');
    const compressed = entries.find((e) => e.compressed && e.summaryId)!;
    await inner.write('s', {
      meta: { ...meta, version: meta.version + 1 },
      deleteEntryIds: [entries[entries.length - 1]!.id],
      putEntries: [
        { ...compressed, summaryId: 'gone' },
        { ...entries[1]!, id: 'copy' },
      ],
      deleteSummaryIds: [],
    });
    const report = await m.verify('s');
    expect(report.ok).toBe(false);
    expect(report.holes).toBe(1);
    expect(report.duplicateSeqs).toEqual([1]);
    expect(report.danglingSummaryLinks).toEqual([compressed.id]);
    expect(report.statsMismatches.some((s) => s.startsWith('storedTokens'))).toBe(true);
    expect(summaries.length).toBeGreaterThan(0);
  });
});
