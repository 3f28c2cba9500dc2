/**
 * The chat: the whole stored conversation (summarized and erased parts marked), a composer,
 * suggestions, auto-play, and the status line that shows summarization in progress.
 * @module
 */
import type { App } from '../app.js';
import type { Status } from '../status.js';
import { autoplay } from '../autoplay.js';
import { h, panelShell, replace } from '../dom.js';
import type { Snapshot } from '../snapshot.js';
import { SUGGESTIONS } from '../suggestions.js';
import { chatEntry, entryStatus } from './chat-entry.js';

/** Build the chat panel. */
export function chatPanel(app: App): { root: HTMLElement; render(s: Snapshot): void } {
  const shell = panelShell(
    'chat',
    'Chat',
    'A built-in local assistant, no model and no key: it answers, calculates and searches its notes (tool calls).',
  );
  const session = h('code', { class: 'session-chip', data: { testid: 'session-id' } });
  shell.tools.append(session);

  const log = h('ol', { class: 'chat-log', attrs: { 'aria-label': 'Conversation' }, data: { testid: 'chat-log' } });
  const empty = h('p', {
    class: 'chat-empty',
    text: 'No messages yet. Say something, pick a suggestion, or press Auto-play to watch the memory work.',
  });

  const spinner = h('span', { class: 'spinner', attrs: { 'aria-hidden': 'true' } });
  const statusText = h('span', { text: 'Ready.' });
  const status = h(
    'div',
    { class: 'status', attrs: { role: 'status' }, data: { testid: 'status' } },
    spinner,
    statusText,
  );
  const showStatus = (s: Status): void => {
    status.classList.toggle('is-busy', s.busy);
    status.dataset.tone = s.tone ?? 'info';
    statusText.textContent = s.text;
  };
  app.onStatus(showStatus);

  const input = h('textarea', {
    class: 'composer-input',
    attrs: {
      rows: 2,
      placeholder: 'Message the assistant… (Enter sends, Shift+Enter for a new line)',
      'aria-label': 'Message',
    },
  });
  const sendButton = h('button', { class: 'primary', text: 'Send', attrs: { type: 'submit' } });
  // Shown at once, before the memory has stored it (a slow summarizer may hold the add call).
  const pending = new Set<HTMLLIElement>();
  const sendEcho = async (text: string): Promise<void> => {
    const echo = h(
      'li',
      { class: 'chat-item chat-user is-pending', data: { pending: 'true' } },
      h(
        'div',
        { class: 'chat-meta' },
        h('span', { class: 'chat-who', text: 'You' }),
        h('span', { class: 'chat-turn', text: 'sending…' }),
      ),
      h('div', { class: 'chat-text', text }),
    );
    pending.add(echo);
    log.append(echo);
    empty.hidden = true;
    log.scrollTop = log.scrollHeight;
    const settle = (): void => {
      pending.delete(echo);
      echo.remove();
    };
    try {
      await app.send(text, settle);
    } finally {
      settle();
    }
  };
  const submit = async (): Promise<void> => {
    const text = input.value.trim();
    if (!text) return;
    input.value = '';
    try {
      await sendEcho(text);
    } catch (error) {
      showStatus({ busy: false, tone: 'error', text: `Not sent: ${(error as Error).message}` });
    }
  };
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      void submit();
    }
  });
  const composer = h(
    'form',
    { class: 'composer', on: { submit: (e) => (e.preventDefault(), void submit()) } },
    input,
    sendButton,
  );

  const suggestions = h(
    'div',
    { class: 'suggestions' },
    h('span', { class: 'muted', text: 'Try:' }),
    ...SUGGESTIONS.map((text) =>
      h('button', {
        class: 'chip',
        text,
        attrs: { type: 'button' },
        on: { click: () => ((input.value = text), input.focus()) },
      }),
    ),
  );

  let turnsDone = 0;
  let running: AbortController | undefined;
  const count = h('input', {
    class: 'autoplay-count',
    attrs: { type: 'number', min: 1, max: 60, value: 12, 'aria-label': 'Turns to auto-play' },
  });
  const playButton = h('button', { text: 'Auto-play', attrs: { type: 'button' }, data: { testid: 'autoplay' } });
  const progress = h('span', { class: 'muted autoplay-progress', data: { testid: 'autoplay-progress' } });
  playButton.addEventListener('click', () => {
    if (running) {
      running.abort();
      return;
    }
    const n = Math.max(1, Math.min(60, Math.floor(Number(count.value) || 12)));
    const controller = new AbortController();
    running = controller;
    playButton.textContent = 'Stop';
    progress.textContent = `0 / ${n}`;
    void autoplay(
      { send: sendEcho },
      turnsDone,
      n,
      controller.signal,
      (sent) => (progress.textContent = `${sent} / ${n}`),
    )
      .then((sent) => (progress.textContent = `${sent} turn${sent === 1 ? '' : 's'} played`))
      .catch((error: unknown) =>
        showStatus({ busy: false, tone: 'error', text: `Auto-play stopped: ${(error as Error).message}` }),
      )
      .finally(() => {
        running = undefined;
        playButton.textContent = 'Auto-play';
      });
  });
  const autoplayRow = h(
    'div',
    { class: 'autoplay' },
    playButton,
    count,
    h('span', { class: 'muted', text: 'scripted turns' }),
    progress,
  );

  shell.body.append(log, empty, status, suggestions, composer, autoplayRow);

  return {
    root: shell.root,
    render(s) {
      session.textContent = s.sessionId;
      turnsDone = s.stats.interactions;
      const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
      const erasedIds = new Set(s.erased.map((e) => e.id));
      const all = [...s.entries, ...s.erased.filter((e) => !s.entries.some((x) => x.id === e.id))].sort(
        (a, b) => a.seq - b.seq,
      );
      replace(log, ...all.map((e) => chatEntry(e, entryStatus(e, erasedIds.has(e.id)))), ...pending);
      empty.hidden = all.length > 0 || pending.size > 0;
      if (atBottom || all.length <= 1) log.scrollTop = log.scrollHeight;
    },
  };
}
