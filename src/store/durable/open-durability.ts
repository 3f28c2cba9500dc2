/**
 * The `durability` option: validated, then the store opened with or without its journal.
 * @module
 */
import type { StoreAdapter } from '../../types.js';
import type { Durability, StorageState } from './durability-types.js';
import { ValidationError } from '../../errors.js';
import { durableStore, type DurableStore } from './durable-store.js';
import { OpfsRefusedError, opfsJournalUnavailable } from '../journal/opfs-files.js';
import { writerJournalFiles } from '../journal/writer-files.js';
import { sessionJournal } from '../journal/session-journal.js';
import type { JournalFiles } from '../journal/files.js';

/** The opened store and a reader of what the open found. */
export interface OpenedStore {
  store: StoreAdapter;
  state: () => StorageState;
}

/**
 * Validate `durability` for `store`, open the store (and its journal), restore what the journal
 * holds and the store lost. `files` replaces the OPFS (tests). Without `probe` (and without a
 * journal), the store is not read now: its status says `'intact'` unread.
 */
export async function openDurability(
  store: StoreAdapter,
  durability: unknown,
  dbName: string,
  files?: JournalFiles,
  probe = true,
): Promise<OpenedStore> {
  if (durability !== undefined && durability !== 'journal' && durability !== 'none') {
    throw new ValidationError('durability', "'journal' or 'none'", durability);
  }
  if (isDurable(store)) {
    // Wrapped by the app itself: use its journal and what its open found.
    if (!store.opened) await store.open();
    return { store, state: () => store.state() };
  }
  const noOpfs = files === undefined ? opfsJournalUnavailable() : undefined;
  let unavailable: string | undefined;
  if (store.kind === 'memory')
    unavailable = 'the memory store lives and dies with this engine: there is nothing to keep';
  else if (noOpfs) unavailable = noOpfs;
  else if (store.kind !== 'indexeddb' && durability === undefined)
    unavailable = "off by default for stores other than IndexedDB (pass durability: 'journal' to keep one)";
  if (durability === 'journal' && unavailable && store.kind === 'memory')
    throw new ValidationError('durability', `'none' with the memory store (${unavailable})`, durability);
  if (durability === 'journal' && noOpfs) throw new ValidationError('durability', `'none' here: ${noOpfs}`, durability);
  const chosen: Durability = durability === 'none' || unavailable ? 'none' : 'journal';

  if (chosen === 'journal') {
    const writer = files ? undefined : writerJournalFiles({ folder: encodeURIComponent(dbName) });
    const durable = durableStore(store, sessionJournal(files ?? writer!));
    // An engine may expose the OPFS and refuse its handles (WebKitGTK): the probe of the files
    // says so, and the journal's open (which then fails on its first file) is set aside.
    const [probed, opened] = await Promise.allSettled([writer?.writes(), durable.open()]);
    const refused =
      probed.status === 'rejected' && probed.reason instanceof OpfsRefusedError ? probed.reason : undefined;
    if (!refused) {
      if (probed.status === 'rejected') throw probed.reason;
      if (opened.status === 'rejected') throw opened.reason;
      const journalWrites = probed.value;
      return { store: durable, state: () => ({ ...durable.state(), ...(journalWrites ? { journalWrites } : {}) }) };
    }
    await writer?.close().catch(() => undefined);
    if (durability === 'journal')
      throw new ValidationError('durability', `'none' here: ${refused.message}`, durability);
    unavailable = refused.message;
  }
  // Opening means the database is reachable now, not at the first call.
  const had = !probe || (await store.listSessions()).length > 0;
  const state: StorageState = {
    durability: 'none',
    status: had ? 'intact' : 'fresh',
    restoredSessions: [],
    lostSessions: [],
    repairedJournals: 0,
    journalBytes: 0,
  };
  if (durability === undefined && unavailable) state.journalUnavailable = unavailable;
  else if (durability === 'none') state.journalUnavailable = "durability: 'none' was asked for";
  return { store, state: () => ({ ...state }) };
}

function isDurable(store: StoreAdapter): store is DurableStore {
  const s = store as Partial<DurableStore>;
  return typeof s.open === 'function' && typeof s.state === 'function' && typeof s.opened === 'boolean';
}
