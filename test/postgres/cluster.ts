/**
 * A throwaway PostgreSQL cluster for tests and benches: `initdb` + `pg_ctl` in a temp dir,
 * listening only on a Unix socket in that dir. As root (initdb refuses root) the server runs
 * as the `postgres` user through `runuser`, on a dir handed to that user.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running cluster. */
export interface Cluster {
  /** The socket directory (also the data dir's parent). */
  dir: string;
  /** node-postgres connection string over the socket, as the superuser `postgres`. */
  url: string;
  /** Stop the server and delete its files. Safe to call twice. */
  stop(): void;
}

/** The PostgreSQL binaries: RECALLKIT_PG_BIN, else the newest /usr/lib/postgresql/<n>/bin. */
export function pgBin(): string {
  if (process.env['RECALLKIT_PG_BIN']) return process.env['RECALLKIT_PG_BIN'];
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest)
    throw new Error(
      'PostgreSQL is not installed: no /usr/lib/postgresql/*/bin/initdb (apt-get install postgresql, or set RECALLKIT_PG_BIN)',
    );
  return join(root, newest, 'bin');
}

/** Start a cluster; the caller must `stop()` it (in a finally or a teardown). */
export function startCluster(): Cluster {
  const bin = pgBin();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'recallkit-pg-'));
  const data = join(dir, 'data');
  // As root: every command runs as `postgres`, which must own the directory.
  const run = (cmd: string, args: string[]): void => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]]
      : [join(bin, cmd), args];
    execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const gid = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  let started = false;
  const stop = (): void => {
    if (started) {
      started = false;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    const options = `-c listen_addresses='' -c unix_socket_directories='${dir}' -c fsync=off -c max_connections=200 -c shared_buffers=64MB`;
    run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', 'start']);
    started = true;
  } catch (error) {
    stop();
    throw error;
  }
  // Never leave a server or its files behind: on exit, and when the run is interrupted.
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      stop();
      process.exit(1);
    });
  }
  return { dir, url: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`, stop };
}
