/** Shared by the sync tests: the handler on a real Node http server on 127.0.0.1, tokens, op builders. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { syncHandler, toNodeListener, type SyncHandler } from '../../src/server/index.js';
import type { SyncConnection, SyncHandlerOptions } from '../../src/sync/server/sync-handler-options.js';
import type { ServerOp, SyncOp, SyncResponse } from '../../src/sync/protocol.js';
import type { MemoryEntry, MemorySummary } from '../../src/types.js';
import { sharedPGlite, sharedPool } from './support.js';

/** A running sync server. */
export interface SyncServer {
  url: string;
  handler: SyncHandler;
  /** token → tenant: `Authorization: Bearer <token>` is the only way in. */
  tokens: Map<string, string>;
  close(): Promise<void>;
}

/** Driver options of the handler, per driver. */
export const SYNC_DRIVERS: [string, () => Promise<SyncConnection>][] = [
  ['pg', async () => ({ pool: sharedPool() })],
  ['PGlite', async () => ({ pglite: await sharedPGlite() })],
];

/** Start the handler on 127.0.0.1 (an ephemeral port). */
export async function startSyncServer(driver: SyncConnection): Promise<SyncServer> {
  const tokens = new Map<string, string>();
  const handler = syncHandler({
    ...driver,
    authorize: (request) => {
      const m = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '');
      return m ? tokens.get(m[1]!) : undefined;
    },
  } as SyncHandlerOptions);
  const server: Server = createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sync`,
    handler,
    tokens,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handler.close();
    },
  };
}

/** One raw POST; `body` is sent as it is when a string. */
export async function post(
  url: string,
  token: string | undefined,
  body: unknown,
  headers: Record<string, string> = {},
  // The answer's JSON body, of whatever shape the test asserts.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; json: any }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

/** One sync round that must succeed. */
export async function round(
  url: string,
  token: string,
  ops: SyncOp[],
  cursor = '0',
  extra: { deviceId?: string; limit?: number } = {},
): Promise<SyncResponse> {
  const { status, json } = await post(url, token, {
    v: 1,
    deviceId: extra.deviceId ?? 'd1',
    ops,
    cursor,
    ...(extra.limit ? { limit: extra.limit } : {}),
  });
  if (status !== 200) throw new Error(`sync round: ${status} ${JSON.stringify(json)}`);
  return json as SyncResponse;
}

/** Pull everything after `cursor` (following `more`). */
export async function pullAll(url: string, token: string, cursor = '0', limit = 500): Promise<ServerOp[]> {
  const out: ServerOp[] = [];
  for (;;) {
    const r = await round(url, token, [], cursor, { limit });
    out.push(...r.ops);
    cursor = r.cursor;
    if (!r.more) return out;
  }
}

let n = 0;
const T = '2026-01-01T00:00:00.000Z';
/** An entry op (provisional seq/interaction 0). */
export function entryOp(sessionId: string, id = `e${n++}`, over: Partial<MemoryEntry> = {}): SyncOp {
  const entry: MemoryEntry = {
    id,
    sessionId,
    seq: 0,
    interaction: 0,
    type: 'message',
    role: 'user',
    content: `text of ${id}`,
    timestamp: T,
    tokenCount: 3,
    compressed: false,
    ...over,
  };
  return { opId: id, sessionId, kind: 'entry', entry };
}
/** A compact op with a summary of `entryIds`. */
export function compactOp(sessionId: string, summaryId: string, entryIds: string[]): SyncOp {
  const summary: MemorySummary = {
    id: summaryId,
    sessionId,
    content: `summary ${summaryId}`,
    originalEntryIds: entryIds,
    tokenCount: 2,
    originalTokenCount: 3 * entryIds.length,
    compressionRatio: 1.5 * entryIds.length,
    createdAt: T,
    timeRange: { start: T, end: T },
  };
  return { opId: summaryId, sessionId, kind: 'compact', summary, entryIds };
}
export const eraseOp = (sessionId: string, opId: string, entryIds: string[]): SyncOp => ({
  opId,
  sessionId,
  kind: 'erase',
  entryIds,
});
export const clearOp = (sessionId: string, opId: string): SyncOp => ({ opId, sessionId, kind: 'clear' });
export const dropOp = (sessionId: string, opId: string, summaryId: string): SyncOp => ({
  opId,
  sessionId,
  kind: 'drop-summary',
  summaryId,
});
