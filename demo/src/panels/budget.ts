/**
 * The token budget bar: the context's tokens against the active profile's budget
 * (max_tokens, summary_buffer or the Memory Manager's maxTokens), and how much of the stored
 * history the model is spared.
 * @module
 */
import { h, panelShell, replace } from '../dom.js';
import { num } from '../format.js';
import type { Snapshot } from '../snapshot.js';

/** Build the budget panel. */
export function budgetPanel(): { root: HTMLElement; render(s: Snapshot): void } {
  const shell = panelShell(
    'budget',
    'Token budget',
    'Context tokens (exact, WASM tiktoken o200k_base) against the profile’s budget.',
  );
  const profile = h('span', { class: 'pill', data: { testid: 'profile-summary' } });
  shell.tools.append(profile);

  const fill = h('div', { class: 'bar-fill' });
  const threshold = h('div', { class: 'bar-mark bar-threshold', attrs: { title: 'summarize above this' } });
  const target = h('div', { class: 'bar-mark bar-target', attrs: { title: 'summarize down to this' } });
  const bar = h(
    'div',
    { class: 'bar', attrs: { role: 'meter', 'aria-label': 'Context tokens against the budget' } },
    fill,
    threshold,
    target,
  );
  const figures = h('p', { class: 'budget-figures', data: { testid: 'budget' } });
  const saving = h('p', { class: 'budget-saving', data: { testid: 'saving' } });
  shell.body.append(figures, bar, saving);

  return {
    root: shell.root,
    render(s) {
      const used = s.context.tokenCount;
      const { tokens: budget, source, threshold: at, target: down } = s.setup.budget;
      profile.textContent = s.setup.summary;
      const scale = budget ?? Math.max(used, s.stats.storedTokens + s.stats.summaryTokens, 1);
      const ratio = Math.min(1, used / scale);
      fill.style.width = `${(ratio * 100).toFixed(1)}%`;
      bar.dataset.level = budget === undefined ? 'none' : used > budget ? 'over' : ratio > 0.8 ? 'high' : 'ok';
      bar.setAttribute('aria-valuenow', String(used));
      bar.setAttribute('aria-valuemax', String(scale));
      threshold.hidden = at === undefined;
      target.hidden = down === undefined;
      if (at !== undefined) threshold.style.left = `${Math.min(100, (at / scale) * 100)}%`;
      if (down !== undefined) target.style.left = `${Math.min(100, (down / scale) * 100)}%`;
      const share = budget === undefined ? '' : ` / ${num(budget)} (${Math.round((used / budget) * 100)}%)`;
      const rule =
        budget === undefined
          ? `${source}; no token budget, so the bar is scaled to the stored history`
          : `budget from ${source}` +
            (at !== undefined && down !== undefined ? `; summarizes above ${num(at)}, down to ${num(down)}` : '');
      replace(figures, h('strong', { text: `${num(used)}${share}` }), h('span', { text: `context tokens · ${rule}` }));
      const history = s.stats.storedTokens;
      saving.textContent =
        history > 0
          ? `The full history holds ${num(history)} tokens in ${num(s.stats.totalEntries)} entries; the model receives ${num(used)}` +
            (history > used ? ` (${Math.round((1 - used / history) * 100)}% less).` : '.')
          : 'Nothing stored yet.';
    },
  };
}
