/**
 * Every method of `Memory`, with how to call it on a session id (or `null` for a method that
 * takes none). Typed by `keyof Memory` and checked against a live memory's methods, so a method
 * added to the interface cannot be left out of the tests that use it (reserved ids, #31).
 */
import type { Memory } from '../../src/memory.js';

/** A call of one method on session `id`, and the field its refusal of a bad id names. */
export interface SessionCall {
  call: (m: Memory, id: string) => Promise<unknown>;
  field: string;
}

const on = (call: SessionCall['call'], field = 'sessionId'): SessionCall => ({ call, field });

export const SESSION_CALLS: { readonly [K in keyof Memory]-?: SessionCall | null } = {
  addUserMessage: on((m, id) => m.addUserMessage(id, 'x')),
  addAssistantMessage: on((m, id) => m.addAssistantMessage(id, 'x')),
  addToolCall: on((m, id) => m.addToolCall(id, 'search', { q: 'x' })),
  addToolResult: on((m, id) => m.addToolResult(id, 'search', 'found')),
  addContext: on((m, id) => m.addContext(id, 'x', 'notes.md')),
  addInteraction: on((m, id) => m.addInteraction(id, { userRequest: 'x', aiResponse: 'y' })),
  addMessages: on((m, id) => m.addMessages(id, [{ role: 'user', content: 'x' }])),
  getContextForLLM: on((m, id) => m.getContextForLLM(id)),
  getActiveEntries: on((m, id) => m.getActiveEntries(id)),
  getEntry: on((m, id) => m.getEntry(id, 'x')),
  getInteractions: on((m, id) => m.getInteractions(id)),
  getSummaries: on((m, id) => m.getSummaries(id)),
  getStats: on((m, id) => m.getStats(id)),
  compress: on((m, id) => m.compress(id)),
  idle: on((m, id) => m.idle(id)),
  recall: on((m, id) => m.recall(id, 'x')),
  exportSession: on((m, id) => m.exportSession(id)),
  importSession: on(
    (m, id) => m.importSession({ sessionId: id, entries: [], summaries: [] } as never),
    'state.sessionId',
  ),
  clearSession: on((m, id) => m.clearSession(id)),
  pin: on((m, id) => m.pin(id, 'x')),
  reportUsage: on((m, id) => m.reportUsage(id, { promptTokens: 10 })),
  verify: on((m, id) => m.verify(id)),
  listSessions: null,
  estimateStorage: null,
  updateConfig: null,
  setSummarizeCallback: null,
  storageState: null,
  sync: null,
  // Facts belong to the memory (the user), not to a session.
  listFacts: null,
  setFact: null,
  forgetFact: null,
  exportFacts: null,
  importFacts: null,
  on: null,
  close: null,
};

/** The method names of a live memory (what it really offers, whatever its type says). */
export function methodsOf(memory: object): string[] {
  const names = new Set<string>();
  for (
    let o: object | null = memory;
    o !== null && o !== Object.prototype;
    o = Object.getPrototypeOf(o) as object | null
  )
    for (const name of Object.getOwnPropertyNames(o))
      if (name !== 'constructor' && typeof (memory as Record<string, unknown>)[name] === 'function') names.add(name);
  return [...names].sort();
}
