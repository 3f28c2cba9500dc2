/**
 * A stable hash for fact record ids and forgotten-value keys: deterministic on every device,
 * with no platform crypto (records are made synchronously in the engine and in the worker).
 * @module
 */

/** One 53-bit lane (cyrb53). */
function lane(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * 22 base-36 digits from two independent 53-bit lanes (about 106 bits): two different texts
 * share a hash with negligible odds in any one memory.
 * @example
 * factHash('city\u0000berlin'); // '0u9…' (always the same)
 */
export function factHash(text: string): string {
  return lane(text, 1).toString(36).padStart(11, '0') + lane(text, 2).toString(36).padStart(11, '0');
}
