#!/usr/bin/env node
/**
 * `npm run demo`: runs `vite demo` (with any extra arguments) and makes sure it stops with
 * npm. npm runs scripts through a shell that does not pass a stop signal on to its child, so
 * a bare `vite demo` kept serving after `npm run demo` was stopped. Here Vite is stopped when
 * this process is asked to stop (SIGINT, SIGTERM, SIGHUP) and when its parent goes away.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
const child = spawn(process.execPath, [vite, 'demo', ...process.argv.slice(2)], { stdio: 'inherit' });
const parent = process.ppid;

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  child.kill(signal);
  // Vite closes its server on SIGTERM; a child that hangs is ended anyway.
  setTimeout(() => child.kill('SIGKILL'), 5000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => stop(signal === 'SIGHUP' ? 'SIGTERM' : signal));
// Orphaned (npm and its shell were killed): the parent id changes.
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 500).unref();

child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
