/**
 * "What the model sees": the exact `getContextForLLM` messages, each with its role and token
 * cost (4 framing + the entries' or summary's tokens), adding up to `context.tokenCount`.
 * @module
 */
import type { ChatMessage, ContextFactsDetails, RecallResult } from 'recallkit';
import { REPLY_PRIMING } from '../context-rows.js';
import { h, panelShell, replace } from '../dom.js';
import { num } from '../format.js';
import type { Snapshot } from '../snapshot.js';

function messageText(m: ChatMessage): string {
  const calls = (m.tool_calls ?? []).map((c) => `→ ${c.function.name}(${c.function.arguments})  [${c.id}]`);
  const text = m.content ?? '';
  if (m.role === 'tool') return `${text}\n[answers ${m.tool_call_id ?? '?'}]`;
  return [text, ...calls].filter((x) => x !== '').join('\n');
}

/** What recall placed, best first: score, the chat it came from, the turn. */
function recalledList(recalled: readonly RecallResult[], sessionId: string): HTMLElement {
  return h(
    'ol',
    { class: 'recalled-list', data: { testid: 'recalled-list' } },
    ...recalled.map((r) =>
      h(
        'li',
        { data: { session: r.entry.sessionId } },
        h('span', { class: 'pill', text: r.score.toFixed(2) }),
        h('span', { class: 'tag', text: r.entry.sessionId === sessionId ? 'this chat' : `chat ${r.entry.sessionId}` }),
        ` ${r.entry.role}: ${r.entry.content.length > 90 ? `${r.entry.content.slice(0, 90)}…` : r.entry.content}`,
      ),
    ),
  );
}

/** Why each fact went into the block, and why others were left out (`context.facts`). */
function factsWhy(details: ContextFactsDetails | undefined): HTMLElement | null {
  if (!details) return null;
  return h(
    'ul',
    { class: 'facts-why', data: { testid: 'facts-why' } },
    ...details.included.map((f) => h('li', { data: { in: 'true' } }, `✓ ${f.line.replace(/^- /, '')} (${f.reason})`)),
    ...details.left.map((f) => h('li', { data: { in: 'false' } }, `✗ ${f.line.replace(/^- /, '')} (${f.reason})`)),
  );
}

/** Build the context panel; `onRecall` hears the recall switch. */
export function contextPanel(onRecall?: (on: boolean) => void): { root: HTMLElement; render(s: Snapshot): void } {
  const shell = panelShell(
    'context',
    'What the model sees',
    'getContextForLLM(): summaries first as system messages, then what recall found in every chat, then the kept history. Tokens per message = 4 framing + content.',
  );
  const total = h('span', { class: 'pill', data: { testid: 'context-total' } });
  const toggle = h('input', {
    attrs: { type: 'checkbox', checked: true },
    data: { testid: 'recall-toggle' },
    on: { change: () => onRecall?.(toggle.checked) },
  });
  shell.tools.append(
    h(
      'label',
      { class: 'recall-switch', attrs: { title: "contextRecall: { maxTokens: 400, scope: 'all' }" } },
      toggle,
      ' recall',
    ),
    total,
  );
  const list = h('ol', { class: 'context-list', data: { testid: 'context-list' } });
  const footer = h('p', { class: 'context-sum', data: { testid: 'context-sum' } });
  shell.body.append(list, footer);

  return {
    root: shell.root,
    render(s) {
      const { rows, total: sum, matches } = s.breakdown;
      total.textContent = `${num(s.context.tokenCount)} tokens · ${rows.length} messages`;
      toggle.checked = s.recall;
      replace(
        list,
        ...rows.map((row) =>
          h(
            'li',
            {
              class: `context-row role-${row.message.role} kind-${row.kind}`,
              data: { role: row.message.role, kind: row.kind },
            },
            h(
              'div',
              { class: 'context-meta' },
              h('span', { class: `badge badge-${row.message.role}`, text: row.message.role }),
              row.kind === 'summary' ? h('span', { class: 'tag tag-summary', text: 'summary' }) : null,
              row.kind === 'recalled' ? h('span', { class: 'tag tag-summary', text: 'recalled' }) : null,
              row.kind === 'facts' ? h('span', { class: 'tag tag-summary', text: 'facts' }) : null,
              h('span', { class: 'context-tokens', text: row.tokens === undefined ? '? tok' : `${row.tokens} tok` }),
            ),
            h('div', { class: 'context-text', text: messageText(row.message) }),
            row.kind === 'recalled' ? recalledList(s.context.recalled ?? [], s.sessionId) : null,
            row.kind === 'facts' ? factsWhy(s.context.facts) : null,
          ),
        ),
      );
      if (!rows.length) {
        footer.textContent = 'Empty: nothing to send yet.';
        footer.dataset.ok = 'true';
        return;
      }
      const parts = `Σ ${rows.length} messages ${num(sum - REPLY_PRIMING)} + ${REPLY_PRIMING} reply priming`;
      footer.textContent = `${parts} = ${num(sum)} ${matches ? '=' : '≠'} context.tokenCount ${num(s.context.tokenCount)}${matches ? ' ✓' : ''}`;
      footer.dataset.ok = String(matches);
    },
  };
}
