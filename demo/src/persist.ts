/**
 * What the playground remembers across reloads in `localStorage`: the current session id and
 * the profile choice (preset id and editor text). Nothing secret: the summarizer settings,
 * and an API key above all, are never written anywhere.
 * @module
 */

const PREFIX = 'recallkit-playground:';

/** The remembered choices. */
export interface Remembered {
  sessionId?: string;
  presetId?: string;
  /** The profile editor's text when it differs from the preset. */
  setupText?: string;
}

function read(key: string): string | undefined {
  try {
    return localStorage.getItem(PREFIX + key) ?? undefined;
  } catch {
    return undefined; // storage disabled: the playground still works, it just forgets
  }
}

function write(key: string, value: string | undefined): void {
  try {
    if (value === undefined) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, value);
  } catch {
    // storage disabled or full: nothing to do
  }
}

/** Load what the last visit chose. */
export function loadRemembered(): Remembered {
  const out: Remembered = {};
  const sessionId = read('session');
  const presetId = read('preset');
  const setupText = read('setup');
  if (sessionId) out.sessionId = sessionId;
  if (presetId) out.presetId = presetId;
  if (setupText) out.setupText = setupText;
  return out;
}

/** Remember the current session. */
export function rememberSession(sessionId: string): void {
  write('session', sessionId);
}

/** Remember the profile choice. */
export function rememberSetup(presetId: string, setupText: string | undefined): void {
  write('preset', presetId);
  write('setup', setupText);
}

/** A fresh, readable session id: `chat-YYYYMMDD-hhmmss-xxxx`. */
export function newSessionId(now = new Date()): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  const random = Math.random().toString(36).slice(2, 6).padEnd(4, '0');
  return `chat-${date}-${time}-${random}`;
}
