/**
 * A throwaway PostgreSQL cluster for tests and benches: `initdb` + `pg_ctl` in a temp dir,
 * listening only on a Unix socket in that dir. As root (initdb refuses root) the server runs
 * as the `postgres` user through `runuser`, on a dir handed to that user.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
  /** Stop the server (fast shutdown), keeping its files: `start()` brings it back. */
  down(): void;
  /** Kill the postmaster with SIGKILL (its backends die with it), keeping its files. */
  kill(): void;
  /** Start the server again after `down()` or `kill()` (crash recovery replays the WAL). */
  start(): void;
  /**
   * Freeze the server with SIGSTOP (the postmaster and every backend): it still accepts TCP
   * connections in the kernel's backlog and answers nothing, as a hung or overloaded server.
   */
  pause(): void;
  /** Let a paused server go on (SIGCONT): what it was sent meanwhile runs now. */
  resume(): void;
}

/** The postmaster of `data` and its children (backends, background workers), from /proc. */
function serverPids(data: string): number[] {
  const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false; // it ended meanwhile
      }
    })
    .map(Number);
  return [postmaster, ...children];
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
  // Frozen by pause(): woken before any stop, or they would stay frozen for good.
  let paused: number[] = [];
  const signal = (pids: number[], name: NodeJS.Signals): void => {
    for (const pid of pids) {
      try {
        process.kill(pid, name);
      } catch {
        // It ended meanwhile.
      }
    }
  };
  const stop = (): void => {
    signal(paused.splice(0), 'SIGCONT');
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
  const options = `-c listen_addresses='' -c unix_socket_directories='${dir}' -c fsync=off -c max_connections=200 -c shared_buffers=64MB`;
  const start = (): void => {
    // After a SIGKILL the old backends may hold the shared memory a moment longer: try again
    // (for up to a minute: these waits block the thread, so they are bounded, and generously).
    for (let attempt = 0; ; attempt++) {
      try {
        run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', 'start']);
        break;
      } catch (error) {
        if (attempt >= 300) throw error;
        execFileSync('sleep', ['0.2']);
      }
    }
    started = true;
  };
  const down = (): void => {
    run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    started = false;
  };
  const kill = (): void => {
    const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGKILL');
    // Wait until it is gone, and its backends with it (they exit once they see the postmaster die).
    for (let i = 0; i < 1200; i++) {
      try {
        process.kill(pid, 0);
      } catch {
        break;
      }
      execFileSync('sleep', ['0.05']);
    }
    started = false;
  };
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    start();
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
  return {
    dir,
    url: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`,
    stop,
    down,
    kill,
    start,
    pause() {
      // The postmaster first, so it forks no backend that would escape the freeze.
      const pids = serverPids(data);
      signal(pids.slice(0, 1), 'SIGSTOP');
      paused = serverPids(data);
      signal(paused, 'SIGSTOP');
    },
    resume() {
      signal(paused.splice(0), 'SIGCONT');
    },
  };
}
