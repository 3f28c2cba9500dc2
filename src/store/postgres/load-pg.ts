/**
 * node-postgres, loaded for a pool made from a connection string.
 * @module
 */

/** What the store uses of the `pg` module. */
export type PgModule = { default?: { Pool?: unknown; Client?: unknown }; Pool?: unknown; Client?: unknown };

/**
 * Load `pg` (an optional peer dependency) with `require`. As it loads, node-postgres asks
 * whether it runs in a Cloudflare Worker: where there is no `navigator` (Node 20) it makes a
 * `Response`, and Node 20 loads its whole fetch implementation (undici) for that one object,
 * 20 ms of CPU, an eighth of a server's cold start to its first turn. Where `Response` is still
 * Node's lazy global, it reads `undefined` during the `require` (synchronous: no other code runs
 * meanwhile) and is put back right after; pg then takes Node's sockets, as it would have. In a
 * Worker (`navigator.userAgent` set) or on Node 21+, or once fetch is loaded, nothing is hidden.
 * @throws what `require` threw (the package is missing).
 */
export async function loadPg(): Promise<PgModule> {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const lazy = Object.getOwnPropertyDescriptor(globalThis, 'Response');
  const hide = !('navigator' in globalThis) && lazy?.get !== undefined && lazy.configurable === true;
  if (hide) Object.defineProperty(globalThis, 'Response', { value: undefined, configurable: true, writable: true });
  try {
    return require('pg') as PgModule;
  } finally {
    if (hide) Object.defineProperty(globalThis, 'Response', lazy);
  }
}
