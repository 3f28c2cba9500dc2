/**
 * Whether an add's journal write costs less beside its transaction when another thread writes it
 * (#36): `overlap-worker.ts` times, in rounds that take turns, the transaction alone, with the
 * frame written on its own thread (RecallKit's order: requests, write, commit once the version
 * read is in), with the frame written on a second worker (`overlap-writer.ts`, awaited), the
 * write alone and a raw put. Ms per write, each round's mean.
 * @module
 */
const RUNS = [
  'raw put',
  'tx',
  'tx + write here',
  'write, then tx',
  'tx, write after commit',
  'tx + overwrite here (the file does not grow)',
  'tx + write on a 2nd worker',
  'write only',
];

function ask(worker: Worker, message: unknown, transfer: Transferable[] = []): Promise<unknown> {
  return new Promise((resolve) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.postMessage(message, transfer);
  });
}

export async function journalOverlap(options: { n: number; rounds: number; dbName: string }) {
  const main = new Worker(new URL('./overlap-worker.ts', import.meta.url), { type: 'module' });
  const writer = new Worker(new URL('./overlap-writer.ts', import.meta.url), { type: 'module' });
  const channel = new MessageChannel();
  await ask(writer, { port: channel.port2 }, [channel.port2]);
  await ask(main, { port: channel.port1 }, [channel.port1]);
  const meta = {
    sessionId: 's',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    version: 1,
    nextSeq: 1,
    interactionCount: 1,
    totalEntries: 1,
    compressedEntries: 0,
    storedTokens: 40,
    compressedTokens: 0,
    erasedEntries: 0,
    strategyState: {},
    recallSeq: 0,
  };
  const entry = {
    sessionId: 's',
    active: 1,
    entry: {
      sessionId: 's',
      interaction: 1,
      type: 'message',
      role: 'user',
      content: 'x'.repeat(200),
      timestamp: new Date().toISOString(),
      tokenCount: 40,
      compressed: false,
    },
  };
  const means: Record<string, number[]> = Object.fromEntries(RUNS.map((r) => [r, []]));
  for (let r = 0; r < options.rounds; r++) {
    for (let k = 0; k < RUNS.length; k++) {
      const run = RUNS[(k + r) % RUNS.length]!;
      const ms = await ask(main, { run, n: options.n, dbName: `${options.dbName}-${r}-${k}`, meta, entry });
      means[run]!.push(ms as number);
    }
  }
  main.terminate();
  writer.terminate();
  return { means, sizes: { meta: JSON.stringify(meta).length, entry: JSON.stringify(entry).length } };
}
