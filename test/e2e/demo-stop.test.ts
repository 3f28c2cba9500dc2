/**
 * `npm run demo` stops whole: stopping npm (SIGTERM, as a process manager or an IDE's stop
 * button does) also stops the Vite server it started, instead of leaving it serving.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { stripVTControlCharacters } from 'node:util';
import { expect, it } from 'vitest';
import { REPO } from '../../bench/browser/user-app.js';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

const stops = {
  // A process manager, an IDE's stop button, `kill <npm pid>`: only npm gets the signal.
  'SIGTERM to npm': (pid: number) => process.kill(pid, 'SIGTERM'),
  // Ctrl-C in a terminal: the whole foreground process group gets SIGINT.
  'Ctrl-C (SIGINT to the process group)': (pid: number) => process.kill(-pid, 'SIGINT'),
};

it.each(Object.entries(stops))(
  'stopping `npm run demo` with %s stops its Vite server',
  async (_name, stop) => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const npm = spawn('npm', ['run', 'demo', '--', '--port', String(port), '--strictPort'], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    npm.stdout.on('data', (d: Buffer) => (output += d.toString()));
    npm.stderr.on('data', (d: Buffer) => (output += d.toString()));
    try {
      await expect.poll(() => answers(url), { interval: 250 }).toBe(true);
      stop(npm.pid!);
      await expect.poll(() => answers(url), { interval: 250 }).toBe(false);
    } finally {
      try {
        process.kill(-npm.pid!, 'SIGKILL'); // whatever is left of the group
      } catch {
        // already gone
      }
    }
    // Vite colours its output where CI is set (picocolors): compare the text without escapes.
    expect(stripVTControlCharacters(output)).toContain(`127.0.0.1:${port}`);
  },
  90_000,
);
