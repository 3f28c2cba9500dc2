/**
 * Reserved session ids (`__recallkit…`, the sync client's own state) through a server user's
 * handle (`createServerMemory().forUser`): every method of the handle refuses them, `verify` too (#31).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import { createServerMemory } from '../../src/server/index.js';
import type { Memory } from '../../src/memory.js';
import { SESSION_CALLS, methodsOf } from '../support/session-calls.js';
import { closeShared, freshTenant, sharedPGlite } from './support.js';

afterAll(closeShared);

describe("a server user's handle and reserved session ids", () => {
  it('every session method refuses __recallkit ids with a ValidationError naming the field', async () => {
    const memories = createServerMemory({ pglite: await sharedPGlite() });
    const user = memories.forUser(freshTenant());
    // `run` is the handle's runner (not enumerable), not a method of Memory.
    const methods = methodsOf(user).filter((name) => name !== 'run');
    // Every method of the handle is a session method of the table.
    expect(methods.filter((name) => SESSION_CALLS[name as keyof Memory] === undefined)).toEqual([]);
    await user.addUserMessage('mine', 'hello');
    for (const id of ['__recallkit_sync__', '__recallkit']) {
      for (const name of methods) {
        const row = SESSION_CALLS[name as keyof Memory];
        if (row === null || name === 'listSessions') continue;
        const error = await row.call(user as unknown as Memory, id).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error, `${name}(${JSON.stringify(id)})`).toBeInstanceOf(ValidationError);
        expect(error).toMatchObject({ field: row.field });
      }
    }
    expect((await user.listSessions()).map((s) => s.sessionId)).toEqual(['mine']);
    await memories.close();
  });
});
