/**
 * What the memory knows about the user: the current facts (read from what the user said, or
 * set here), each with its history (the values it replaced, when and why) and the turns it was
 * read from (click one to see it). Edit sets a new value (`setFact`, which extraction never
 * overrides); forget removes the fact and its history (`forgetFact`).
 * @module
 */
import type { Fact, FactSource } from 'recallkit';
import type { App } from '../app.js';
import { h, panelShell, replace } from '../dom.js';
import { plural } from '../format.js';
import type { Snapshot } from '../snapshot.js';

const day = (iso: string | undefined): string => (iso ? iso.slice(0, 10) : '?');

/** Every fact a fact superseded, directly or not, newest first. */
function historyOf(fact: Fact, all: readonly Fact[]): Fact[] {
  const out: Fact[] = [];
  const queue = [fact.id];
  while (queue.length) {
    const id = queue.shift()!;
    for (const f of all) {
      if (f.supersededBy !== id || out.includes(f)) continue;
      out.push(f);
      queue.push(f.id);
    }
  }
  return out.sort((a, b) => (b.until ?? '').localeCompare(a.until ?? ''));
}

/** Build the facts panel. */
export function factsPanel(app: App): { root: HTMLElement; render(s: Snapshot): void } {
  const shell = panelShell(
    'facts',
    'Known about the user',
    'listFacts(): durable facts read from the user’s turns in the background (offline rules), across every chat. The model gets the current ones in a block of at most 300 tokens.',
  );
  const count = h('span', { class: 'pill', data: { testid: 'fact-count' } });
  shell.tools.append(count);
  const list = h('ul', { class: 'fact-list', data: { testid: 'facts' } });
  const turn = h('div', { class: 'fact-turn', data: { testid: 'fact-turn' }, attrs: { hidden: true } });
  const status = h('p', { class: 'fact-status muted', data: { testid: 'fact-status' } });

  const text = h('input', {
    class: 'fact-input',
    attrs: { placeholder: 'A fact, e.g. "Prefers short answers"' },
    data: { testid: 'fact-text' },
  });
  const attribute = h('input', {
    class: 'fact-input fact-small',
    attrs: { placeholder: 'attribute (city)' },
    data: { testid: 'fact-attribute' },
  });
  const value = h('input', {
    class: 'fact-input fact-small',
    attrs: { placeholder: 'value (Berlin)' },
    data: { testid: 'fact-value' },
  });
  const form = h(
    'form',
    {
      class: 'fact-form',
      data: { testid: 'fact-form' },
      on: {
        submit: (event) => {
          event.preventDefault();
          const input = {
            text: text.value,
            ...(attribute.value.trim() ? { attribute: attribute.value.trim() } : {}),
            ...(value.value.trim() ? { value: value.value.trim() } : {}),
          };
          app
            .setFact(input)
            .then(() => {
              text.value = attribute.value = value.value = '';
              status.textContent = 'Fact saved: extraction never overrides it.';
            })
            .catch((error: unknown) => (status.textContent = (error as Error).message));
        },
      },
    },
    text,
    attribute,
    value,
    h('button', { class: 'primary', attrs: { type: 'submit' }, data: { testid: 'fact-save' }, text: 'Set fact' }),
  );
  shell.body.append(list, turn, form, status);

  const showTurn = (source: FactSource): void => {
    void app.sourceTurn(source).then((entry) => {
      turn.hidden = false;
      replace(
        turn,
        h('strong', { text: `Chat ${source.sessionId}, ${day(entry?.timestamp ?? source.at)}: ` }),
        h('q', { data: { testid: 'fact-turn-text' }, text: entry ? entry.content : '(this turn is no longer stored)' }),
        source.sessionId !== app.sessionId
          ? h('button', {
              class: 'small',
              text: 'open chat',
              on: { click: () => void app.switchSession(source.sessionId) },
            })
          : null,
      );
    });
  };

  const editor = (fact: Fact): HTMLElement => {
    const input = h('input', {
      class: 'fact-input',
      attrs: { value: fact.value ?? fact.text, 'aria-label': 'new value' },
      data: { testid: 'fact-edit-value' },
    });
    return h(
      'form',
      {
        class: 'fact-edit',
        on: {
          submit: (event) => {
            event.preventDefault();
            const next = input.value.trim();
            const change = fact.attribute
              ? app.setFact({ text: `${fact.attribute}: ${next}`, attribute: fact.attribute, value: next })
              : app.forgetFact(fact.id).then(() => app.setFact({ text: next }));
            change
              .then(() => (status.textContent = 'Saved as your own fact.'))
              .catch((error: unknown) => (status.textContent = (error as Error).message));
          },
        },
      },
      input,
      h('button', {
        class: 'small',
        attrs: { type: 'submit' },
        data: { testid: 'fact-edit-save' },
        text: 'Save',
      }),
    );
  };

  const item = (fact: Fact, all: readonly Fact[]): HTMLElement => {
    const history = historyOf(fact, all);
    const details = h('div', { class: 'fact-details', attrs: { hidden: true }, data: { testid: 'fact-details' } });
    const li = h(
      'li',
      { class: 'fact', data: { factId: fact.id, attribute: fact.attribute ?? '', origin: fact.origin } },
      h(
        'div',
        { class: 'fact-head' },
        fact.attribute ? h('span', { class: 'tag', text: fact.attribute }) : null,
        h('span', { class: 'fact-text', data: { testid: 'fact-text-shown' }, text: fact.text }),
        h('span', { class: `badge badge-${fact.origin === 'user' ? 'user' : 'system'}`, text: fact.origin }),
        h('span', { class: 'fact-since muted', text: `since ${day(fact.since)}` }),
      ),
      h(
        'div',
        { class: 'fact-actions' },
        h('button', {
          class: 'small',
          data: { testid: 'fact-history' },
          text: history.length ? `history (${history.length})` : 'details',
          on: { click: () => (details.hidden = !details.hidden) },
        }),
        h('button', {
          class: 'small',
          data: { testid: 'fact-edit' },
          text: 'edit',
          on: { click: () => li.append(editor(fact)) },
        }),
        h('button', {
          class: 'small danger',
          data: { testid: 'fact-forget' },
          text: 'forget',
          on: {
            click: () => void app.forgetFact(fact.id).then(() => (status.textContent = 'Forgotten, history and all.')),
          },
        }),
      ),
      details,
    );
    replace(
      details,
      h(
        'ul',
        { class: 'fact-sources', data: { testid: 'fact-sources' } },
        ...fact.sources.map((s) =>
          h(
            'li',
            {},
            h('button', {
              class: 'link',
              data: { testid: 'fact-source' },
              text: `“${s.quote ?? 'the turn'}” (chat ${s.sessionId}, ${day(s.at)})`,
              on: { click: () => showTurn(s) },
            }),
          ),
        ),
        fact.origin === 'user' ? h('li', { class: 'muted', text: 'Set by you (or the app).' }) : null,
      ),
      history.length
        ? h(
            'ol',
            { class: 'fact-history', data: { testid: 'fact-history-list' } },
            ...history.map((old) =>
              h(
                'li',
                { data: { factId: old.id } },
                h('s', { text: old.value ?? old.text }),
                ` ${day(old.since)} → ${day(old.until)}. `,
                h('span', { class: 'muted', text: old.reason ?? '' }),
                ...old.sources.map((s) =>
                  h('button', { class: 'link', text: ' source', on: { click: () => showTurn(s) } }),
                ),
              ),
            ),
          )
        : null,
    );
    return li;
  };

  return {
    root: shell.root,
    render(s) {
      const current = s.facts.filter((f) => f.status === 'current');
      count.textContent = plural(current.length, 'fact', 'facts');
      if (!current.length) {
        replace(
          list,
          h('li', {
            class: 'muted',
            text: 'Nothing yet. Say “I live in Lyon” or “I’m vegetarian”, or set a fact below.',
          }),
        );
        return;
      }
      replace(list, ...current.map((f) => item(f, s.facts)));
    },
  };
}
