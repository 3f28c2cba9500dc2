/**
 * Processes of the engine launchers: free ports, polling, and killing a browser's whole process
 * group (browsers fork helpers: renderers, the network and storage processes).
 * @module
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Poll `check` until it resolves true (errors count as false); rejects after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: () => string): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(what());
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGKILL the process group of `child` (started with `detached: true`) and wait for it to exit. */
export async function killGroup(child: ChildProcess | { pid: number; exited: Promise<unknown> }): Promise<void> {
  const exited =
    'exited' in child
      ? child.exited
      : new Promise<void>((resolve) =>
          child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
        );
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // Already gone.
  }
  await exited;
  // The group's other members (renderers, storage processes) die with it; give the kernel a moment.
  await new Promise((r) => setTimeout(r, 150));
}

/**
 * SIGTERM the process group of `child` (Xvfb then removes its display lock), wait until every
 * member has exited or `graceMs` has passed, then SIGKILL what is left.
 */
export async function stopGroup(child: ChildProcess, graceMs = 3_000): Promise<void> {
  const alive = (): boolean => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
    const until = Date.now() + graceMs;
    while (alive() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  }
  await killGroup(child);
}
