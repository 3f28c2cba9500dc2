/**
 * CPU time of a throwaway cluster's server processes, for benches that report what a request
 * costs PostgreSQL as well as Node (Linux /proc).
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The postmaster's pid of the cluster in `dir` (`startCluster().dir`). */
export function postmasterOf(dir: string): number {
  return Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** CPU time (ms) used so far by the cluster's server processes (the postmaster, its backends, those that ended). */
export function serverCpuMs(postmaster: number): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pid) === postmaster || Number(fields[1]) === postmaster)
        ticks += Number(fields[11]) + Number(fields[12]);
      // Backends that ended (a pool closes idle connections) are counted in the postmaster's children time.
      if (Number(pid) === postmaster) ticks += Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}
