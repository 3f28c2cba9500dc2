import type { MemoryEntry, RecallResult, RecallScope, TokenCounter } from '../../types.js';
import { MESSAGE_FRAMING } from '../../tokens/chat-tokens.js';
import { ensureIndex, recallEntries } from '../recall/recall.js';
import { recallAcross, walk, type StoreRecall } from '../recall/recall-all.js';
import type { RecallContext, SessionCache } from '../types.js';
import { groupLabel, recalledLine, renderRecalled } from './recalled-text.js';

/** What the recalled block of one context is asked for. */
export interface RecallBlockRequest {
  query: string;
  scope: RecallScope;
  /** Recall hits considered. */
  topK: number;
  /** Tokens the block's system message may take, framing included. */
  room: number;
  /** Ids of the entries the context already holds. */
  inContext: ReadonlySet<string>;
  /** Ids of the summaries the context already holds. */
  summariesInContext: ReadonlySet<string>;
}

/** The recalled block: one system message's text, its tokens (framing excluded), what it holds. */
export interface RecallBlock {
  content: string;
  tokenCount: number;
  recalled: RecallResult[];
}

/** Entries placed together: a hit, and the turns that belong with it. */
interface Unit {
  hit: RecallResult;
  entries: MemoryEntry[];
}

const key = (e: MemoryEntry): string => `${e.sessionId}\u0000${e.type === 'summary' ? 'summary:' : ''}${e.id}`;
/** How far from a hit its tool partner or answer is looked for. */
const REACH = 2;

/**
 * The best turns of the whole history for `query`, as one system message that fits `room`:
 * compressed entries and summaries included (other chats with `scope: 'all'`), nothing the
 * context already holds, tool calls with their results, the reply to a recalled question.
 * Lines are in time order, grouped under a date header, each `Speaker: text`.
 * `undefined` when nothing fits or nothing is found.
 */
export async function recallBlock(
  c: SessionCache,
  rc: RecallContext,
  all: StoreRecall,
  counter: TokenCounter,
  req: RecallBlockRequest,
): Promise<RecallBlock | undefined> {
  if (!req.query.trim() || req.room <= MESSAGE_FRAMING) return undefined;
  const sessionId = c.meta.sessionId;
  const across = req.scope === 'all';
  let hits = across
    ? await recallAcross(c, rc, all, req.query, { topK: req.topK })
    : await recallEntries(c, rc, req.query, { topK: req.topK });
  const held = (e: MemoryEntry): boolean =>
    e.type === 'summary' ? req.summariesInContext.has(e.id) : e.sessionId === sessionId && req.inContext.has(e.id);
  hits = hits.filter((h) => !held(h.entry));
  if (!hits.length) return undefined;

  // The turns around each hit, loaded in one read per session.
  const index = across ? undefined : await ensureIndex(c, rc);
  const near = new Map<string, { before: string[]; after: string[] }>();
  const wanted = new Map<string, Set<string>>();
  for (const { entry: e } of hits) {
    if (e.type === 'summary') continue;
    const side = index
      ? { before: walk(index, e.id, -1, REACH), after: walk(index, e.id, 1, REACH) }
      : { before: all.neighbours(e.sessionId, e.id, -1, REACH), after: all.neighbours(e.sessionId, e.id, 1, REACH) };
    near.set(key(e), side);
    const ids = wanted.get(e.sessionId) ?? new Set<string>();
    for (const id of [...side.before, ...side.after]) ids.add(id);
    wanted.set(e.sessionId, ids);
  }
  const loaded = new Map<string, MemoryEntry>();
  await Promise.all(
    [...wanted].map(async ([s, ids]) => {
      for (const e of await rc.store.getEntries(s, [...ids])) if (e) loaded.set(key(e), e);
    }),
  );
  const at = (s: string, ids: string[]): MemoryEntry[] => ids.flatMap((id) => loaded.get(`${s}\u0000${id}`) ?? []);

  // Hits first, best first; the reply to a recalled question only in the room the hits leave
  // (placing it with its question crowded out later hits: evidence in a 2,000-token LoCoMo
  // context 85.98% → 86.81%, chosen by leave-one-conversation-out, docs/recall.md).
  const replies: Unit[] = [];
  const units: Unit[] = hits.map((hit) => {
    const e = hit.entry;
    const side = near.get(key(e));
    if (!side) return { hit, entries: [e] };
    const found = partners(e, at(e.sessionId, side.before), at(e.sessionId, side.after)).filter((x) => !held(x));
    if (e.type === 'tool_call' || e.type === 'tool_result') return { hit, entries: [e, ...found] };
    for (const reply of found) replies.push({ hit, entries: [reply] });
    return { hit, entries: [e] };
  });
  units.push(...replies);
  return fill(units, counter, req.room, sessionId);
}

