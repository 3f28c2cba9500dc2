import { describe, expect, it } from 'vitest';
import { memoryJournalFiles } from '../../src/store/journal/files.js';
import { decodeFrames } from '../../src/store/journal/frame.js';
import { fileName, sessionJournal } from '../../src/store/journal/session-journal.js';
import type { JournalRecord, SessionState } from '../../src/store/journal/session-state.js';
import { foldRecords } from '../../src/store/journal/session-state.js';
import { makeEntry, makeMeta } from '../support/store-conformance.js';

const COMPACT = 4096;

/** Memory files whose `hold` (opening a file ahead) resolves only when `open()` is called. */
function slowHoldFiles() {
  const files = memoryJournalFiles();
  const waiting: (() => void)[] = [];
  const hold = files.hold!.bind(files);
  files.hold = (name) => new Promise<boolean>((resolve) => waiting.push(() => void hold(name).then(resolve)));
  return {
    files,
    open: async () => {
      for (const release of waiting.splice(0)) release();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

const state = (sessionId: string): SessionState => ({
  meta: makeMeta(sessionId, 1),
  entries: new Map(),
  summaries: new Map(),
  aux: new Map(),
});

/** Append batches of one entry (versions from `from`) until the file passes `bytes`; the last version. */
async function appendUntil(
  journal: ReturnType<typeof sessionJournal>,
  sessionId: string,
  from: number,
  bytes: number,
  files: ReturnType<typeof memoryJournalFiles>,
): Promise<number> {
  let version = from;
  const size = () =>
    [...files.files].filter(([n]) => n.startsWith(`s-${sessionId}.`)).reduce((s, [, b]) => s + b.length, 0);
  while (size() <= bytes) {
    const record: JournalRecord = {
      t: 'batch',
      batch: { meta: makeMeta(sessionId, version), putEntries: [makeEntry(sessionId, version)] },
    };
    await journal.append(sessionId, record);
    await journal.compactIfDue(sessionId);
    version++;
  }
  return version - 1;
}

/** The session's state folded from the newest of its files. */
function folded(files: ReturnType<typeof memoryJournalFiles>, sessionId: string) {
  const names = [...files.files.keys()].filter((n) => n.startsWith(`s-${sessionId}.`)).sort();
  return foldRecords(decodeFrames(files.files.get(names[names.length - 1]!)!).records).state;
}

describe('session journal: compaction waits on no file being opened', () => {
  it("opens the next generation's file half way to compaction, and compacts into it once it is open", async () => {
    const { files, open } = slowHoldFiles();
    const journal = sessionJournal(files, { compactBytes: COMPACT });
    await journal.snapshot('s', state('s'));
    let last = await appendUntil(journal, 's', 2, COMPACT / 2, files);
    // Half way: the next generation's file is being opened, nothing written to it yet.
    last = await appendUntil(journal, 's', last + 1, COMPACT + 200, files);
    expect(files.files.has(fileName('s', 2))).toBe(false);
    // Due, but the file is not open yet: the writes went on into the first generation.
    expect(files.files.has(fileName('s', 1))).toBe(true);
    await open();
    expect(files.files.get(fileName('s', 2))).toEqual(new Uint8Array());
    // The next due write compacts into it, and the first generation goes.
    last = await appendUntil(journal, 's', last + 1, 0, files);
    await journal.compactIfDue('s');
    expect(files.files.has(fileName('s', 1))).toBe(false);
    expect(folded(files, 's')!.meta.version).toBe(last);
    expect(folded(files, 's')!.entries.size).toBe(last - 1);
  });

  it('an empty newer generation found on open is kept for the next compaction; the session reads from the one before', async () => {
    const files = memoryJournalFiles();
    const first = sessionJournal(files, { compactBytes: COMPACT });
    await first.snapshot('s', state('s'));
    const last = await appendUntil(first, 's', 2, COMPACT * 0.6, files);
    // A reload without close: the prepared file stays on disk, empty.
    expect(files.files.get(fileName('s', 2))).toEqual(new Uint8Array());
    const second = sessionJournal(files, { compactBytes: COMPACT });
    const [scanned] = await second.scan();
    expect(scanned).toEqual({ sessionId: 's', tip: { version: last, updatedAt: makeMeta('s', last).updatedAt } });
    // Until the first generation is compacted away (its base is a guess until loaded: later than COMPACT).
    let version = last + 1;
    for (; files.files.has(fileName('s', 1)) && version < 1000; version++) {
      await second.append('s', {
        t: 'batch',
        batch: { meta: makeMeta('s', version), putEntries: [makeEntry('s', version)] },
      });
      await second.compactIfDue('s');
    }
    expect([...files.files.keys()].filter((n) => n.startsWith('s-s.'))).toEqual([fileName('s', 2)]);
    expect(folded(files, 's')!.meta.version).toBeGreaterThan(last);
  });

  it('a removed session or a closed journal leaves no prepared file behind', async () => {
    const files = memoryJournalFiles();
    const journal = sessionJournal(files, { compactBytes: COMPACT });
    await journal.snapshot('a', state('a'));
    await journal.snapshot('b', state('b'));
    await appendUntil(journal, 'a', 2, COMPACT * 0.6, files);
    await appendUntil(journal, 'b', 2, COMPACT * 0.6, files);
    expect(files.files.has(fileName('a', 2))).toBe(true);
    await journal.remove('a');
    expect([...files.files.keys()].filter((n) => n.startsWith('s-a.'))).toEqual([]);
    await journal.close();
    expect([...files.files.keys()]).toEqual([fileName('b', 1)]);
  });
});
