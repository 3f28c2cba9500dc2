/**
 * The second worker of `overlap.ts`: writes each frame it is sent to a file of its own through a
 * synchronous access handle and answers once the write has returned (as an awaited journal append).
 * @module
 */
interface Sync {
  write(b: Uint8Array, o: { at: number }): number;
}
let at = 0;
const opened = (async () => {
  const root = await navigator.storage.getDirectory();
  const file = await root.getFileHandle('overlap-writer.bin', { create: true });
  return (await (file as unknown as { createSyncAccessHandle(): Promise<Sync> }).createSyncAccessHandle()) as Sync;
})();
self.onmessage = async (event: MessageEvent<{ port: MessagePort }>) => {
  const h = await opened;
  const port = event.data.port;
  port.onmessage = (e: MessageEvent<{ id: number; bytes: Uint8Array }>) => {
    h.write(e.data.bytes, { at });
    at += e.data.bytes.length;
    port.postMessage({ id: e.data.id });
  };
  self.postMessage('ok');
};

export {};
