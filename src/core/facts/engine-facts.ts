/**
 * Facts as the engine sees them: the runner of the reserved facts sessions (made with facts on
 * or off: sync carries the log either way), the facts engine when `facts` is on, the memory's
 * facts methods (which say how to turn facts on when they are off), and the engine's hooks for
 * sync with the facts sessions routed to their own runner. Keeps `core/engine.ts` to a few calls.
 * @module
 */
import type { EngineHooks } from '../engine-hooks.js';
import type { FactsMemory } from './facts-memory.js';
import { FACTS_LOG_SESSION } from '../checks/reserved-ids.js';
import { createFactsSessions, type FactsSessions } from './facts-log.js';
import { createFactsEngine, type FactsEngine, type FactsEngineDeps, type FactsSetup } from './facts-engine.js';
import { factsOff, isFactsSession } from './facts-hooks.js';

/** What the engine gives: the facts engine's needs, with the setup optional (facts off). */
export type EngineFactsDeps = Omit<FactsEngineDeps, 'sessions' | 'setup'> & { setup: FactsSetup | undefined };

/** Facts wired into an engine. */
export interface EngineFacts {
  /** The facts engine (undefined with facts off). */
  facts: FactsEngine | undefined;
  /** `listFacts`, `setFact`, … of the memory. */
  methods: FactsMemory;
  /** The engine's sync hooks, the facts sessions routed to their own runner and their changes to facts. */
  route(hooks: EngineHooks): EngineHooks;
  /** On close, once the engine refuses calls: finish and stop the facts sessions' runner. */
  dispose(): Promise<void>;
}

/** Wire facts into an engine (reading starts in the background when facts are on). */
export function attachFacts(deps: EngineFactsDeps): EngineFacts {
  // With facts off, the facts sessions' runner is made only when a synced change reaches one:
  // a server keeps an engine per cached user, and most never do.
  let made: FactsSessions | undefined;
  const sessions = (): FactsSessions =>
    (made ??= createFactsSessions(deps.store, deps.now, deps.closed, (s) => {
      if (s === FACTS_LOG_SESSION) engine?.logChanged();
    }));
  const engine: FactsEngine | undefined =
    deps.setup && createFactsEngine({ ...deps, sessions: sessions(), setup: deps.setup });
  // A session changed under the engine (another tab, a sync pull): its turns are read again.
  if (engine) deps.emitter.on('change', (s) => engine.sessionChanged(s));
  return {
    facts: engine,
    methods: engine ? engine.methods : factsOff,
    route: (hooks) => ({
      run: (s, task) => (isFactsSession(s) ? sessions().runner.run(s, task) : hooks.run(s, task)),
      drop: (s) => (isFactsSession(s) ? made?.runner.drop(s) : hooks.drop(s)),
      // A synced change of the facts log is the facts engine's (and `facts:changed`), not a session's.
      emit: (event, ...args) =>
        event === 'change' && isFactsSession(args[0]) ? engine?.logChanged() : hooks.emit(event, ...args),
      on: hooks.on,
    }),
    async dispose() {
      if (!made) return;
      await made.runner.idle();
      made.runner.dispose();
    },
  };
}
