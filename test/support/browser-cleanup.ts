/**
 * Clean-up for browser test files that share one origin with every other file of the run: each
 * file removes only what it made (its own database names, its own journal directories), and
 * waits for the removal to finish, so nothing it deletes lands while the next file runs.
 * @module
 */

/** The directory in the Origin Private File System that holds the journals (src/store/journal). */
const JOURNAL_DIR = 'recallkit-journal';

/**
 * Delete every IndexedDB database whose name starts with `prefix`, and the journal directory of
 * each, and wait until each delete has finished (or was blocked by a connection still open).
 */
export async function removeDatabases(prefix: string): Promise<void> {
  const names = (await indexedDB.databases()).flatMap(({ name }) => (name?.startsWith(prefix) ? [name] : []));
  await Promise.all(names.map((name) => deleteDatabase(name)));
  await removeJournals(prefix);
}

/** Remove the journal directories of databases whose name starts with `prefix` (and no other). */
export async function removeJournals(prefix: string): Promise<void> {
  // An engine without the OPFS (WebKitGTK's MiniBrowser) has no journals to remove.
  if (typeof navigator.storage?.getDirectory !== 'function') return;
  const root = await navigator.storage.getDirectory();
  const journals = await root.getDirectoryHandle(JOURNAL_DIR).catch(() => undefined);
  if (!journals) return;
  const names: string[] = [];
  for await (const name of (journals as unknown as { keys(): AsyncIterable<string> }).keys()) {
    if (decodeURIComponent(name).startsWith(prefix)) names.push(name);
  }
  // A journal still held open by a worker that did not close is left for the browser to drop.
  await Promise.all(names.map((name) => journals.removeEntry(name, { recursive: true }).catch(() => undefined)));
}

/**
 * Delete one database of `factory` (the window's, or a Storage Bucket's) and wait until the delete
 * has finished, or was blocked by a connection still open (a store not closed): never waits on it.
 */
export function deleteDatabase(name: string, factory: IDBFactory = indexedDB): Promise<void> {
  return new Promise((resolve) => {
    const request = factory.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // An open connection (a test that did not close its store) holds the delete: do not wait on it.
    request.onblocked = () => resolve();
  });
}
