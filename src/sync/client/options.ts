/**
 * The `sync` option of `createMemory` / `createWorkerMemory` and the status the sync client
 * reports (`sync:state`). Checked in the page too (for the worker), before anything is cloned.
 * @module
 */
import { ValidationError } from '../../errors.js';
import { isPlainObject } from '../../core/checks/validate.js';
import { safeUrl } from '../../core/checks/safe-url.js';
import { dictionary } from '../../core/checks/dictionary.js';

export type { SyncOptions, SyncStatus } from '../types.js';

/** `SyncOptions` with defaults applied. */
export interface ResolvedSyncOptions {
  url: string;
  headers: Record<string, string>;
  intervalMs: number;
  deviceId: string | undefined;
  timeoutMs: number;
}

const KEYS = ['url', 'headers', 'intervalMs', 'deviceId', 'timeoutMs'] as const;

/** Validate the `sync` option (`undefined`: no sync). Relative URLs resolve against `location`. */
export function checkSyncOptions(value: unknown, field = 'sync'): ResolvedSyncOptions | undefined {
  if (value === undefined) return undefined;
  if (!isPlainObject(value))
    throw new ValidationError(field, 'an object { url, headers?, intervalMs?, deviceId?, timeoutMs? }', value);
  for (const key of Object.keys(value)) {
    if (!(KEYS as readonly string[]).includes(key))
      throw new ValidationError(`${field}.${key}`, `one of the sync options (${KEYS.join(', ')})`, key);
  }
  const url = checkUrl(value.url, `${field}.url`);
  const headers = dictionary<string>();
  if (value.headers !== undefined) {
    if (!isPlainObject(value.headers))
      throw new ValidationError(`${field}.headers`, 'an object of header names to string values', value.headers);
    for (const [name, v] of Object.entries(value.headers)) {
      if (typeof v !== 'string') throw new ValidationError(`${field}.headers.${name}`, 'a string', v);
      headers[name] = v;
    }
  }
  const ms = (v: unknown, f: string, fallback: number, min: number): number => {
    if (v === undefined) return fallback;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min)
      throw new ValidationError(f, `an integer >= ${min} (milliseconds)`, v);
    return v;
  };
  const intervalMs = ms(value.intervalMs, `${field}.intervalMs`, 30_000, 0);
  const timeoutMs = ms(value.timeoutMs, `${field}.timeoutMs`, 30_000, 1);
  let deviceId: string | undefined;
  if (value.deviceId !== undefined) {
    if (typeof value.deviceId !== 'string' || value.deviceId.length === 0 || value.deviceId.length > 200) {
      throw new ValidationError(`${field}.deviceId`, 'a non-empty string of at most 200 characters', value.deviceId);
    }
    deviceId = value.deviceId;
  }
  return { url, headers, intervalMs, deviceId, timeoutMs };
}

function checkUrl(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0)
    throw new ValidationError(field, 'the sync endpoint URL (a non-empty string)', value);
  const base = (globalThis as { location?: { href?: string } }).location?.href;
  let parsed: URL;
  try {
    parsed = new URL(value, base);
  } catch {
    throw new ValidationError(
      field,
      base ? 'a valid URL' : 'an absolute http(s) URL (there is no page to resolve a relative one against)',
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ValidationError(field, 'an http: or https: URL', safeUrl(parsed));
  // fetch refuses such a URL on every request: refused here, once, and the password never shown.
  if (parsed.username !== '' || parsed.password !== '')
    throw new ValidationError(
      field,
      `a URL without user:password@ (fetch refuses to send one; ${safeUrl(parsed)} was given with credentials): ` +
        "put a token in sync.headers instead, e.g. { authorization: 'Bearer …' }",
    );
  return parsed.href;
}
