/**
 * Child process of `npm run bench:sync:server`: the sync server alone in its process, so its CPU
 * time and RSS are not mixed with the load generator's. `node --import tsx server-process.ts
 * <pg|pglite|echo> [connectionString]`; prints `port <n>`. `POST /stats` answers this process's
 * CPU time and memory. `echo` is the floor: the same HTTP server parsing the JSON body and
 * answering an empty round, with no database.
 * @module
 */
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { syncHandler, toNodeListener } from 'recallkit/postgres';

const [mode, url] = process.argv.slice(2);
/** `Bearer <user>`: the bench's users are their own tokens (no lookup, so auth costs nothing here). */
const authorize = (req: Request): string | undefined =>
  /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '')?.[1];

const echo = async (req: Request): Promise<Response> => {
  if (!authorize(req)) return new Response('{"error":"unauthorized"}', { status: 401 });
  const body = (await req.json()) as { ops: { opId: string }[]; cursor: string };
  const results = body.ops.map((o) => ({ opId: o.opId, status: 'applied', seq: '1' }));
  return new Response(JSON.stringify({ v: 1, results, ops: [], cursor: body.cursor, more: false }), {
    headers: { 'content-type': 'application/json' },
  });
};
const handler =
  mode === 'echo'
    ? echo
    : mode === 'pglite'
      ? syncHandler({ pglite: url ?? 'memory://', authorize })
      : syncHandler({ connectionString: url!, maxConnections: 10, authorize });
const listener = toNodeListener(handler);

// The longest the event loop was held between two /stats calls (every request waits that long at worst).
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();

const server = createServer((req, res) => {
  if (req.url === '/stats') {
    const mem = process.memoryUsage();
    const loopMaxMs = loop.max / 1e6;
    loop.reset();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        cpu: process.cpuUsage(),
        rss: mem.rss,
        heap: mem.heapUsed,
        maxRss: process.resourceUsage().maxRSS * 1024,
        loopMaxMs,
      }),
    );
    return;
  }
  listener(req, res);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(`port ${(server.address() as AddressInfo).port}`));
