/**
 * The sync client: rounds of push-then-pull against a `syncHandler` endpoint, run in the
 * memory's own thread (the worker, for `createWorkerMemory`). Each round derives the outbox
 * from the store, pushes it, pulls by cursor in batches and rebases every session the pulled
 * ops touch, inside the engine's queue for that session. The cursor is saved only after what
 * it covers is stored. Offline: state `offline`, retried with backoff, at once on `online`.
 * @module
 */
import type { StoreAdapter } from '../../types.js';
import type { EngineHooks } from '../../core/engine-hooks.js';
import type { ServerOp, SyncOp, SyncRequest } from '../protocol.js';
import type { ResolvedSyncOptions, SyncStatus } from './options.js';
import type { DeviceState, DeviceStore } from './device-state.js';
import { isReservedSessionId, isSyncedSessionId } from '../../core/checks/reserved-ids.js';
import { MAX_OP_BYTES, MAX_PUSH_OPS, MAX_REQUEST_IDS, opIdCount } from '../bounds.js';
import { refusedKey, screenOps } from './set-aside.js';
import { CLEARING_KEY } from './sync-store.js';
import { applyToSession, sessionOutbox } from './session-io.js';
import { postRound, SyncError } from './transport.js';
import { duplicateEntries, reusedIdRefusals } from './reused-ids.js';

/** Ops pulled per request. */
const PULL_LIMIT = 1000;
/** A local change is pushed this long after it (changes in a burst share one round). */
const DEBOUNCE_MS = 20;
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 30_000;

/** The running client. */
export interface SyncClient {
  /** Run a round now (after the one running, if any); rejects when it fails. */
  sync(): Promise<void>;
  /** Stop: no new round; the running one is abandoned (its work is idempotent). */
  stop(): Promise<void>;
}

/** What the client needs. */
export interface SyncClientDeps {
  options: ResolvedSyncOptions;
  /** The raw store (not the engine's view of it). */
  store: StoreAdapter;
  device: DeviceStore;
  hooks: EngineHooks;
  fetch: typeof fetch;
  /** Web Locks name: tabs sharing the database run their rounds one at a time. */
  lockName: string;
}

