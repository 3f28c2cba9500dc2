/**
 * Where journal files live: the Origin Private File System in a browser ({@link opfsJournalFiles}),
 * or a Map for tests and hosts without one ({@link memoryJournalFiles}).
 * @module
 */

/** A flat directory of journal files. Every method resolves once the bytes are durable. */
export interface JournalFiles {
  /** `opfs` or `memory`. */
  readonly kind: string;
  /** Names of every file. */
  list(): Promise<string[]>;
  /** A file's bytes (empty when absent). */
  read(name: string): Promise<Uint8Array>;
  /** A file's size in bytes (0 when absent). */
  size(name: string): Promise<number>;
  /** `length` bytes from `at` (fewer at the end of the file). */
  readAt(name: string, at: number, length: number): Promise<Uint8Array>;
  /** Append bytes, creating the file when absent. */
  append(name: string, bytes: Uint8Array): Promise<void>;
  /** Cut a file to `size` bytes (a torn tail). */
  truncate(name: string, size: number): Promise<void>;
  /** Create or overwrite a whole file. */
  write(name: string, bytes: Uint8Array): Promise<void>;
  remove(name: string): Promise<void>;
  /**
   * Create `name` (empty when absent) and hold it open for this thread alone, so that a later
   * `write` to it does not wait for a file to be created and opened. Resolves false when it
   * cannot be held alone here (another tab holds it, or the engine's handles are shared between
   * tabs). Absent: no file is made ahead.
   */
  hold?(name: string): Promise<boolean>;
  /** Release open handles. */
  close(): Promise<void>;
}

/** `parts` joined into one array of bytes. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Journal files in this thread's memory: for tests (a simulated OPFS that outlives a wiped
 * store) and to exercise the journal where there is no OPFS.
 */
export function memoryJournalFiles(
  files: Map<string, Uint8Array> = new Map(),
): JournalFiles & { files: Map<string, Uint8Array> } {
  return {
    kind: 'memory',
    files,
    async list() {
      return [...files.keys()];
    },
    async read(name) {
      return (files.get(name) ?? new Uint8Array()).slice();
    },
    async size(name) {
      return files.get(name)?.length ?? 0;
    },
    async readAt(name, at, length) {
      return (files.get(name) ?? new Uint8Array()).slice(at, at + length);
    },
    async append(name, bytes) {
      files.set(name, concatBytes([files.get(name) ?? new Uint8Array(), bytes]));
    },
    async truncate(name, size) {
      const f = files.get(name);
      if (f) files.set(name, f.slice(0, size));
    },
    async write(name, bytes) {
      files.set(name, bytes.slice());
    },
    async remove(name) {
      files.delete(name);
    },
    async hold(name) {
      if (!files.has(name)) files.set(name, new Uint8Array());
      return true;
    },
    async close() {},
  };
}
