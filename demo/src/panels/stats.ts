/**
 * `getStats()` of the session, as a grid of figures.
 * @module
 */
import type { MemoryStats } from 'recallkit';
import { h, panelShell, replace } from '../dom.js';
import { num } from '../format.js';
import type { Snapshot } from '../snapshot.js';

type Count = { [K in keyof MemoryStats]-?: MemoryStats[K] extends number ? K : never }[keyof MemoryStats];

const FIELDS: [Count, string][] = [
  ['totalEntries', 'total entries'],
  ['activeEntries', 'active'],
  ['compressedEntries', 'compressed'],
  ['erasedEntries', 'erased'],
  ['summaries', 'summaries'],
  ['interactions', 'turns'],
  ['totalTokens', 'total tokens'],
  ['activeTokens', 'active tokens'],
  ['summaryTokens', 'summary tokens'],
  ['storedTokens', 'stored tokens'],
];

/** Build the stats panel. */
export function statsPanel(): { root: HTMLElement; render(s: Snapshot): void } {
  const shell = panelShell(
    'stats',
    'Stats',
    'getStats(): totalEntries = active + compressed; totalTokens = active + summaries.',
  );
  const grid = h('dl', { class: 'stats-grid', data: { testid: 'stats' } });
  shell.body.append(grid);
  return {
    root: shell.root,
    render(s) {
      replace(
        grid,
        ...FIELDS.map(([key, label]) =>
          h(
            'div',
            { class: 'stat', data: { stat: key } },
            h('dt', { text: label }),
            h('dd', { text: num(s.stats[key]) }),
          ),
        ),
      );
    },
  };
}
