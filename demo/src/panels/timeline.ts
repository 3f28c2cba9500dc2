/**
 * The timeline: every entry of the session in order, marked active (sent to the model),
 * compressed (replaced by a summary, still stored) or erased (deleted by neuralyzer; seen via
 * the `erased` event on this page, struck through).
 * @module
 */
import { h, panelShell, replace } from '../dom.js';
import { num, snippet } from '../format.js';
import type { Snapshot } from '../snapshot.js';
import { entryStatus, type EntryStatus } from './chat-entry.js';

const LEGEND: [EntryStatus, string][] = [
  ['active', 'active'],
  ['compressed', 'compressed'],
  ['erased', 'erased'],
];

/** Build the timeline panel. */
export function timelinePanel(): { root: HTMLElement; render(s: Snapshot): void } {
  const shell = panelShell(
    'timeline',
    'Timeline',
    'Every entry, oldest first: active = in context, compressed = in a summary, erased = gone.',
  );
  const counts = h('span', { class: 'pill', data: { testid: 'timeline-counts' } });
  shell.tools.append(counts);
  const strip = h('div', { class: 'strip', attrs: { 'aria-hidden': 'true' } });
  const legend = h(
    'p',
    { class: 'legend' },
    ...LEGEND.map(([status, label]) => h('span', { class: `legend-item is-${status}` }, h('i', {}), label)),
  );
  const list = h('ol', { class: 'timeline-list', data: { testid: 'timeline' } });
  shell.body.append(strip, legend, list);

  return {
    root: shell.root,
    render(s) {
      const erasedIds = new Set(s.erased.map((e) => e.id));
      const all = [...s.entries, ...s.erased.filter((e) => !s.entries.some((x) => x.id === e.id))].sort(
        (a, b) => a.seq - b.seq,
      );
      const tally = { active: 0, compressed: 0, erased: 0 };
      const rows = all.map((e) => {
        const status = entryStatus(e, erasedIds.has(e.id));
        tally[status] += 1;
        const what =
          e.type === 'message'
            ? e.role
            : e.type === 'context'
              ? 'context'
              : `${e.type === 'tool_call' ? 'call' : 'result'} ${e.tool?.name ?? ''}`;
        return {
          status,
          row: h(
            'li',
            {
              class: `timeline-row is-${status}`,
              data: { entryId: e.id, status },
              attrs: { title: e.summaryId ? `summary ${e.summaryId}` : status },
            },
            h('span', { class: 'timeline-seq', text: `#${e.seq}` }),
            h('span', { class: 'timeline-turn', text: `t${e.interaction}` }),
            h('span', { class: `timeline-kind kind-${e.type}`, text: what }),
            h('span', { class: 'timeline-text', text: snippet(e.content, 70) }),
            h('span', { class: `tag tag-${status}`, text: status }),
          ),
        };
      });
      replace(strip, ...rows.map((r) => h('span', { class: `strip-cell is-${r.status}` })));
      replace(list, ...rows.map((r) => r.row).reverse());
      counts.textContent = `${num(tally.active)} active · ${num(tally.compressed)} compressed · ${num(tally.erased)} erased`;
      if (!rows.length) replace(list, h('li', { class: 'muted', text: 'No entries yet.' }));
    },
  };
}
