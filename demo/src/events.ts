/**
 * Listens to every memory event: feeds the event log, the status line ("summary pending" with
 * a spinner from `compressing` to the `compressed`, `compression:discarded` or `error` with the
 * same compression id), and remembers erased entries so the timeline can still show them,
 * struck through.
 * @module
 */
import type { Memory } from 'recallkit';
import type { MemoryEntry, MemoryEventName, MemorySummary } from 'recallkit';
import type { Status } from './status.js';

/** An event as the log shows it. */
export interface LoggedEvent {
  name: MemoryEventName;
  sessionId: string;
  at: Date;
  /** One line of details. */
  detail: string;
}

/** Every event RecallKit emits. */
export const EVENT_NAMES: readonly MemoryEventName[] = [
  'entry:added',
  'compressing',
  'compressed',
  'compression:discarded',
  'erased',
  'session:cleared',
  'error',
  'summary:facts-missing',
  'context:truncated',
  'facts:changed',
];

/** Where events go. */
export interface EventSinks {
  /** Entries seen so far, by id (to describe erased ones). */
  seen: Map<string, MemoryEntry>;
  /** Erased entries per session. */
  erased: Map<string, MemoryEntry[]>;
  emit(event: LoggedEvent): void;
  status(status: Status): void;
  /** The session changed in the background (a summary or an erasure landed): re-read it. */
  changed?(): void;
}

function errorText(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'object' && value !== null && 'message' in value)
    return String((value as { message: unknown }).message);
  return String(value);
}

function describe(name: MemoryEventName, args: unknown[]): string {
  switch (name) {
    case 'entry:added': {
      const e = args[0] as MemoryEntry;
      const tool = e.tool ? ` ${e.tool.name}` : '';
      return `${e.type}${tool} (${e.role}) #${e.seq}, turn ${e.interaction}, ${e.tokenCount} tokens`;
    }
    case 'compressing': {
      const info = args[0] as { strategy: string; entryCount: number };
      return `${info.strategy}: summarizing ${info.entryCount} entries`;
    }
    case 'compressed': {
      const { summary, tokensSaved } = args[0] as { summary: MemorySummary; tokensSaved: number };
      const range = summary.range ? `, turns ${summary.range.startIndex}–${summary.range.endIndex}` : '';
      return `${summary.strategy ?? 'summary'}: ${summary.originalEntryIds.length} entries → ${summary.tokenCount} tokens (${summary.compressionRatio}×${range}), ${tokensSaved} tokens saved`;
    }
    case 'compression:discarded': {
      const info = args[0] as { strategy: string; reason: string };
      return `${info.strategy}: summary discarded, ${info.reason}`;
    }
    case 'erased':
      return `${(args[0] as { entryIds: string[] }).entryIds.length} entries erased`;
    case 'session:cleared':
      return 'session cleared';
    case 'change':
      return 'changed by another writer';
    case 'error':
      return errorText(args[0]);
    case 'storage:restored':
      return 'restored from the journal after IndexedDB lost it';
    case 'storage:lost':
      return 'stored data lost (IndexedDB and journal)';
    case 'summary:facts-missing': {
      const info = args[0] as { missing: Record<string, string[]> };
      return `summary lacks ${Object.entries(info.missing)
        .map(([k, v]) => `${k}: ${v.join(', ')}`)
        .join('; ')}`;
    }
    case 'context:truncated': {
      const info = args[0] as { originalTokens: number; keptTokens: number };
      return `newest message cut to fit the context: ${info.originalTokens} → ${info.keptTokens} tokens`;
    }
    case 'sync:state': {
      const s = args[0] as { state: string; pending: number; cursor: string };
      return `sync ${s.state}, ${s.pending} pending, cursor ${s.cursor}`;
    }
    case 'sync:error':
      return `sync failed: ${errorText(args[0])}`;
    case 'sync:refused': {
      const r = args[0] as { op: { kind: string; opId: string }; reason: string };
      return `sync set aside ${r.op.kind} ${r.op.opId}: ${r.reason}`;
    }
    case 'facts:changed': {
      const c = args[0] as { cause: string; added: string[]; changed: string[]; removed: string[] };
      const parts = [
        c.added.length ? `${c.added.length} new` : '',
        c.changed.length ? `${c.changed.length} changed` : '',
        c.removed.length ? `${c.removed.length} forgotten` : '',
      ].filter(Boolean);
      return `facts ${c.cause}: ${parts.join(', ')}`;
    }
  }
}

