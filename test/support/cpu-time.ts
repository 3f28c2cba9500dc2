/**
 * How much work a call took, as this process's CPU time (`process.cpuUsage`), not the wall
 * clock: the other processes of a busy machine do not add to it. For ratios that show how work
 * grows with input (linear, not quadratic), never for absolute speed, which `bench/` measures.
 * @module
 */

/** CPU milliseconds (user and system) this process spent in `fn`. */
export async function cpuMs(fn: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await fn();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

/** The median of `rounds` measurements of `make(round)`'s CPU time. */
export async function medianCpuMs(rounds: number, make: (round: number) => () => unknown): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) times.push(await cpuMs(make(round)));
  return times.sort((a, b) => a - b)[rounds >> 1]!;
}
