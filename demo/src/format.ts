/**
 * Number and time formatting shared by the panels.
 * @module
 */

const numbers = new Intl.NumberFormat('en-US');

/** 12345 → "12,345". */
export function num(n: number): string {
  return numbers.format(n);
}

/** An ISO time as local `hh:mm:ss`. */
export function clock(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return d.toLocaleTimeString('en-GB', { hour12: false });
}

/** An ISO time as local `YYYY-MM-DD hh:mm`. */
export function dateTime(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A time range; the date once when both ends fall on the same day. */
export function timeRange(start: string, end: string): string {
  const day = (iso: string): string => dateTime(iso).slice(0, 10);
  return day(start) === day(end)
    ? `${day(start)} ${clock(start)}–${clock(end)}`
    : `${dateTime(start)} – ${dateTime(end)}`;
}

/** Shorten text to `max` characters on one line. */
export function snippet(text: string, max = 90): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** `n thing` / `n things`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${num(n)} ${n === 1 ? one : many}`;
}
