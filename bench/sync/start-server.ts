/**
 * Starting the sync bench's server (`server-process.ts`) in a child process of its own, so the
 * load generator and the server do not share an event loop.
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./server-process.ts', import.meta.url));

/** Start the server for `mode` (`pg` with the cluster's `url`, or `pglite`); resolves once it listens. */
export function startServer(mode: string, url?: string): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, mode, ...(url ? [url] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /port (\d+)/.exec(out);
      if (m) ok({ base: `http://127.0.0.1:${m[1]}`, child });
    });
    child.on('exit', (code) => fail(new Error(`server exited (${code})`)));
  });
}
