/**
 * Auto-play: send scripted user turns one after another, through the same path as typed
 * messages, with a short pause between turns so a visitor can watch summaries appear.
 * The engine works in its worker; the page stays free between (and during) turns.
 * @module
 */
import { scriptTurns } from './script.js';

/** Pause between turns, in ms: long enough to watch, short enough not to bore. */
export const TURN_PAUSE_MS = 250;

/** What auto-play needs of the controller. */
export interface AutoplayTarget {
  send(text: string): Promise<void>;
}

/**
 * Send `count` scripted turns, starting after the `done` turns the session already has.
 * Stops early when `signal` aborts; resolves to the number of turns sent.
 */
export async function autoplay(
  target: AutoplayTarget,
  done: number,
  count: number,
  signal: AbortSignal,
  onTurn: (sent: number) => void,
): Promise<number> {
  let sent = 0;
  for (const text of scriptTurns(done, count)) {
    if (signal.aborted) break;
    await target.send(text);
    sent += 1;
    onTurn(sent);
    if (sent < count && !signal.aborted) await new Promise((resolve) => setTimeout(resolve, TURN_PAUSE_MS));
  }
  return sent;
}
