/**
 * Export the session (download JSON), import one (file picker or pasted JSON; optionally as
 * a copy under a new session id), and clear it. Import errors are shown with their field path.
 * @module
 */
import type { SessionState } from 'recallkit';
import type { App } from '../app.js';
import { h, panelShell, replace } from '../dom.js';
import { setupError } from '../setup-parse.js';

function download(state: SessionState): void {
  const blob = new Blob([JSON.stringify(state, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = h('a', { attrs: { href: url, download: `${state.sessionId}.recallkit.json` } });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Build the export / import panel. */
export function transferPanel(app: App): { root: HTMLElement } {
  const shell = panelShell(
    'transfer',
    'Export · import · clear',
    'exportSession() / importSession(state) / clearSession(): the versioned JSON of a session.',
  );
  const note = h('div', { class: 'form-note', attrs: { role: 'status' }, data: { testid: 'transfer-message' } });
  const fail = (error: unknown): void => {
    const { field, message } = setupError(error);
    replace(note, h('code', { class: 'error-field', text: field }), h('span', { text: message }));
    note.dataset.tone = 'error';
  };
  const ok = (text: string): void => {
    replace(note, text);
    note.dataset.tone = 'ok';
  };

  const exportButton = h('button', { text: 'Export JSON', attrs: { type: 'button' }, data: { testid: 'export' } });
  exportButton.addEventListener('click', () => {
    void app.exportSession().then((state) => {
      download(state);
      ok(`Exported ${state.entries.length} entries and ${state.summaries.length} summaries.`);
    }, fail);
  });

  let armed = false;
  const clear = h('button', {
    class: 'danger',
    text: 'Clear session',
    attrs: { type: 'button' },
    data: { testid: 'clear' },
  });
  clear.addEventListener('click', () => {
    if (!armed) {
      armed = true;
      clear.textContent = 'Click again to clear';
      setTimeout(() => ((armed = false), (clear.textContent = 'Clear session')), 4000);
      return;
    }
    armed = false;
    clear.textContent = 'Clear session';
    void app.clearSession().then(() => ok('Session cleared: its entries and summaries are deleted.'), fail);
  });

  const asCopy = h('input', { attrs: { type: 'checkbox' }, data: { testid: 'import-copy' } });
  const file = h('input', {
    attrs: { type: 'file', accept: 'application/json,.json' },
    data: { testid: 'import-file' },
  });
  const paste = h('textarea', {
    class: 'code-editor small',
    attrs: {
      rows: 3,
      placeholder: 'or paste an exported session JSON here',
      spellcheck: 'false',
      'aria-label': 'Session JSON',
    },
    data: { testid: 'import-text' },
  });
  const importButton = h('button', {
    text: 'Import pasted JSON',
    attrs: { type: 'button' },
    data: { testid: 'import' },
  });

  const importText = async (text: string): Promise<void> => {
    let state: SessionState;
    try {
      state = JSON.parse(text) as SessionState;
    } catch (error) {
      fail(Object.assign(new Error(`not valid JSON: ${(error as Error).message}`), { field: 'JSON' }));
      return;
    }
    try {
      const id = await app.importSession(state, asCopy.checked);
      ok(`Imported into ${id}.`);
      paste.value = '';
    } catch (error) {
      fail(error);
    }
  };
  file.addEventListener('change', () => {
    const chosen = file.files?.[0];
    if (chosen)
      void chosen
        .text()
        .then(importText)
        .finally(() => (file.value = ''));
  });
  importButton.addEventListener('click', () => void importText(paste.value));

  shell.body.append(
    h('div', { class: 'row' }, exportButton, clear),
    h(
      'div',
      { class: 'row' },
      h('label', { class: 'file-label' }, h('span', { text: 'Import file' }), file),
      h('label', { class: 'check' }, asCopy, 'as a copy (new session id)'),
    ),
    paste,
    h('div', { class: 'row' }, importButton),
    note,
  );
  return { root: shell.root };
}
