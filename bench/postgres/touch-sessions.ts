/**
 * Child process of `npm run bench:postgres`: opens one memory on the pg server (connection
 * string in argv[2], tenant in argv[3], maxCachedSessions in argv[4]), reads the context of
 * sessions `user-0` … `user-9999`, and prints this process's RSS and heap before and after
 * (after a full GC) as one JSON line. Run alone, so PGlite and the rest of the bench are not
 * counted: `node --expose-gc --import tsx bench/postgres/touch-sessions.ts URL TENANT MAX`.
 * @module
 */
import { createMemory } from 'recallkit';
import { postgresStore } from 'recallkit/postgres';

const [url, tenant, max] = process.argv.slice(2);
if (!url || !tenant || !max) throw new Error('usage: touch-sessions.ts CONNECTION_STRING TENANT MAX_CACHED_SESSIONS');
const gc = (): void => {
  if (!global.gc) throw new Error('touch-sessions.ts needs node --expose-gc');
  global.gc();
};

const memory = await createMemory({
  store: postgresStore({ connectionString: url, tenant }),
  maxCachedSessions: Number(max),
  config: { autoCompress: false },
});
await memory.getContextForLLM('user-0'); // connected and migrated: the pool and schema check are in the baseline
gc();
const before = process.memoryUsage();
for (let s = 0; s < 10_000; s++) await memory.getContextForLLM(`user-${s}`);
gc();
const after = process.memoryUsage();
console.log(
  JSON.stringify({
    rssBefore: before.rss,
    rssAfter: after.rss,
    heapBefore: before.heapUsed,
    heapAfter: after.heapUsed,
  }),
);
await memory.close();
