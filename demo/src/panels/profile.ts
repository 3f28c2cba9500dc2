/**
 * The profile editor: presets for each seed system, the `profile` / `config` JSON passed to
 * `createWorkerMemory`, and validation errors shown inline with their field path. Applying
 * closes the memory and creates a new one on the same IndexedDB, so sessions stay.
 * @module
 */
import type { App } from '../app.js';
import { h, panelShell, replace } from '../dom.js';
import { CUSTOM_PRESET_ID, PRESETS, findPreset, setupText, type Preset } from '../presets.js';
import { parseSetupText } from '../setup-parse.js';
import type { Snapshot } from '../snapshot.js';

/** Build the profile panel, starting from the editor text the app was started with. */
export function profilePanel(app: App, initialText: string): { root: HTMLElement; render(s: Snapshot): void } {
  const shell = panelShell(
    'profile',
    'Memory profile',
    'Strategies by id (Alquimia JSON verbatim, Hector’s { memory } block) or Memory Manager config.',
  );
  const active = h('span', { class: 'pill', data: { testid: 'active-preset' } });
  shell.tools.append(active);

  const select = h('select', { attrs: { 'aria-label': 'Preset' }, data: { testid: 'preset' } });
  const systems = [...new Set(PRESETS.map((p) => p.system))];
  for (const system of systems) {
    const group = h('optgroup', { attrs: { label: system } });
    for (const p of PRESETS.filter((x) => x.system === system))
      group.append(h('option', { text: p.label, attrs: { value: p.id } }));
    select.append(group);
  }
  select.append(h('option', { text: 'Custom (edited)', attrs: { value: CUSTOM_PRESET_ID } }));

  const description = h('p', { class: 'muted preset-description' });
  const editor = h('textarea', {
    class: 'code-editor',
    attrs: { rows: 12, spellcheck: 'false', 'aria-label': 'Profile JSON', autocomplete: 'off' },
    data: { testid: 'profile-editor' },
  });
  editor.value = initialText;
  const error = h('div', { class: 'form-error', attrs: { role: 'alert' }, data: { testid: 'profile-error' } });
  error.hidden = true;
  const apply = h('button', {
    class: 'primary',
    text: 'Apply (recreate memory)',
    attrs: { type: 'button' },
    data: { testid: 'apply-profile' },
  });
  const check = h('button', { text: 'Validate', attrs: { type: 'button' } });

  const describe = (preset: Preset | undefined): void => {
    description.textContent = preset ? preset.description : 'Your own profile: edit the JSON, then Apply.';
  };
  const showError = (field: string | undefined, message: string | undefined): void => {
    error.hidden = field === undefined;
    if (field === undefined || message === undefined) return replace(error);
    replace(error, h('code', { class: 'error-field', text: field }), h('span', { text: message }));
  };

  select.addEventListener('change', () => {
    const preset = findPreset(select.value);
    describe(preset);
    if (preset) editor.value = setupText(preset.setup);
    showError(undefined, undefined);
  });
  editor.addEventListener('input', () => {
    const matching = PRESETS.find((p) => setupText(p.setup) === editor.value);
    select.value = matching ? matching.id : CUSTOM_PRESET_ID;
    describe(matching);
  });
  check.addEventListener('click', () => {
    const parsed = parseSetupText(editor.value);
    if (parsed.ok) {
      showError(undefined, undefined);
      app.setStatus({ busy: false, tone: 'ok', text: `Valid: ${parsed.summary}.` });
    } else showError(parsed.field, parsed.message);
  });
  apply.addEventListener('click', () => {
    apply.disabled = true;
    void app
      .applySetup(select.value, editor.value)
      .then((result) => (result.ok ? showError(undefined, undefined) : showError(result.field, result.message)))
      .finally(() => (apply.disabled = false));
  });

  select.value = app.presetId;
  describe(findPreset(app.presetId));
  shell.body.append(
    h('label', { class: 'field' }, h('span', { text: 'Preset' }), select),
    description,
    editor,
    error,
    h('div', { class: 'row' }, apply, check),
  );

  return {
    root: shell.root,
    render(s) {
      const preset = findPreset(s.presetId);
      active.textContent = preset ? `${preset.system}: ${preset.label}` : 'Custom profile';
    },
  };
}
