/**
 * Summarizer choice: the heuristic one (default, offline), WebLLM (model picker, WebGPU
 * check, download progress), or an OpenAI-compatible endpoint (key kept in memory only).
 * @module
 */
import type { App } from '../app.js';
import { h, panelShell } from '../dom.js';
import { HEURISTIC, WEBLLM_MODELS, endpointSummarizer, loadWebLLM } from '../summarizer-choice.js';
import type { Snapshot } from '../snapshot.js';

type Kind = 'heuristic' | 'webllm' | 'fetch';

/** Build the summarizer panel. */
export function summarizerPanel(app: App): { root: HTMLElement; render(s: Snapshot): void } {
  const shell = panelShell(
    'summarizer',
    'Summarizer',
    'What writes summaries. The default needs no model; the others are opt-in.',
  );
  const active = h('span', { class: 'pill', data: { testid: 'active-summarizer' } });
  shell.tools.append(active);
  const message = h('p', { class: 'form-note', attrs: { role: 'status' }, data: { testid: 'summarizer-message' } });

  const radios = h('div', { class: 'radio-row', attrs: { role: 'radiogroup', 'aria-label': 'Summarizer' } });
  const forms = new Map<Kind, HTMLElement>();
  const choose = (kind: Kind): void => forms.forEach((form, k) => (form.hidden = k !== kind));
  for (const [kind, label] of [
    ['heuristic', 'Heuristic (offline)'],
    ['webllm', 'WebLLM (WebGPU)'],
    ['fetch', 'OpenAI-compatible'],
  ] as const) {
    const input = h('input', {
      attrs: { type: 'radio', name: 'summarizer-kind', value: kind, checked: kind === 'heuristic' },
      on: { change: () => choose(kind) },
    });
    radios.append(h('label', { class: 'radio' }, input, label));
  }

  // Heuristic
  const useHeuristic = h('button', { text: 'Use heuristic summarizer', attrs: { type: 'button' } });
  useHeuristic.addEventListener('click', () => {
    void app
      .useSummarizer(HEURISTIC)
      .then(
        () => (message.textContent = 'Using the heuristic summarizer (the memory-manager seed’s fallback format).'),
      );
  });
  forms.set(
    'heuristic',
    h(
      'div',
      { class: 'subform' },
      h('p', {
        class: 'muted',
        text: 'Counts messages, quotes the first and last request, lists tools and errors. Instant, deterministic, no download.',
      }),
      useHeuristic,
    ),
  );

  // WebLLM
  const model = h(
    'select',
    { attrs: { 'aria-label': 'WebLLM model' } },
    ...WEBLLM_MODELS.map((m) => h('option', { text: `${m.id} (${m.size})`, attrs: { value: m.id } })),
  );
  const bar = h('progress', { attrs: { max: 1, value: 0 } });
  const progressText = h('span', { class: 'muted' });
  const progress = h('div', { class: 'download' }, bar, progressText);
  progress.hidden = true;
  const load = h('button', { text: 'Check WebGPU and load model', attrs: { type: 'button' } });
  load.addEventListener('click', () => {
    load.disabled = true;
    progress.hidden = false;
    message.textContent = 'Checking WebGPU…';
    loadWebLLM(model.value, (p) => {
      bar.value = p.progress;
      progressText.textContent = `${Math.round(p.progress * 100)}% ${p.text}`;
    })
      .then(async (s) => {
        await app.useSummarizer(s);
        message.textContent = `Summaries now come from ${model.value}, running on your GPU.`;
      })
      .catch((error: unknown) => {
        progress.hidden = true;
        message.textContent = (error as Error).message;
      })
      .finally(() => (load.disabled = false));
  });
  forms.set(
    'webllm',
    h(
      'div',
      { class: 'subform' },
      h('label', { class: 'field' }, h('span', { text: 'Model' }), model),
      h('p', { class: 'muted', text: 'Downloaded once into the browser cache, then runs offline. Needs WebGPU.' }),
      load,
      progress,
    ),
  );

  // OpenAI-compatible endpoint
  const url = h('input', {
    attrs: { type: 'url', value: 'http://localhost:11434/v1', 'aria-label': 'Endpoint URL', autocomplete: 'off' },
    data: { testid: 'endpoint-url' },
  });
  const name = h('input', {
    attrs: { type: 'text', value: 'llama3.2', 'aria-label': 'Model name', autocomplete: 'off' },
    data: { testid: 'endpoint-model' },
  });
  const key = h('input', {
    attrs: { type: 'password', placeholder: 'optional', 'aria-label': 'API key', autocomplete: 'off' },
    data: { testid: 'endpoint-key' },
  });
  // type submit in a <form>: a password field outside a form makes Chromium warn, and Enter submits.
  const use = h('button', { text: 'Use endpoint', attrs: { type: 'submit' }, data: { testid: 'use-endpoint' } });
  const submit = (event: Event): void => {
    event.preventDefault();
    try {
      const chosen = endpointSummarizer({ url: url.value, model: name.value, apiKey: key.value });
      void app.useSummarizer(chosen).then(() => (message.textContent = `Summaries now come from ${chosen.label}.`));
    } catch (error) {
      message.textContent = (error as Error).message;
    }
  };
  forms.set(
    'fetch',
    h(
      'form',
      { class: 'subform', attrs: { autocomplete: 'off' }, data: { testid: 'endpoint-form' }, on: { submit } },
      h('label', { class: 'field' }, h('span', { text: 'URL' }), url),
      h('label', { class: 'field' }, h('span', { text: 'Model' }), name),
      h('label', { class: 'field' }, h('span', { text: 'API key' }), key),
      h('p', {
        class: 'muted',
        text: 'The key stays in this page’s memory (a closure in fetchSummarizer): never in localStorage or IndexedDB, gone on reload. Prefer a local server (Ollama, LM Studio) or a proxy.',
      }),
      use,
    ),
  );

  shell.body.append(radios, ...forms.values(), message);
  choose('heuristic');
  return {
    root: shell.root,
    render(s) {
      active.textContent = s.summarizerLabel;
    },
  };
}