/** Start syncing: a first round at once, then on local changes, every `intervalMs`, and on `online`. */
export function startSyncClient(deps: SyncClientDeps): SyncClient {
  const { options, store, device, hooks } = deps;
  const lifetime = new AbortController();
  let status: SyncStatus = { state: 'idle', pending: 0, cursor: '0' };
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;

  const setStatus = (next: Partial<SyncStatus>): void => {
    status = { ...status, ...next };
    hooks.emit('sync:state', { ...status });
  };

  const schedule = (ms: number): void => {
    if (stopped) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      sync().catch(() => undefined);
    }, ms);
  };

  const sync = (): Promise<void> => {
    if (stopped) return Promise.reject(new SyncError('sync: the memory is closed', false));
    if (!running) return start();
    // One follow-up round serves every call made while a round runs.
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return start();
      });
    return queued;
  };

  const start = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const p = (async () => {
      try {
        await round();
        failures = 0;
        setStatus({ state: 'idle', pending: 0 });
        if (options.intervalMs > 0) schedule(options.intervalMs);
      } catch (error) {
        const err =
          error instanceof SyncError
            ? error
            : new SyncError(`sync: ${error instanceof Error ? error.message : String(error)}`, false, undefined, {
                cause: error,
              });
        failures += 1;
        if (!stopped) {
          setStatus({ state: err.offline ? 'offline' : 'error' });
          hooks.emit('sync:error', err);
          schedule(Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (failures - 1)) * (0.75 + Math.random() / 2));
        }
        throw err;
      }
    })();
    running = p;
    void p
      .catch(() => undefined)
      .finally(() => {
        if (running === p) running = undefined;
      });
    return p;
  };

  /** One round, holding the database's sync lock where Web Locks exist (another tab's client may share the store). */
  function round(): Promise<void> {
    const locks = (
      globalThis as { navigator?: { locks?: { request(name: string, fn: () => Promise<void>): Promise<void> } } }
    ).navigator?.locks;
    return locks ? locks.request(deps.lockName, lockedRound) : lockedRound();
  }

  async function lockedRound(): Promise<void> {
    const state = await device.load();
    status.cursor = state.cursor;
    setStatus({ state: 'syncing' });
    await finishClears();
    for (let pass = 0; ; pass++) {
      const { ops, groups, full } = await outbox(state);
      setStatus({ pending: ops.length });
      const rejected = new Map<string, Set<string>>();
      const acked: SyncOp[] = [];
      let reused: SyncOp[] = [];
      let first = true;
      for (;;) {
        if (stopped) throw new SyncError('sync: the memory is closed', false);
        const request: SyncRequest = {
          v: 1,
          deviceId: state.deviceId,
          ops: first ? ops : [],
          cursor: state.cursor,
          limit: PULL_LIMIT,
        };
        const response = await postRound(deps.fetch, options, request, lifetime.signal);
        if (first) {
          reused = duplicateEntries(ops, response.results);
          response.results.forEach((result, i) => {
            const op = ops[i];
            if (!op) return;
            if (result.status === 'rejected' && result.field !== undefined) {
              // Malformed to the server (its checks are newer than these): set aside, kept here.
              const reason = result.reason ?? 'refused by the server';
              state.refused[refusedKey(op.sessionId, op.opId)] = reason;
              hooks.emit('sync:refused', { op: { ...op }, reason, field: result.field, by: 'server' });
              return;
            }
            if (op.kind === 'clear' && result.status !== 'rejected') acked.push(op);
            const group = groups.get(op.opId);
            if (result.status !== 'rejected' || group === undefined) return;
            rejected.set(op.sessionId, (rejected.get(op.sessionId) ?? new Set<string>()).add(group));
          });
          for (const op of acked) await device.removeClear(op.sessionId, op.opId);
        }
        await applyPulled(response.ops, first ? rejected : new Map(), state.scanned);
        first = false;
        state.cursor = response.cursor;
        await device.save(state);
        setStatus({ cursor: state.cursor });
        if (!response.more) break;
      }
      for (const refusal of await reusedIdRefusals(store, reused)) hooks.emit('sync:refused', refusal);
      if (full || pass >= 20) return;
    }
  }

  /**
   * Finish the local deletion of every session whose clear was recorded but whose data is still
   * there, marked with that clear (the memory stopped between the two writes of `clearSession`).
   */
  async function finishClears(): Promise<void> {
    for (const [sessionId, opId] of await device.clears()) {
      if (isReservedSessionId(sessionId)) continue;
      if ((await store.loadAux(sessionId, CLEARING_KEY)) !== opId) continue;
      await hooks.run(sessionId, async () => {
        try {
          if ((await store.loadAux(sessionId, CLEARING_KEY)) === opId) await store.deleteSession(sessionId);
        } finally {
          hooks.drop(sessionId);
        }
      });
      hooks.emit('change', sessionId);
    }
  }

  /**
   * Derive the outbox of every session changed since it was last found empty, clears first, within
   * one request's bounds (ops, bytes, entry ids). Ops the record checks refuse are set aside and reported.
   */
  async function outbox(state: DeviceState) {
    const { scanned, refused } = state;
    const ops: SyncOp[] = [];
    const groups = new Map<string, string>();
    const clearOps = await device.clears();
    for (const [sessionId, opId] of clearOps) {
      if (refused[refusedKey(sessionId, opId)] === undefined) ops.push({ opId, sessionId, kind: 'clear' });
    }
    let full = true;
    let bytes = ops.length * 200;
    let ids = 0;
    const metas = await store.listSessions();
    for (const meta of metas) {
      const id = meta.sessionId;
      if (!isSyncedSessionId(id) || scanned[id] === meta.version) continue;
      if (ops.length >= MAX_PUSH_OPS) {
        full = false;
        break;
      }
      const { outbox: o, version } = await hooks.run(id, () => sessionOutbox(store, id));
      const screened = screenOps(o.ops, refused);
      for (const refusal of screened.refused) hooks.emit('sync:refused', refusal);
      if (!screened.ops.length) {
        scanned[id] = version;
        continue;
      }
      delete scanned[id];
      // A session's ops travel together (a compaction needs its entries pushed first); one too
      // big for a request sends its first entries now and the rest next pass.
      let fit = 0;
      while (fit < screened.ops.length && ops.length + fit < MAX_PUSH_OPS) {
        const op = screened.ops[fit]!;
        const size = screened.sizes[fit]! + 1;
        const listed = opIdCount(op);
        if (bytes + size > MAX_OP_BYTES || ids + listed > MAX_REQUEST_IDS) break;
        bytes += size;
        ids += listed;
        fit += 1;
      }
      const taken =
        fit === screened.ops.length
          ? screened.ops
          : screened.ops
              .slice(0, fit)
              .filter((op, i, all) => op.kind === 'entry' && all.slice(0, i).every((p) => p.kind === 'entry'));
      if (taken.length < screened.ops.length) full = false;
      ops.push(...taken);
      if (!full) break;
      for (const [k, v] of o.groups) groups.set(k, v);
    }
    return { ops, groups, full };
  }

  /** Apply pulled ops and rejections, session by session, each in the engine's queue. */
  async function applyPulled(
    pulled: readonly ServerOp[],
    rejected: Map<string, Set<string>>,
    scanned: Record<string, number>,
  ): Promise<void> {
    const bySession = new Map<string, ServerOp[]>();
    for (const op of pulled) {
      // RecallKit's own sessions never come from a server (it refuses them) but the facts log:
      // one that did is ignored.
      if (!isSyncedSessionId(op.sessionId)) continue;
      bySession.set(op.sessionId, [...(bySession.get(op.sessionId) ?? []), op]);
    }
    for (const id of rejected.keys()) if (!bySession.has(id)) bySession.set(id, []);
    const now = new Date().toISOString();
    for (const [sessionId, ops] of bySession) {
      const rejectedHere = rejected.get(sessionId) ?? new Set<string>();
      const changed = await hooks.run(sessionId, async (cache) => {
        let kept = false;
        try {
          const result = await applyToSession(store, sessionId, ops, rejectedHere, now, cache);
          kept = result.cacheKept;
          return result.changed;
        } finally {
          if (!kept) hooks.drop(sessionId);
        }
      });
      delete scanned[sessionId];
      if (changed) hooks.emit('change', sessionId);
    }
  }

  // Local changes are pushed soon after they are stored.
  // While failing, a change retries within a second (instead of waiting out a long backoff).
  const soon = (): void => schedule(failures > 0 ? 1000 : DEBOUNCE_MS);
  const stops = [
    hooks.on('entry:added', soon),
    hooks.on('compressed', soon),
    hooks.on('erased', soon),
    hooks.on('session:cleared', soon),
    hooks.on('facts:changed', soon),
  ];
  const g = globalThis as {
    addEventListener?: (type: string, fn: () => void) => void;
    removeEventListener?: (type: string, fn: () => void) => void;
  };
  const online = (): void => {
    failures = 0;
    schedule(0);
  };
  g.addEventListener?.('online', online);
  schedule(0);

  return {
    sync,
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      for (const stop of stops) stop();
      g.removeEventListener?.('online', online);
      lifetime.abort();
      await Promise.allSettled([running, queued]);
    },
  };
}
