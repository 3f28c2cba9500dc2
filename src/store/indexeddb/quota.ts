/**
 * Storage quota and persistence: how much this origin uses, and asking the browser not to
 * evict it under storage pressure.
 * @module
 */
import { StoreError } from '../../errors.js';

/** Storage use as `StoreAdapter.estimate()` reports it. */
export interface StorageEstimateResult {
  /** Bytes this origin uses (every database and cache, not only RecallKit's). */
  usage: number;
  /** Bytes this origin may use. */
  quota: number;
  /** The browser promised not to evict this origin's storage. */
  persisted: boolean;
}

/** True for a quota failure: the DOMException (or RecallKit error) named `QuotaExceededError`. */
export function isQuotaError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'QuotaExceededError';
}

function storageManager(): StorageManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

/** True when `navigator.storage.estimate()` exists (browsers, workers included; not Node). */
export function canEstimateStorage(): boolean {
  return typeof storageManager()?.estimate === 'function';
}

/** `navigator.storage.estimate()` and `persisted()`, with missing figures as 0 / false. */
export async function estimateStorage(): Promise<StorageEstimateResult> {
  const storage = storageManager();
  if (typeof storage?.estimate !== 'function') {
    throw new StoreError('estimate: navigator.storage.estimate() is not available here');
  }
  const [estimate, persisted] = await Promise.all([
    storage.estimate(),
    typeof storage.persisted === 'function' ? storage.persisted() : Promise.resolve(false),
  ]);
  return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0, persisted };
}

/**
 * Ask the browser to keep this origin's storage when the disk runs low
 * (`navigator.storage.persist()`). Browsers may decide silently (Chromium) or ask the user
 * (Firefox). Call it from the page: workers cannot ask.
 * @returns true when storage is persistent (already, or now), false when the browser declined.
 * @throws StoreError when the API is missing (Node, a Web Worker) or fails.
 * @example
 * if (!(await requestPersistence())) console.warn('history may be evicted under storage pressure');
 */
export async function requestPersistence(): Promise<boolean> {
  const storage = storageManager();
  if (typeof storage?.persist !== 'function') {
    throw new StoreError(
      'requestPersistence: navigator.storage.persist() is not available here ' +
        '(Node, a Web Worker: call it from the page, ' +
        "or a browser without the Storage API such as WebKitGTK's MiniBrowser by default)",
    );
  }
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
    return await storage.persist();
  } catch (error) {
    throw new StoreError(`requestPersistence: navigator.storage.persist() failed: ${String(error)}`, { cause: error });
  }
}
