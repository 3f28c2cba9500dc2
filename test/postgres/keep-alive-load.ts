/**
 * Load through keep-alive connections (node:http's `Agent` with `keepAlive`), as a browser or
 * a proxy in front of the README server sends it: each connection carries request after
 * request, so a shutdown must close connections that are never idle for long. Shared by the
 * shutdown test and the timeouts bench.
 */
import http from 'node:http';

/** One turn answered 200, and when (ms since the load started). */
export interface AnsweredTurn {
  user: string;
  chat: string;
  message: string;
  reply: string;
  at: number;
}

/** What a keep-alive load saw. */
export interface KeepAliveResult {
  acked: AnsweredTurn[];
  /** Requests answered otherwise, or refused, or cut. */
  failed: number;
  /** Statuses other than 200, by status. */
  statuses: Map<number, number>;
}

/** POST one turn through `agent`; resolves the status and body (or throws when the connection failed). */
function post(agent: http.Agent, port: number, user: string, chat: string, message: string): Promise<[number, string]> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/?chat=${chat}`,
        agent,
        headers: { 'x-user-id': user, 'content-type': 'application/json' },
        timeout: 30_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve([res.statusCode ?? 0, body]));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(JSON.stringify({ message }));
  });
}

/**
 * Send turns of `users` random users, `inFlight` at a time over at most `inFlight` keep-alive
 * connections, until `stop()`. Each message names its user and a unique number.
 */
export async function keepAliveLoad(
  port: number,
  users: number,
  inFlight: number,
  stop: () => boolean,
  out: KeepAliveResult,
): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
  const start = performance.now();
  let n = 0;
  try {
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (!stop()) {
          const u = Math.floor(Math.random() * users);
          const user = `user-${u}`;
          const chat = `chat-${u % 3}`;
          const message = `${user} says ${n++}`;
          try {
            const [status, body] = await post(agent, port, user, chat, message);
            if (status === 200) {
              const { reply } = JSON.parse(body) as { reply: string };
              out.acked.push({ user, chat, message, reply, at: performance.now() - start });
              continue;
            }
            out.statuses.set(status, (out.statuses.get(status) ?? 0) + 1);
          } catch {
            // Refused or cut: counted, and tried again shortly.
          }
          out.failed++;
          await new Promise((r) => setTimeout(r, 20));
        }
      }),
    );
  } finally {
    agent.destroy();
  }
}
