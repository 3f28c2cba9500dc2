/**
 * Facts on a server: createServerMemory({ facts }) keeps each user's facts in that user's rows
 * (on PostgreSQL and on a PGlite directory), across the user's sessions and engine evictions;
 * one user never sees another's; the handle lists, sets and forgets.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServerMemory } from '../../src/server/index.js';
import { closeShared, freshTenant, pgUrl } from './support.js';
import { retryingFirstCall } from '../support/until.js';

afterAll(closeShared);

const tokenizer = { count: (t: string) => Math.ceil(t.length / 4) };

describe('facts per user on a server', () => {
  it('each user has their own facts, across sessions and evictions of their engine', async () => {
    const memories = createServerMemory({ connectionString: pgUrl(), tokenizer, facts: {}, maxCachedUsers: 2 });
    const [ana, ben, cy] = [freshTenant(), freshTenant(), freshTenant()];
    await memories
      .forUser(ana)
      .addUserMessage('c1', 'I live in Lyon.', undefined, { timestamp: '2026-01-01T00:00:00Z' });
    await memories.forUser(ben).addUserMessage('c1', 'I live in Oslo.');
    await memories.forUser(cy).addUserMessage('c1', 'I am vegetarian.');
    await memories
      .forUser(ana)
      .addUserMessage('c2', 'We moved to Berlin.', undefined, { timestamp: '2026-06-01T00:00:00Z' });
    for (const id of [ana, ben, cy]) await memories.forUser(id).idle();
    expect((await memories.forUser(ana).listFacts({ history: true })).map((f) => `${f.value}:${f.status}`)).toEqual([
      'Lyon:superseded',
      'Berlin:current',
    ]);
    expect((await memories.forUser(ben).listFacts()).map((f) => f.value)).toEqual(['Oslo']);
    expect((await memories.forUser(cy).listFacts()).map((f) => f.value)).toEqual(['vegetarian']);
    const oslo = (await memories.forUser(ben).listFacts())[0]!;
    // Another user's fact id means nothing to this user.
    await expect(memories.forUser(ana).forgetFact(oslo.id)).rejects.toThrow(/^id: /);
    await memories.forUser(ben).forgetFact(oslo.id);
    await memories.forUser(ben).setFact({ text: 'Prefers metric units' });
    await memories.forUser(ana).addUserMessage('c3', 'Where should I go this weekend?');
    const ctx = await memories.forUser(ana).getContextForLLM('c3');
    expect(ctx.messages[0]!.content).toContain('The user lives in Berlin');
    expect(JSON.stringify(ctx)).not.toMatch(/oslo|metric/i);
    await memories.close();

    const again = createServerMemory({ connectionString: pgUrl(), tokenizer, facts: {} });
    expect((await again.forUser(ben).listFacts()).map((f) => f.text)).toEqual(['Prefers metric units']);
    expect(JSON.stringify(await again.forUser(ben).exportFacts())).not.toMatch(/oslo/i);
    await again.close();
  });

  it('on a PGlite directory, facts are there after a reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recallkit-facts-engine-'));
    try {
      const first = createServerMemory({ pglite: dir, tokenizer, facts: {} });
      await retryingFirstCall(() => first.forUser('u1').addUserMessage('chat', 'My dog is called Rex.'));
      await first.forUser('u1').idle();
      const before = await first.forUser('u1').listFacts({ history: true });
      expect(before.map((f) => f.value)).toEqual(['dog named Rex']);
      await first.close();
      const second = createServerMemory({ pglite: dir, tokenizer, facts: {} });
      expect(await retryingFirstCall(() => second.forUser('u1').listFacts({ history: true }))).toEqual(before);
      expect(await second.forUser('u2').listFacts()).toEqual([]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
