/**
 * The `LISTEN` connection of a node-postgres pool: one per pool, made again when lost.
 * @module
 */
import type { PgClientLike } from './pg-types.js';
import { answered } from './timeouts.js';

/** The first wait before a lost LISTEN connection is made again, and the longest. */
const RELISTEN_MS = [100, 2000] as const;

/**
 * LISTEN on `channel` over a connection of its own (from `connection`, bounded like every
 * other; the LISTEN statement waits `readTimeout` ms at most), closed when stopped. The stores
 * on a pool share one (their change router listens once per pool), so a server with a store
 * per user holds one LISTEN connection, not one per user. A connection lost (the server restarted, a
 * dropped link) is made again, waiting longer each time it fails; the changes sent meanwhile
 * are not heard, which loses nothing: the stores check the stored version before each read.
 */
export async function listenOn(
  connection: () => Promise<PgClientLike>,
  readTimeout: number,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async (): Promise<void> => {
    const client = await connection();
    let gone = false;
    const drop = (): void => {
      if (gone) return;
      gone = true;
      if (current === drop) current = undefined;
      client.release(true);
    };
    const lost = (): void => {
      if (gone) return;
      drop();
      if (!stopped) again(RELISTEN_MS[0]);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    try {
      await answered(client.query({ text: `LISTEN ${quoteIdent(channel)}` }), readTimeout);
    } catch (error) {
      drop();
      throw error;
    }
    if (stopped) drop();
    else current = drop;
  };
  const again = (wait: number): void => {
    timer = setTimeout(() => {
      timer = undefined;
      if (!stopped) connect().catch(() => again(Math.min(wait * 2, RELISTEN_MS[1])));
    }, wait);
    (timer as { unref?: () => void }).unref?.();
  };

  await connect();
  return async () => {
    if (stopped) return;
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    current?.();
  };
}

/** A channel name as a quoted SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
