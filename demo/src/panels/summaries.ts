/**
 * The kept summaries: strategy, covered turns (rolling `range`), compression ratio, token
 * counts, time range and text.
 * @module
 */
import type { MemorySummary } from 'recallkit';
import { h, panelShell, replace } from '../dom.js';
import { num, plural, timeRange } from '../format.js';
import type { Snapshot } from '../snapshot.js';

function coverage(summary: MemorySummary): string {
  if (summary.range) return `turns ${summary.range.startIndex}–${summary.range.endIndex}`;
  return plural(summary.originalEntryIds.length, 'entry', 'entries');
}

function card(summary: MemorySummary, index: number): HTMLElement {
  return h(
    'article',
    { class: 'summary-card', data: { summaryId: summary.id, strategy: summary.strategy ?? '' } },
    h(
      'header',
      { class: 'summary-head' },
      h('span', { class: 'summary-index', text: `#${index + 1}` }),
      h('span', { class: 'badge badge-system', text: summary.strategy ?? 'summary' }),
      h('span', { class: 'summary-range', data: { testid: 'summary-range' }, text: coverage(summary) }),
      h('span', {
        class: 'summary-ratio',
        attrs: { title: 'originalTokenCount / tokenCount' },
        text: `${summary.compressionRatio}×`,
      }),
    ),
    h(
      'p',
      { class: 'summary-figures' },
      `${num(summary.originalTokenCount)} → ${num(summary.tokenCount)} tokens · ${plural(summary.originalEntryIds.length, 'entry', 'entries')} · ${timeRange(summary.timeRange.start, summary.timeRange.end)}`,
    ),
    h('pre', { class: 'summary-text', text: summary.content }),
  );
}

/** Build the summaries panel. */
export function summariesPanel(): { root: HTMLElement; render(s: Snapshot): void } {
  const shell = panelShell(
    'summaries',
    'Summaries',
    'What replaced older turns. Oldest first; the model gets them as system messages.',
  );
  const count = h('span', { class: 'pill', data: { testid: 'summary-count' } });
  shell.tools.append(count);
  const list = h('div', { class: 'summary-list', data: { testid: 'summaries' } });
  shell.body.append(list);
  return {
    root: shell.root,
    render(s) {
      count.textContent = plural(s.summaries.length, 'summary', 'summaries');
      if (!s.summaries.length) {
        replace(
          list,
          h('p', {
            class: 'muted',
            text: 'No summary yet. Keep chatting (or auto-play) until the profile’s trigger fires.',
          }),
        );
        return;
      }
      replace(list, ...s.summaries.map(card));
    },
  };
}
