/**
 * The session list (`listSessions`): switch to one, or start a new session.
 * @module
 */
import type { App } from '../app.js';
import { h, panelShell, replace } from '../dom.js';
import { dateTime, plural } from '../format.js';
import type { Snapshot } from '../snapshot.js';

/** Build the sessions panel. */
export function sessionsPanel(app: App): { root: HTMLElement; render(s: Snapshot): void } {
  const shell = panelShell(
    'sessions',
    'Sessions',
    'listSessions() on IndexedDB: they survive reloads and profile changes.',
  );
  const create = h('button', {
    class: 'small',
    text: 'New session',
    attrs: { type: 'button' },
    data: { testid: 'new-session' },
  });
  create.addEventListener('click', () => void app.newSession());
  shell.tools.append(create);
  const list = h('ul', { class: 'session-list', data: { testid: 'sessions' } });
  shell.body.append(list);

  return {
    root: shell.root,
    render(s) {
      const items = s.sessions.map((meta) => {
        const current = meta.sessionId === s.sessionId;
        return h(
          'li',
          {},
          h(
            'button',
            {
              class: `session-item${current ? ' is-current' : ''}`,
              attrs: { type: 'button', 'aria-current': current ? 'true' : undefined },
              data: { sessionId: meta.sessionId },
              on: { click: () => void app.switchSession(meta.sessionId) },
            },
            h('code', { text: meta.sessionId }),
            h('span', {
              class: 'muted',
              text: `${plural(meta.interactionCount, 'turn')} · ${plural(meta.totalEntries, 'entry', 'entries')} · ${dateTime(meta.updatedAt)}`,
            }),
          ),
        );
      });
      if (!s.sessions.some((m) => m.sessionId === s.sessionId)) {
        items.unshift(
          h(
            'li',
            {},
            h(
              'div',
              { class: 'session-item is-current' },
              h('code', { text: s.sessionId }),
              h('span', { class: 'muted', text: 'new: stored with its first message' }),
            ),
          ),
        );
      }
      replace(list, ...items);
    },
  };
}
