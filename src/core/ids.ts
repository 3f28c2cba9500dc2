/** A unique id: `crypto.randomUUID()` where available (secure contexts, Node), else a time + random id. */
export function newId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  fallbackCounter = (fallbackCounter + 1) % 0x100000;
  return `${Date.now().toString(36)}-${fallbackCounter.toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

let fallbackCounter = 0;
