/**
 * The source of the journal writer: a small worker the engine's worker starts off the record
 * (from a Blob URL, so it needs no file of its own in the app's bundle) to own the journal's OPFS
 * files there ({@link writerJournalFiles}). It does the synchronous file calls of
 * {@link opfsJournalFiles} on its own thread, so that their IPCs do not block the engine's.
 * Kept as plain JavaScript text: it must run without any import.
 *
 * Protocol: `{ id, op, ...args }` in, `{ id, ok: true, value }` or `{ id, ok: false, error }` out;
 * calls run one after another in arrival order.
 * @module
 */

/** JavaScript of the journal writer worker. */
export const JOURNAL_WRITER_SOURCE = String.raw`'use strict';
let folder = '';
let flushDelayMs = 1000;
let dir;
const handles = new Map();
const unflushed = new Set();
let timer;
const flushAll = () => {
  timer = undefined;
  for (const h of unflushed) {
    try { h.flush(); } catch (e) { /* closed meanwhile */ }
  }
  unflushed.clear();
};
const directory = () => (dir ??= (async () => {
  const root = await navigator.storage.getDirectory();
  const top = await root.getDirectoryHandle('recallkit-journal', { create: true });
  return top.getDirectoryHandle(folder, { create: true });
})());
const openHandle = async (file) => {
  try {
    return await file.createSyncAccessHandle({ mode: 'readwrite-unsafe' });
  } catch (e) {
    return file.createSyncAccessHandle();
  }
};
const handle = (name) => {
  let h = handles.get(name);
  if (!h) {
    h = (async () => openHandle(await (await directory()).getFileHandle(name, { create: true })))();
    h.catch(() => handles.delete(name));
    handles.set(name, h);
  }
  return h;
};
const release = async (name) => {
  const h = handles.get(name);
  handles.delete(name);
  const opened = h && (await h.catch(() => undefined));
  if (opened && unflushed.delete(opened)) opened.flush();
  if (opened) opened.close();
};
const readRange = (h, from, length) => {
  const out = new Uint8Array(Math.max(0, length));
  let done = 0;
  while (done < out.length) {
    const n = h.read(out.subarray(done), { at: from + done });
    if (n <= 0) break;
    done += n;
  }
  return out.subarray(0, done);
};
const writeAll = (h, bytes, at) => {
  let done = 0;
  while (done < bytes.length) {
    const n = h.write(bytes.subarray(done), { at: at + done });
    if (n <= 0) throw new Error('OPFS journal: wrote ' + done + ' of ' + bytes.length + ' bytes');
    done += n;
  }
};
const ops = {
  async init(m) {
    folder = m.folder;
    flushDelayMs = m.flushDelayMs;
    await directory();
  },
  async list() {
    const names = [];
    for await (const name of (await directory()).keys()) names.push(name);
    return names;
  },
  async read(m) {
    const h = await handle(m.name);
    return readRange(h, 0, h.getSize());
  },
  async size(m) {
    return (await handle(m.name)).getSize();
  },
  async readAt(m) {
    const h = await handle(m.name);
    return readRange(h, m.at, Math.min(m.length, h.getSize() - m.at));
  },
  async append(m) {
    const h = await handle(m.name);
    writeAll(h, m.bytes, h.getSize());
    if (flushDelayMs <= 0) h.flush();
    else {
      unflushed.add(h);
      timer ??= setTimeout(flushAll, flushDelayMs);
    }
  },
  async truncate(m) {
    const h = await handle(m.name);
    h.truncate(m.size);
    h.flush();
  },
  async write(m) {
    const h = await handle(m.name);
    h.truncate(0);
    writeAll(h, m.bytes, 0);
    h.flush();
  },
  async remove(m) {
    await release(m.name);
    await (await directory()).removeEntry(m.name).catch((e) => {
      if (!e || e.name !== 'NotFoundError') throw e;
    });
  },
  async close() {
    if (timer !== undefined) clearTimeout(timer);
    flushAll();
    await Promise.all([...handles.keys()].map(release));
  },
};
let chain = Promise.resolve();
onmessage = (event) => {
  const m = event.data;
  chain = chain.then(async () => {
    try {
      const value = await ops[m.op](m);
      postMessage({ id: m.id, ok: true, value });
    } catch (e) {
      const error = { name: (e && e.name) || 'Error', message: String((e && e.message) || e) };
      postMessage({ id: m.id, ok: false, error });
    }
  });
};
`;
