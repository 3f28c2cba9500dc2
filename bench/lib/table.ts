/**
 * Markdown tables whose columns line up in a terminal as well as when rendered.
 * @module
 */

/** Column alignment: text left, numbers right. */
export type Align = 'left' | 'right';

/** A column: its header and alignment. */
export interface Column {
  header: string;
  align?: Align;
}

/** Render `rows` as an aligned Markdown table. */
export function markdownTable(columns: readonly Column[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((c, i) => Math.max(3, c.header.length, ...rows.map((r) => (r[i] ?? '').length)));
  const cell = (text: string, i: number): string =>
    columns[i]?.align === 'right' ? text.padStart(widths[i]!) : text.padEnd(widths[i]!);
  const line = (cells: readonly string[]): string =>
    `| ${columns.map((_, i) => cell(cells[i] ?? '', i)).join(' | ')} |`;
  const rule = `| ${columns.map((c, i) => (c.align === 'right' ? `${'-'.repeat(widths[i]! - 1)}:` : '-'.repeat(widths[i]!))).join(' | ')} |`;
  return [line(columns.map((c) => c.header)), rule, ...rows.map(line)].join('\n');
}

/** A number with thousands separators and a fixed number of decimals. */
export function fmt(n: number, digits = 0): string {
  if (!Number.isFinite(n)) return 'n/a';
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** `part` of `whole` as a percentage with one decimal (`12.5%`), `n/a` when `whole` is 0. */
export function share(part: number, whole: number): string {
  return whole === 0 ? 'n/a' : `${fmt((100 * part) / whole, 1)}%`;
}

/** A duration in ms with a precision that suits its size (µs below 0.1 ms). */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value < 0.1) return `${fmt(value * 1000, 1)} µs`;
  if (value < 10) return `${fmt(value, 2)} ms`;
  if (value < 1000) return `${fmt(value, 1)} ms`;
  if (value < 60_000) return `${fmt(value / 1000, 2)} s`;
  if (value < 3_600_000) return `${fmt(value / 60_000, 1)} min`;
  return `${fmt(value / 3_600_000, 1)} h`;
}

/** How much faster (ratio ≥ 1) or slower a subject is than a reference: `545x faster`. */
export function speedup(reference: number, subject: number): string {
  if (!Number.isFinite(reference) || !Number.isFinite(subject) || subject <= 0) return 'n/a';
  const r = reference / subject;
  return r >= 1 ? `${ratio(r)} faster` : `${ratio(1 / r)} slower`;
}

/** A ratio such as `123x`, `1.8x`. */
export function ratio(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return `${fmt(value, value >= 100 ? 0 : value >= 10 ? 1 : 2)}x`;
}
