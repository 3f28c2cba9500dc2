/**
 * Reserved session ids (`__recallkit…`, the sync client's own state) through the worker: every
 * method of `createWorkerMemory`'s memory refuses them, `verify` too (#31).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import { createWorkerMemory } from '../../src/worker/client.js';
import { SESSION_CALLS, methodsOf } from '../support/session-calls.js';
import { removeDatabases } from '../support/browser-cleanup.js';

const PREFIX = `recallkit-reserved-ids-${Date.now()}`;
afterAll(() => removeDatabases(PREFIX));

describe('the worker and reserved session ids', () => {
  it('every method of the worker memory is in the table, and every session method refuses __recallkit ids', async () => {
    const memory = await createWorkerMemory({
      store: 'indexeddb',
      dbName: `${PREFIX}-1`,
      worker: new Worker(new URL('../../src/worker/worker.ts', import.meta.url), { type: 'module' }),
    });
    expect(methodsOf(memory)).toEqual(Object.keys(SESSION_CALLS).sort());
    await memory.addUserMessage('mine', 'hello');
    for (const id of ['__recallkit_sync__', '__recallkit']) {
      for (const [name, row] of Object.entries(SESSION_CALLS)) {
        if (row === null) continue;
        const error = await row.call(memory, id).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error, `${name}(${JSON.stringify(id)})`).toBeInstanceOf(ValidationError);
        expect(error).toMatchObject({ field: row.field });
      }
    }
    expect((await memory.listSessions()).map((s) => s.sessionId)).toEqual(['mine']);
    await memory.close();
  });
});