function statusFor(name: MemoryEventName, args: unknown[]): Status | undefined {
  switch (name) {
    case 'compressing': {
      const info = args[0] as { strategy: string; entryCount: number };
      return {
        busy: true,
        text: `Summarizing ${info.entryCount} entries (${info.strategy}) in the background: summary pending…`,
      };
    }
    case 'compression:discarded':
      return { busy: false, tone: 'info', text: `A summary was discarded: ${(args[0] as { reason: string }).reason}.` };
    case 'compressed': {
      const { summary, tokensSaved } = args[0] as { summary: MemorySummary; tokensSaved: number };
      return {
        busy: false,
        tone: 'ok',
        text: `New summary (${summary.strategy ?? 'summary'}): ${summary.originalTokenCount} → ${summary.tokenCount} tokens, ${summary.compressionRatio}× smaller${tokensSaved > 0 ? `; the context is ${tokensSaved} tokens lighter` : ''}.`,
      };
    }
    case 'erased':
      return {
        busy: false,
        tone: 'info',
        text: `Neuralyzer erased ${(args[0] as { entryIds: string[] }).entryIds.length} entries for good.`,
      };
    case 'error':
      return {
        busy: false,
        tone: 'error',
        text: `${errorText(args[0])}. Nothing was lost; a later turn tries again, after a pause.`,
      };
    default:
      return undefined;
  }
}

/** Subscribe to every event of `memory`; returns the function that unsubscribes. */
export function watchEvents(memory: Memory, sinks: EventSinks): () => void {
  // Compressions in flight, by the id their events share: the status stays "summary pending" until all settle.
  const pending = new Map<string, Status>();
  const settledId = (name: MemoryEventName, args: unknown[]): string | undefined => {
    if (name === 'compressed' || name === 'compression:discarded') return (args[0] as { id: string }).id;
    if (name === 'error') return (args[1] as { compressionId?: string } | undefined)?.compressionId;
    return undefined;
  };
  const stops = EVENT_NAMES.map((name) =>
    memory.on(name, ((first: unknown, ...rest: unknown[]) => {
      // `facts:changed` is about the memory, not a session: its one argument is the change.
      const [sessionId, args] = name === 'facts:changed' ? ['', [first, ...rest]] : [first as string, rest];
      if (name === 'entry:added') sinks.seen.set((args[0] as MemoryEntry).id, args[0] as MemoryEntry);
      if (name === 'erased') {
        const gone = (args[0] as { entryIds: string[] }).entryIds
          .map((id) => sinks.seen.get(id))
          .filter((e) => e !== undefined);
        sinks.erased.set(sessionId, [...(sinks.erased.get(sessionId) ?? []), ...gone]);
      }
      if (name === 'session:cleared') sinks.erased.delete(sessionId);
      sinks.emit({ name, sessionId, at: new Date(), detail: describe(name, args) });
      let status = statusFor(name, args);
      if (name === 'compressing' && status) pending.set((args[0] as { id: string }).id, status);
      const settled = settledId(name, args);
      if (settled !== undefined) pending.delete(settled);
      // Another compression still in flight keeps the spinner.
      if (status && !status.busy && pending.size > 0) status = [...pending.values()].at(-1);
      if (status) sinks.status(status);
      if (name === 'compressed' || name === 'erased' || name === 'compression:discarded' || name === 'facts:changed')
        sinks.changed?.();
    }) as never),
  );
  return () => stops.forEach((stop) => stop());
}
