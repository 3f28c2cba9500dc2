/**
 * Loading node-postgres for a pool made from a connection string: on Node 20 it does not load
 * Node's fetch implementation (pg's probe for a Cloudflare Worker would, for one `Response`),
 * and the app's `Response` and `pg` are left as they were. Run in a process of its own, where
 * nothing loaded either before.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TSX = createRequire(import.meta.url).resolve('tsx');
const PROBE = fileURLToPath(new URL('./fixtures/load-pg-probe.ts', import.meta.url));

describe('loading pg', () => {
  it('leaves fetch unloaded where pg would load it for its probe, and Response and pg as they were', () => {
    const out = execFileSync(process.execPath, ['--import', TSX, PROBE], { encoding: 'utf8', timeout: 60_000 });
    const seen = JSON.parse(out.trim().split('\n').pop()!) as {
      fetchLoaded: boolean;
      samePool: boolean;
      response: string;
    };
    // Node 21+ has `navigator`: pg asks it instead, and fetch is not loaded either way.
    expect(seen).toEqual({ fetchLoaded: false, samePool: true, response: 'still there' });
  });
});
