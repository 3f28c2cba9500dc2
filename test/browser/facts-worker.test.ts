/**
 * Facts in real Chromium through createWorkerMemory, on IndexedDB with the OPFS journal: the
 * methods and `facts:changed` cross the worker, a fact survives a reload, a worker terminated
 * before its reads finished (the tab crashed) loses no turn's facts, and an IndexedDB deleted
 * after a crash brings the facts back from the journal, forgotten ones still forgotten.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import type { Memory } from '../../src/memory.js';
import type { FactsChange } from '../../src/facts/types.js';
import { createWorkerMemory, type WorkerMemoryOptions } from '../../src/worker/client.js';
import { removeDatabases } from '../support/browser-cleanup.js';

const PREFIX = 'recallkit-facts-test-';
const opened: Memory[] = [];
afterEach(async () => {
  await Promise.allSettled(opened.splice(0).map((m) => m.close()));
});
afterAll(() => removeDatabases(PREFIX));

const uniqueDb = (): string => `${PREFIX}${Date.now()}-${Math.random().toString(36).slice(2)}`;
const DAY = 86_400_000;
const ago = (days: number): string => new Date(Date.now() - days * DAY).toISOString();
const spawn = (): Worker => new Worker(new URL('../../src/worker/worker.ts', import.meta.url), { type: 'module' });

async function open(dbName: string, options: WorkerMemoryOptions = {}): Promise<Memory> {
  const memory = await createWorkerMemory({ dbName, worker: spawn(), facts: {}, ...options });
  opened.push(memory);
  return memory;
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('delete blocked'));
  });
}

describe('facts through a worker, on IndexedDB', () => {
  it('list, set, forget and facts:changed cross the worker; errors keep their field', async () => {
    const m = await open(uniqueDb());
    const changes: FactsChange[] = [];
    m.on('facts:changed', (c) => changes.push(c));
    await m.addUserMessage('a', 'I live in Lyon.', undefined, { timestamp: ago(100) });
    await m.addUserMessage('b', 'We moved to Berlin.', undefined, { timestamp: ago(10) });
    await m.idle();
    const facts = await m.listFacts({ history: true });
    expect(facts.map((f) => `${f.value}:${f.status}`)).toEqual(['Lyon:superseded', 'Berlin:current']);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((c) => c.cause === 'extracted')).toBe(true);
    const error = await m.setFact({ text: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toMatch(/^fact\.text: /);
    const mine = await m.setFact({ text: 'I am vegetarian', attribute: 'diet', value: 'vegetarian' });
    expect(mine.origin).toBe('user');
    await m.forgetFact(facts[1]!.id);
    expect((await m.listFacts()).map((f) => f.value)).toEqual(['vegetarian']);
    expect(changes.at(-1)).toMatchObject({ cause: 'forgotten' });
    const ctx = await m.getContextForLLM('b', { format: 'anthropic' });
    expect(ctx.system).toContain('The user is vegetarian');
    expect(ctx.system).not.toMatch(/berlin|lyon/i);
  });

  it('survive a reload, and a worker terminated before its reads finished loses no fact', async () => {
    const dbName = uniqueDb();
    const first = await open(dbName);
    await first.addUserMessage('a', 'I live in Lyon.', undefined, { timestamp: ago(100) });
    await first.idle();
    const before = await first.listFacts({ history: true });
    await first.close();
    const second = await open(dbName);
    expect(await second.listFacts({ history: true })).toEqual(before);

    // The tab dies right after its adds resolved: their turns are stored, their facts maybe not yet.
    const worker = spawn();
    const crashing = await createWorkerMemory({ dbName: `${dbName}-crash`, worker, facts: {} });
    await crashing.addUserMessage('c', 'We moved to Berlin.', undefined, { timestamp: ago(10) });
    await crashing.addUserMessage('c', 'I am vegetarian. My dog is called Rex.', undefined, { timestamp: ago(9) });
    worker.terminate();
    const after = await open(`${dbName}-crash`);
    await after.idle();
    expect((await after.listFacts()).map((f) => f.value).sort()).toEqual(['Berlin', 'dog named Rex', 'vegetarian']);
  });

  it("the model pass: a tab gone before it ran reads the turns on the next open, through the page's summarizer", async () => {
    const dbName = uniqueDb();
    const prompts: string[] = [];
    /**
     * Answers as a model would: a fact for each listed turn that mentions chess, quoting it (a
     * phrasing the offline rules do not read, so the fact is the model's).
     */
    const summarizer = async (prompt: string): Promise<string> => {
      prompts.push(prompt);
      const quote = 'Sundays are for chess';
      // The prompt lists the turns as `[n] (date) text`.
      const facts = [...prompt.matchAll(/^\[(\d+)\] \([^)]*\) (.*)$/gmu)]
        .filter((m) => m[2]!.includes(quote))
        .map((m) => ({ turn: Number(m[1]), attribute: 'hobby', value: 'chess', kind: 'state', quote }));
      return JSON.stringify({ facts });
    };
    const worker = spawn();
    const first = await createWorkerMemory({ dbName, worker, facts: { extract: 'model' }, summarizer });
    await first.addUserMessage('a', 'I live in Lyon. Sundays are for chess with my neighbour.');
    worker.terminate(); // before the pass waited out its idle delay
    const second = await open(dbName, { facts: { extract: 'model' }, summarizer });
    await second.idle();
    expect(prompts).toHaveLength(1);
    const facts = await second.listFacts();
    expect(facts.map((f) => `${f.attribute}=${f.value}:${f.origin}`).sort()).toEqual([
      'city=Lyon:rules',
      'hobby=chess:model',
    ]);
    await second.close();
    const third = await open(dbName, { facts: { extract: 'model' }, summarizer });
    await third.idle();
    expect(prompts).toHaveLength(1); // read once
  });

  it('an IndexedDB deleted after a crash brings the facts back from the journal, forgotten ones still forgotten', async () => {
    const dbName = uniqueDb();
    const first = await open(dbName);
    await first.addUserMessage('a', 'I live in Lyon. I am vegetarian.', undefined, { timestamp: ago(100) });
    await first.idle();
    const lyon = (await first.listFacts({ attribute: 'city' }))[0]!;
    await first.forgetFact(lyon.id);
    const kept = await first.listFacts({ history: true });
    const exported = await first.exportFacts();
    expect(kept.map((f) => f.value)).toEqual(['vegetarian']);
    await first.close();
    await deleteDatabase(dbName);
    const second = await open(dbName);
    expect((await second.storageState()).status).toBe('restored');
    await second.idle();
    expect(await second.listFacts({ history: true })).toEqual(kept);
    expect(await second.exportFacts()).toEqual(exported);
    expect(JSON.stringify(exported)).not.toMatch(/lyon/i);
  });
});
