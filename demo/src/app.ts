/**
 * The playground's controller: owns the running memory, the current session and profile,
 * sends chat turns through the local assistant, and tells the panels when to re-render.
 * @module
 */
import type { Memory } from 'recallkit';
import type { Fact, FactSource, MemoryEntry, MemoryEventName, SessionState, SetFactInput } from 'recallkit';
import { openMemory } from './memory-host.js';
import { newSessionId, rememberSession, rememberSetup } from './persist.js';
import { findPreset, setupText } from './presets.js';
import { parseSetupText, setupError, type ParsedSetup, type SetupError } from './setup-parse.js';
import { PLAYGROUND_RECALL, takeSnapshot, type Snapshot } from './snapshot.js';
import { HEURISTIC, type ActiveSummarizer } from './summarizer-choice.js';
import { playTurn } from './turn.js';
import { watchEvents, type LoggedEvent } from './events.js';
import type { Status } from './status.js';

type Listener<T> = (value: T) => void;

/** The controller the panels talk to. */
export interface App {
  readonly sessionId: string;
  readonly presetId: string;
  readonly setup: ParsedSetup;
  readonly summarizer: ActiveSummarizer;
  /**
   * Send a user message; the assistant answers (maybe with a tool call). `onStored` runs once
   * the user message is stored (any summarization it triggered included).
   */
  send(text: string, onStored?: () => void): Promise<void>;
  switchSession(sessionId: string): Promise<void>;
  newSession(): Promise<void>;
  clearSession(): Promise<void>;
  exportSession(): Promise<SessionState>;
  /** Import a state; `asCopy` gives it a new session id. Resolves to the session id used. */
  importSession(state: SessionState, asCopy: boolean): Promise<string>;
  /** Validate and apply a profile: the memory is closed and recreated on the same database. */
  applySetup(presetId: string, text: string): Promise<ParsedSetup | SetupError>;
  useSummarizer(active: ActiveSummarizer): Promise<void>;
  onSnapshot(listener: Listener<Snapshot>): void;
  onEvent(listener: Listener<LoggedEvent>): void;
  onStatus(listener: Listener<Status>): void;
  setStatus(status: Status): void;
  /** Re-read the session and re-render (coalesced). */
  refresh(): Promise<void>;
  /** Whether recall puts old turns (of every chat) into the context. */
  readonly recall: boolean;
  /** Turn recall in the context on or off, and re-render. */
  setRecall(on: boolean): Promise<void>;
  /** State a fact about the user (the facts panel's edit and add), and re-render. */
  setFact(fact: SetFactInput): Promise<Fact>;
  /** Forget a fact and the facts it superseded, and re-render. */
  forgetFact(id: string): Promise<void>;
  /** The turn a fact was read from (undefined when it is gone: erased or cleared). */
  sourceTurn(source: FactSource): Promise<MemoryEntry | undefined>;
}

