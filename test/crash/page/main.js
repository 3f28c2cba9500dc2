/**
 * The crash test's page: the built library (`dist/`, as an app installs it), a worker memory
 * with a slow summarizer (so kills land during compression), an endless append loop that
 * reports each acknowledged entry to the harness, and a check of what survived.
 * Plain JavaScript: it imports `dist/`, which only exists after `npm run build`, so it stays
 * out of `npm run typecheck` (which runs before the build).
 * @module
 */
import { createWorkerMemory } from '../../../dist/index.js';

const DB = 'crash';
const SESSION = 'chat';
/** @type {import('../../../src/memory.js').Memory | undefined} */
let memory;

async function open() {
  memory ??= await createWorkerMemory({
    dbName: DB,
    config: { maxEntries: 24, recentWindow: 4, minEntriesToCompress: 4 },
    summarizer: async (prompt) => {
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 400));
      return `summary of ${prompt.length} characters`;
    },
  });
  return memory;
}

/** What survived: the storage state, every stored entry's content, the integrity report. */
async function check() {
  const m = await open();
  const state = await m.storageState();
  const exported = await m.exportSession(SESSION);
  const report = await m.verify(SESSION);
  const stats = await m.getStats(SESSION);
  return {
    state,
    contents: exported.entries.map((e) => e.content),
    summaries: exported.summaries.length,
    report,
    stats,
  };
}

/** Append until killed, reporting each acknowledged entry to the harness (`recallkitAck`). */
async function run({ round, from }) {
  const m = await open();
  for (let i = from; ; i++) {
    const content = `r${round} m${i} ${'lorem ipsum dolor sit amet '.repeat(1 + (i % 5))}`;
    if (i % 2 === 0) await m.addUserMessage(SESSION, content);
    else await m.addAssistantMessage(SESSION, content);
    await globalThis.recallkitAck?.(content);
  }
}

globalThis.crashTest = { check, run };
document.getElementById('status').textContent = 'ready';
