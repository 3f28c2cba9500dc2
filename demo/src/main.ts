/**
 * The RecallKit playground: starts the memory (Web Worker + IndexedDB), restores the last
 * session and profile, and lays out the chat (left) and the inspection panels (right).
 * @module
 */
import { createApp } from './app.js';
import { h, replace } from './dom.js';
import { ENGINE_HOST } from './memory-host.js';
import { loadRemembered, newSessionId } from './persist.js';
import { DEFAULT_PRESET_ID, findPreset, setupText } from './presets.js';
import { parseSetupText, type ParsedSetup } from './setup-parse.js';
import { budgetPanel } from './panels/budget.js';
import { chatPanel } from './panels/chat.js';
import { contextPanel } from './panels/context.js';
import { eventsPanel } from './panels/events.js';
import { factsPanel } from './panels/facts.js';
import { profilePanel } from './panels/profile.js';
import { sessionsPanel } from './panels/sessions.js';
import { statsPanel } from './panels/stats.js';
import { summariesPanel } from './panels/summaries.js';
import { summarizerPanel } from './panels/summarizer.js';
import { timelinePanel } from './panels/timeline.js';
import { transferPanel } from './panels/transfer.js';

/** The remembered profile if it is still valid, else the default preset. */
function initialSetup(): { presetId: string; text: string; setup: ParsedSetup } {
  const remembered = loadRemembered();
  const presetId = remembered.presetId ?? DEFAULT_PRESET_ID;
  const preset = findPreset(presetId);
  const text = remembered.setupText ?? (preset ? setupText(preset.setup) : undefined);
  const parsed = text === undefined ? undefined : parseSetupText(text);
  if (text !== undefined && parsed?.ok) return { presetId, text, setup: parsed };
  const fallback = setupText(findPreset(DEFAULT_PRESET_ID)!.setup);
  return { presetId: DEFAULT_PRESET_ID, text: fallback, setup: parseSetupText(fallback) as ParsedSetup };
}

function header(): HTMLElement {
  return h(
    'header',
    { class: 'top' },
    h(
      'div',
      { class: 'brand' },
      h('h1', {}, 'RecallKit ', h('span', { class: 'brand-sub', text: 'playground' })),
      h('p', {
        class: 'tagline',
        text: 'Long-term conversation memory that runs in your browser: token budgets, summaries, rolling windows. Offline, no model, no key.',
      }),
    ),
    h(
      'ul',
      { class: 'runtime', attrs: { 'aria-label': 'Runtime' } },
      h('li', { text: ENGINE_HOST === 'worker' ? 'engine in a Web Worker' : 'engine in the page' }),
      h('li', { text: 'IndexedDB' }),
      h('li', { text: 'WASM tiktoken o200k_base' }),
      h('li', {}, h('a', { attrs: { href: '#profile-title' }, text: 'change profile ↓' })),
    ),
  );
}

async function start(root: HTMLElement): Promise<void> {
  const initial = initialSetup();
  const app = await createApp({
    sessionId: loadRemembered().sessionId ?? newSessionId(),
    presetId: initial.presetId,
    setup: initial.setup,
  });

  const chat = chatPanel(app);
  const panels = [
    budgetPanel(),
    statsPanel(),
    contextPanel((on) => void app.setRecall(on)),
    summariesPanel(),
    timelinePanel(),
  ];
  const events = eventsPanel(app);
  const facts = factsPanel(app);
  const settings = [profilePanel(app, initial.text), summarizerPanel(app), sessionsPanel(app)];
  const transfer = transferPanel(app);
  const renderers = [chat, ...panels, ...settings, facts];
  app.onSnapshot((s) => renderers.forEach((p) => p.render(s)));

  const [budget, stats, context, summaries, timeline] = panels.map((p) => p.root);
  const [profile, summarizer, sessions] = settings.map((p) => p.root);
  replace(
    root,
    header(),
    h(
      'main',
      { class: 'layout' },
      h('div', { class: 'col-chat' }, chat.root),
      h(
        'div',
        { class: 'col-panels' },
        h('div', { class: 'overview' }, budget, stats),
        h('div', { class: 'stack' }, context, timeline, profile, sessions),
        h('div', { class: 'stack' }, facts.root, summaries, events.root, summarizer, transfer.root),
      ),
    ),
  );
  await app.refresh();
  root.removeAttribute('aria-busy');
  document.body.dataset.ready = 'true';
}

const root = document.getElementById('app');
if (root) {
  start(root).catch((error: unknown) => {
    replace(
      root,
      h(
        'div',
        { class: 'boot boot-error', attrs: { role: 'alert' } },
        h('strong', { text: 'The playground could not start. ' }),
        (error as Error).message,
      ),
    );
    root.removeAttribute('aria-busy');
  });
}
