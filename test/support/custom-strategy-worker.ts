// A custom worker entry, as the README's "Writing a strategy" shows: register strategies in the
// thread that runs the engine, then load RecallKit's worker.
import { int, registerStrategy, type LongTermStrategy } from '../../src/strategies/index.js';
import '../../src/worker/worker.js';

registerStrategy('last_turns', {
  kind: 'short_term',
  fields: { turns: int(2, 1) },
  create: (config: { turns: number }) => ({
    id: 'last_turns',
    select: (selection) => ({ ...selection, interactions: selection.interactions.slice(-config.turns) }),
  }),
  traits: () => ({}),
});

/** Summarizes every active turn but the newest once more than `every` are active. */
registerStrategy('digest', {
  kind: 'long_term',
  fields: { every: int(3, 1) },
  create: (config: { every: number }): LongTermStrategy => ({
    id: 'digest',
    plan(view) {
      if (view.interactions.length <= config.every) return undefined;
      return {
        summarize: {
          entries: view.interactions.slice(0, -1).flatMap((i) => i.entries),
          passes: 1,
          markCompressed: true,
        },
      };
    },
  }),
});
