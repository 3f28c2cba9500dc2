/**
 * The status line under the chat: shared by the controller (app.ts), which sets it, and the
 * event watcher (events.ts), which reports through it.
 * @module
 */

/** A line under the chat saying what the memory is doing. */
export interface Status {
  /** Work in progress (a spinner shows). */
  busy: boolean;
  text: string;
  tone?: 'info' | 'ok' | 'error';
}
