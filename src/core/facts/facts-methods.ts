/**
 * The facts methods of a memory over its log: `listFacts`, `setFact`, `forgetFact` (the fact
 * and its history, see `fold-facts.ts` for what a forget record does), `exportFacts` and
 * `importFacts`. Each checks its input first (`facts-input.ts`) and reports what changed.
 * @module
 */
import type { FactRecord, FactsExport, FactVocabulary } from '../../facts/types.js';
import type { FactsLog } from './facts-log.js';
import type { FactsChanges } from './facts-changes.js';
import type { FactsMemory } from './facts-memory.js';
import { ValidationError } from '../../errors.js';
import { chainOf, foldFacts, publicFact } from './fold-facts.js';
import { forgetRecord, setRecord } from './fact-records.js';
import { forgottenKey } from './fact-keys.js';
import { checkFactId, checkFactsExport, checkListOptions, checkSetFact } from './facts-input.js';

/** What the methods need. */
export interface FactsMethodsDeps {
  log: FactsLog;
  changes: FactsChanges;
  vocabulary: FactVocabulary;
  now: () => Date;
}

/** The facts methods of a memory. */
export function createFactsMethods(deps: FactsMethodsDeps): FactsMemory {
  const { log, changes, vocabulary } = deps;
  return {
    async listFacts(options) {
      const o = checkListOptions(options);
      const { fold } = await log.read();
      return fold.facts
        .filter(
          (f) => (o.history || f.status === 'current') && (o.attribute === undefined || f.attribute === o.attribute),
        )
        .sort(
          (a, b) =>
            (a.attribute ?? '\uffff').localeCompare(b.attribute ?? '\uffff') ||
            (a.since ?? '').localeCompare(b.since ?? '') ||
            (a.id < b.id ? -1 : 1),
        )
        .map(publicFact);
    },

    async setFact(input) {
      const fact = checkSetFact(input);
      let id = '';
      const { after } = await log.change((view) => {
        // After the newest forget: a value set again right after it counts.
        const newest = Math.max(deps.now().getTime(), ...view.fold.forgotten.map((f) => f.at + 1));
        const record = setRecord(new Date(newest).toISOString(), fact.text, fact.attribute, fact.value);
        id = record.id;
        return { put: [record] };
      });
      changes.changed('set', after);
      const made = after.fold.facts.find((f) => f.records.includes(id));
      if (!made) throw new ValidationError('fact', 'a fact that can be stored', input);
      return publicFact(made);
    },

    async forgetFact(input) {
      const id = checkFactId(input);
      const { after } = await log.change((view) => {
        const fact = view.fold.byId.get(id);
        if (!fact)
          throw new ValidationError(
            'id',
            'the id of a fact of this memory (listFacts({ history: true }) lists them)',
            id,
          );
        const chain = chainOf(view.fold, fact);
        const keys = new Map(
          chain.map((f) => {
            const k = forgottenKey(vocabulary, f.attribute ?? '', f.value ?? f.text);
            return [`${k.attribute}\u0000${k.hash}`, k] as const;
          }),
        );
        const forget = forgetRecord(
          deps.now().toISOString(),
          [...keys.values()],
          [...new Set(chain.flatMap((f) => f.records))],
        );
        // What the log will mean with the forget: erase what it leaves out, rewrite what mentions it.
        const next = foldFacts([...view.records.values(), forget], vocabulary);
        return {
          put: [forget, ...next.rewrites.map((w) => w.to)],
          erase: [...next.suppressed, ...next.rewrites.map((w) => w.from.id)],
        };
      });
      changes.changed('forgotten', after);
      while (!(await changes.settle()));
    },

    async exportFacts(): Promise<FactsExport> {
      const { records, fold } = await log.read();
      const gone = new Set(fold.suppressed);
      const kept: FactRecord[] = [...records.values()].filter((r) => !gone.has(r.id));
      kept.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || (a.id < b.id ? -1 : 1));
      return structuredClone({ schemaVersion: 1, records: kept });
    },

    async importFacts(state) {
      const records = await checkFactsExport(state);
      const { after } = await log.change(() => ({ put: records }));
      changes.changed('imported', after);
      while (!(await changes.settle()));
    },
  };
}
