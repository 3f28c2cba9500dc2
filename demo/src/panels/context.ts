/**
 * "What the model sees": the exact `getContextForLLM` messages, each with its role and token
 * cost (4 framing + the entries' or summary's tokens), adding up to `context.tokenCount`.
 * @module
 */
import type { ChatMessage } from '../../../src/types.js';
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

/** Build the context panel. */
export function contextPanel(): { root: HTMLElement; render(s: Snapshot): void } {
  const shell = panelShell('context', 'What the model sees', 'getContextForLLM(): summaries first as system messages, then the kept history. Tokens per message = 4 framing + content.');
  const total = h('span', { class: 'pill', data: { testid: 'context-total' } });
  shell.tools.append(total);
  const list = h('ol', { class: 'context-list', data: { testid: 'context-list' } });
  const footer = h('p', { class: 'context-sum', data: { testid: 'context-sum' } });
  shell.body.append(list, footer);

  return {
    root: shell.root,
    render(s) {
      const { rows, total: sum, matches } = s.breakdown;
      total.textContent = `${num(s.context.tokenCount)} tokens · ${rows.length} messages`;
      replace(
        list,
        ...rows.map((row) =>
          h(
            'li',
            { class: `context-row role-${row.message.role} kind-${row.kind}`, data: { role: row.message.role, kind: row.kind } },
            h(
              'div',
              { class: 'context-meta' },
              h('span', { class: `badge badge-${row.message.role}`, text: row.message.role }),
              row.kind === 'summary' ? h('span', { class: 'tag tag-summary', text: 'summary' }) : null,
              h('span', { class: 'context-tokens', text: row.tokens === undefined ? '? tok' : `${row.tokens} tok` }),
            ),
            h('div', { class: 'context-text', text: messageText(row.message) }),
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
