/**
 * The live event log: every event the memory emits (forwarded from the worker), newest first.
 * @module
 */
import type { App } from '../app.js';
import { h, panelShell } from '../dom.js';
import { clock } from '../format.js';

const MAX_ROWS = 300;

/** Build the event log panel. */
export function eventsPanel(app: App): { root: HTMLElement } {
  const shell = panelShell(
    'events',
    'Event log',
    'memory.on(…) for every event: entry:added, compressing, compressed, erased, session:cleared, error.',
  );
  let total = 0;
  const count = h('span', { class: 'pill', text: '0 events' });
  const list = h('ol', { class: 'event-list', data: { testid: 'events' } });
  const clear = h('button', {
    class: 'small',
    text: 'Clear log',
    attrs: { type: 'button' },
    on: {
      click: () => {
        list.replaceChildren();
        total = 0;
        count.textContent = '0 events';
      },
    },
  });
  shell.tools.append(count, clear);
  shell.body.append(list);

  app.onEvent((e) => {
    total += 1;
    count.textContent = `${total} event${total === 1 ? '' : 's'}`;
    const row = h(
      'li',
      { class: `event-row event-${e.name.replace(':', '-')}`, data: { event: e.name } },
      h('time', { text: clock(e.at) }),
      h('span', { class: 'event-name', text: e.name }),
      h('span', { class: 'event-detail', text: e.detail }),
      e.sessionId === app.sessionId ? null : h('span', { class: 'event-session', text: e.sessionId }),
    );
    list.prepend(row);
    while (list.childElementCount > MAX_ROWS) list.lastElementChild?.remove();
  });
  return { root: shell.root };
}
