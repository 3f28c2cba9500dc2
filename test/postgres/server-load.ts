/**
 * Drives the README server (fixtures/readme-server.ts) in a child process: random users adding
 * a turn and reading their context, the server killed with SIGKILL and started again under
 * load. Shared by the load test and the bench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const TSX = createRequire(import.meta.url).resolve('tsx');
export const README_SERVER = fileURLToPath(new URL('fixtures/readme-server.ts', import.meta.url));

/** A free TCP port. */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

/** A running server process. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Resident memory of the process now, in bytes (Linux /proc). */
  rss(): number;
  kill(signal: NodeJS.Signals): Promise<void>;
  /** What it wrote to stderr (its log), the last 64 kB. */
  stderr(): string;
  /** Resolves when it exits: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Start the README server (`script`) with `env` in `cwd`; resolves once it answers. A
 * TypeScript script runs under tsx, a JavaScript one (`.mjs`) under node alone.
 */
export async function startServer(
  cwd: string,
  env: Record<string, string>,
  port: number,
  script = README_SERVER,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, script.endsWith('.mjs') ? [script] : ['--import', TSX, script], {
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-65_536)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) =>
    child.once('exit', (code, signal) => ok({ code, signal })),
  );
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr.slice(-4000)}`);
    try {
      // A GET is answered 400 without touching the database: the server listens.
      const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`the server did not start: ${stderr.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    child,
    port,
    rss: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    stderr: () => stderr,
    exited,
  };
}

/** One turn answered 200. */
export interface Turn {
  user: string;
  chat: string;
  message: string;
  reply: string;
}

/** What a load run saw. */
export interface LoadResult {
  acked: Turn[];
  failed: number;
  /** Replies whose context held another user's message (must stay 0). */
  leaks: number;
  latencies: number[];
}

/**
 * Send turns from random users (of `users`; with `distinct`, each of them once) with `concurrency` requests in flight, until
 * `stop()` says so. Each message names its user, so a context holding another's is seen.
 */
export async function load(
  port: () => number,
  users: number,
  concurrency: number,
  stop: () => boolean,
  out: LoadResult,
  seed = { n: 0 },
  distinct = false,
): Promise<void> {
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stop()) {
        // Random users, or (distinct) each user once, in order.
        const u = distinct ? seed.n : Math.floor(Math.random() * users);
        if (distinct && u >= users) return;
        const user = `user-${u}`;
        const chat = `chat-${u % 3}`;
        const message = `${user} says ${seed.n++}`;
        const start = performance.now();
        try {
          const res = await fetch(`http://127.0.0.1:${port()}/?chat=${chat}`, {
            method: 'POST',
            headers: { 'x-user-id': user, 'content-type': 'application/json' },
            body: JSON.stringify({ message }),
            signal: AbortSignal.timeout(30_000),
          });
          const text = await res.text();
          if (res.status !== 200) {
            out.failed++;
            await new Promise((r) => setTimeout(r, 50));
            continue;
          }
          out.latencies.push(performance.now() - start);
          const body = JSON.parse(text) as { reply: string; messages: { content: unknown }[] };
          for (const m of body.messages) {
            const content = String(m.content);
            // The user's own messages and replies, or a summary of them (which quotes them).
            const named = content.match(/user-\d+ says/g) ?? [];
            if (named.some((n) => n !== `${user} says`)) out.leaks++;
          }
          out.acked.push({ user, chat, message, reply: body.reply });
        } catch {
          out.failed++;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    }),
  );
}