/** Start the playground's controller on `sessionId` with a validated setup. */
export async function createApp(initial: { sessionId: string; presetId: string; setup: ParsedSetup }): Promise<App> {
  let sessionId = initial.sessionId;
  let presetId = initial.presetId;
  let setup = initial.setup;
  let summarizer: ActiveSummarizer = HEURISTIC;
  let recall = true;
  let memory: Memory = await openMemory(setup.setup, undefined);

  const snapshotListeners: Listener<Snapshot>[] = [];
  const eventListeners: Listener<LoggedEvent>[] = [];
  const statusListeners: Listener<Status>[] = [];
  const setStatus = (s: Status): void => statusListeners.forEach((l) => l(s));

  /** Entries seen on this page, so an erased one can still be shown (struck through). */
  const seen = new Map<string, MemoryEntry>();
  const erased = new Map<string, MemoryEntry[]>();
  let stopEvents = watchEvents(memory, {
    seen,
    erased,
    emit: (e) => eventListeners.forEach((l) => l(e)),
    status: setStatus,
    changed: () => void refresh(),
  });

  // One operation at a time, so a profile change never lands in the middle of a chat turn.
  let chain: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };

  let refreshing: Promise<void> | undefined;
  let again = false;
  const refresh = (): Promise<void> => {
    if (refreshing) {
      again = true; // read once more when the current read is done
      return refreshing;
    }
    refreshing = (async () => {
      try {
        do {
          again = false;
          const m = memory;
          try {
            const snap = await takeSnapshot({
              memory: m,
              sessionId,
              setup,
              presetId,
              summarizerLabel: summarizer.label,
              erased: erased.get(sessionId) ?? [],
              recall,
            });
            for (const e of snap.entries) seen.set(e.id, e);
            if (m === memory) snapshotListeners.forEach((l) => l(snap));
          } catch (error) {
            if (m === memory)
              setStatus({
                busy: false,
                text: `Could not read the session: ${(error as Error).message}`,
                tone: 'error',
              });
          }
        } while (again);
      } finally {
        refreshing = undefined; // in the same step as the last `again` check: no request is lost
      }
    })();
    return refreshing;
  };

  const send = (text: string, onStored?: () => void): Promise<void> =>
    exclusive(async () => {
      // The assistant answers from the context "What the model sees" shows, recall switch included.
      await playTurn(
        memory,
        sessionId,
        text,
        () => {
          onStored?.();
          void refresh();
        },
        recall ? PLAYGROUND_RECALL : false,
      );
      await refresh();
    });

  const switchTo = async (id: string): Promise<void> => {
    sessionId = id;
    rememberSession(id);
    await refresh();
  };

  const reopen = async (next: ParsedSetup, nextSummarizer: ActiveSummarizer): Promise<void> => {
    stopEvents();
    await memory.close().catch(() => undefined);
    memory = await openMemory(next.setup, nextSummarizer.summarizer);
    stopEvents = watchEvents(memory, {
      seen,
      erased,
      emit: (e) => eventListeners.forEach((l) => l(e)),
      status: setStatus,
      changed: () => void refresh(),
    });
  };

  const app: App = {
    get sessionId() {
      return sessionId;
    },
    get presetId() {
      return presetId;
    },
    get setup() {
      return setup;
    },
    get summarizer() {
      return summarizer;
    },
    send,
    switchSession: (id) => exclusive(() => switchTo(id)),
    newSession: () => exclusive(() => switchTo(newSessionId())),
    clearSession: () =>
      exclusive(async () => {
        await memory.clearSession(sessionId);
        erased.delete(sessionId);
        await refresh();
      }),
    exportSession: () => exclusive(() => memory.exportSession(sessionId)),
    importSession: (state, asCopy) =>
      exclusive(async () => {
        const target = asCopy ? newSessionId() : state.sessionId;
        await memory.importSession(asCopy ? { ...state, sessionId: target } : state);
        erased.delete(target);
        await switchTo(target);
        return target;
      }),
    applySetup: (nextPresetId, text) =>
      exclusive(async () => {
        const parsed = parseSetupText(text);
        if (!parsed.ok) return parsed;
        setStatus({ busy: true, text: 'Recreating the memory with the new profile (same IndexedDB, sessions stay)…' });
        const previous = setup;
        try {
          await reopen(parsed, summarizer);
        } catch (error) {
          await reopen(previous, summarizer); // the old profile keeps working
          setStatus({ busy: false, text: 'Profile refused; the previous one is still active.', tone: 'error' });
          return setupError(error);
        }
        setup = parsed;
        presetId = nextPresetId;
        const preset = findPreset(nextPresetId);
        rememberSetup(nextPresetId, preset && setupText(preset.setup) === text ? undefined : text);
        setStatus({ busy: false, text: `Profile applied: ${parsed.summary}.`, tone: 'ok' });
        await refresh();
        return parsed;
      }),
    useSummarizer: (active) =>
      exclusive(async () => {
        if (active.summarizer) await memory.setSummarizeCallback(active.summarizer);
        else await reopen(setup, active); // back to the heuristic one, running next to the engine
        summarizer = active;
        await refresh();
      }),
    onSnapshot: (l) => void snapshotListeners.push(l),
    onEvent: (l) => void eventListeners.push(l),
    onStatus: (l) => void statusListeners.push(l),
    setStatus,
    refresh,
    get recall() {
      return recall;
    },
    async setRecall(on) {
      recall = on;
      await refresh();
    },
    setFact: (fact) =>
      exclusive(async () => {
        const made = await memory.setFact(fact);
        await refresh();
        return made;
      }),
    forgetFact: (id) =>
      exclusive(async () => {
        await memory.forgetFact(id);
        await refresh();
      }),
    sourceTurn: async (source) => {
      const [entry] = await memory.getActiveEntries(source.sessionId).then(async (active) => {
        const found = active.find((e) => e.id === source.entryId);
        if (found) return [found];
        // Compressed turns are still stored: the export has them.
        return (await memory.exportSession(source.sessionId)).entries.filter((e) => e.id === source.entryId);
      });
      return entry;
    },
  };
  rememberSession(sessionId);
  return app;
}

export type { LoggedEvent, MemoryEventName };