/** The turns that belong with a hit: its tool partner(s), or the reply to a turn that asks something. */
function partners(e: MemoryEntry, before: MemoryEntry[], after: MemoryEntry[]): MemoryEntry[] {
  if (e.type === 'tool_call') return after.filter((x) => x.type === 'tool_result' && x.tool?.callId === e.tool?.callId);
  if (e.type === 'tool_result')
    return before.filter((x) => x.type === 'tool_call' && x.tool?.callId === e.tool?.callId);
  const next = after[0];
  const asks = (x: MemoryEntry): boolean => x.type === 'message' && x.content.includes('?');
  if (asks(e) && next && next.type === 'message' && next.role !== e.role) return [next];
  return [];
}

/** Rounds of "count the block exactly, then add what the slack left fits". */
const FILL_ROUNDS = 1;

/**
 * Add units best first while the block's estimated size fits (each entry's cached count, its
 * label and the date headers it opens), then count the rendered text exactly: over the room,
 * drop the weakest unit; under it, try the units left in the slack, from the exact count.
 */
function fill(units: Unit[], counter: TokenCounter, room: number, sessionId: string): RecallBlock | undefined {
  const placed = new Map<string, { entry: MemoryEntry; score: number }>();
  const chosen: MemoryEntry[][] = [];
  const costs = new Map<string, number>();
  const cost = (text: string): number => {
    let c = costs.get(text);
    if (c === undefined) costs.set(text, (c = counter.count(text)));
    return c;
  };
  const headers = new Set<string>();
  const left = new Set(units);
  let estimate = MESSAGE_FRAMING + cost(renderRecalled([], sessionId));
  const pass = (): boolean => {
    let added = false;
    for (const unit of left) {
      const fresh = unit.entries.filter((e) => !placed.has(key(e)));
      if (!fresh.length) {
        left.delete(unit);
        continue;
      }
      let extra = 0;
      const opened: string[] = [];
      for (const e of fresh) {
        const line = recalledLine(e);
        extra += e.tokenCount + cost(line.slice(0, line.length - e.content.length)) + 1;
        const header = groupLabel(e, sessionId);
        if (!headers.has(header) && !opened.includes(header)) {
          opened.push(header);
          extra += cost(header) + 1;
        }
      }
      if (estimate + extra > room) continue;
      estimate += extra;
      for (const h of opened) headers.add(h);
      chosen.push(fresh);
      left.delete(unit);
      added = true;
      for (const e of fresh) placed.set(key(e), { entry: e, score: unit.hit.score });
    }
    return added;
  };
  let added = pass();
  for (let round = 0; ; round++) {
    if (!placed.size) return undefined;
    const content = renderRecalled(
      [...placed.values()].map((p) => p.entry),
      sessionId,
    );
    const tokenCount = counter.count(content);
    if (MESSAGE_FRAMING + tokenCount > room) {
      // The estimate was short: drop the weakest unit and count again.
      const last = chosen.pop();
      if (!last) return undefined;
      for (const e of last) placed.delete(key(e));
      continue;
    }
    if (added && round < FILL_ROUNDS && left.size) {
      estimate = MESSAGE_FRAMING + tokenCount;
      added = pass();
      if (added) continue;
    }
    const recalled = [...placed.values()].map((p) => ({ entry: structuredClone(p.entry), score: p.score }));
    recalled.sort((a, b) => b.score - a.score);
    return { content, tokenCount, recalled };
  }
}
