/**
 * A TCP gate between one browser device and the sync server: it can cut the device off (every
 * connection refused and open ones destroyed, as when the network drops) and hold answers
 * back (so the device's request times out after the server applied it).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Gate {
  url: string;
  /** Refuse and drop connections (true) or let them through (false). */
  setOffline(offline: boolean): void;
  /** Hold the server's answers back (never delivered) or deliver them again; requests go through at once. */
  holdAnswers(hold: boolean): void;
  /** Answers the server has sent through this gate (held ones included). */
  readonly answers: number;
  /** The server's port (after it restarted elsewhere). */
  setTarget(port: number): void;
  /** Called with 1, 2, … as each request from the device arrives (its first bytes). */
  onRequest: ((n: number) => void) | undefined;
  close(): Promise<void>;
}

export async function startGate(targetPort: number): Promise<Gate> {
  let target = targetPort;
  let offline = false;
  let holding = false;
  let requests = 0;
  let answers = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (offline) {
      client.destroy();
      return;
    }
    const upstream = connect(target, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.on('data', (chunk: Buffer) => {
      if (chunk.subarray(0, 5).toString() === 'POST ') gate.onRequest?.(++requests);
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (chunk.subarray(0, 5).toString() === 'HTTP/') answers++;
      if (!holding) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const gate: Gate = {
    onRequest: undefined,
    url: `http://127.0.0.1:${port}/sync`,
    setOffline(value) {
      offline = value;
      if (value) for (const s of sockets) s.destroy();
    },
    holdAnswers(hold) {
      holding = hold;
    },
    get answers() {
      return answers;
    },
    setTarget(p) {
      target = p;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return gate;
}
