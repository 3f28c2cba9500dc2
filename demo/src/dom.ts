/**
 * A tiny DOM builder. Text only ever goes in through `textContent` / text nodes, never as
 * HTML: whatever a user types (or an import contains) is shown literally.
 * @module
 */

/** A child of {@link h}: a node, a string (becomes a text node), or nothing. */
export type Child = Node | string | number | null | undefined | false;

/** Properties of {@link h}. */
export interface Props {
  class?: string;
  /** Set as `textContent` (never parsed as HTML). */
  text?: string;
  /** Attributes; `false`/`undefined` leave one out, `true` sets it empty. */
  attrs?: Record<string, string | number | boolean | undefined>;
  /** `data-*` attributes (used by tests to find things). */
  data?: Record<string, string | number>;
  /** Event listeners. */
  on?: { [K in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[K]) => void };
}

/**
 * Create an element with properties and children.
 * @example
 * h('p', { class: 'note' }, 'Hello ', h('strong', {}, name)) // name is shown as text
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props.class) el.className = props.class;
  if (props.text !== undefined) el.textContent = props.text;
  for (const [name, value] of Object.entries(props.attrs ?? {})) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const [name, value] of Object.entries(props.data ?? {})) el.dataset[name] = String(value);
  for (const [name, listener] of Object.entries(props.on ?? {})) {
    el.addEventListener(name, listener as EventListener);
  }
  append(el, ...children);
  return el;
}

/** Append children (strings as text nodes). */
export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(
      typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child,
    );
  }
}

/** Replace every child of `parent`. */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

/** A panel: a titled card on the page that re-renders from each snapshot. */
export interface PanelShell {
  /** The `<section>` to place in the layout. */
  root: HTMLElement;
  /** Where the panel's content goes. */
  body: HTMLElement;
  /** Right side of the header, for small controls and counters. */
  tools: HTMLElement;
}

/** The card every panel lives in: a header with a title and a hint, then a body. */
export function panelShell(id: string, title: string, hint: string): PanelShell {
  const tools = h('div', { class: 'panel-tools' });
  const body = h('div', { class: 'panel-body' });
  const heading = h('h2', { text: title, attrs: { id: `${id}-title` } });
  const root = h(
    'section',
    { class: `panel panel-${id}`, attrs: { 'aria-labelledby': `${id}-title` }, data: { panel: id } },
    h('header', { class: 'panel-head' }, heading, tools, h('p', { class: 'panel-hint', text: hint })),
    body,
  );
  return { root, body, tools };
}
