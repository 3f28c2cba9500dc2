/**
 * Change notifications of {@link indexedDBStore} across tabs and workers: a BroadcastChannel
 * per database carries `{ sessionId, version }` after each committed write, and this store's
 * own subscribers hear their own realm's writes directly.
 * @module
 */
import { createListeners } from '../listeners.js';

/** What one store uses to tell and hear of changes. */
export interface ChangeChannel {
  subscribe(sessionId: string, onChange: (version: number) => void): () => void;
  /** A write committed: the session's stored version is now `version` (0: deleted). */
  notify(sessionId: string, version: number): void;
  close(): void;
}

interface ChangeMessage {
  sessionId: string;
  version: number;
}

const isChange = (data: unknown): data is ChangeMessage =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as ChangeMessage).sessionId === 'string' &&
  typeof (data as ChangeMessage).version === 'number';

/** Open the channel `recallkit:<dbName>` (a local-only one where BroadcastChannel is missing). */
export function openChangeChannel(dbName: string): ChangeChannel {
  const listeners = createListeners();
  let channel: BroadcastChannel | undefined;
  const ensure = (): BroadcastChannel | undefined => {
    if (channel || typeof BroadcastChannel === 'undefined') return channel;
    channel = new BroadcastChannel(`recallkit:${dbName}`);
    // Node: a channel must not keep the process alive.
    (channel as { unref?: () => void }).unref?.();
    channel.onmessage = (event: MessageEvent) => {
      if (isChange(event.data)) listeners.notify(event.data.sessionId, event.data.version);
    };
    return channel;
  };
  return {
    subscribe(sessionId, onChange) {
      ensure();
      return listeners.add(sessionId, onChange);
    },
    notify(sessionId, version) {
      listeners.notify(sessionId, version);
      ensure()?.postMessage({ sessionId, version } satisfies ChangeMessage);
    },
    close() {
      listeners.clear();
      channel?.close();
      channel = undefined;
    },
  };
}
