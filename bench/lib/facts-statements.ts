/**
 * The single turns of rounds 12 and 13 scored for `npm run eval:facts`: per round, the share of
 * turns that yield every fact they state, the share of stated facts read, and the share of turns
 * that state nothing yet are read as a fact about the user (through the rule extractor); and
 * round 13's assistant turns, added to a memory with `facts` on, none of which may become a fact.
 * @module
 */
import { createMemory } from 'recallkit';
import { missedFacts, statesSomething } from '../../test/support/facts/statements.js';
import {
  ROUND_12_STATEMENT_DISTRACTORS,
  ROUND_12_STATEMENTS,
  type Statement,
} from '../../test/support/facts/suites-round-12.js';
import {
  ROUND_13_ASSISTANT_TURNS,
  ROUND_13_STATEMENT_DISTRACTORS,
  ROUND_13_STATEMENTS,
} from '../../test/support/facts/suites-round-13.js';
import { markdownTable, share as pct } from './table.js';

/** One round's single turns: those that state facts, and those that state nothing. */
interface StatementRound {
  name: string;
  statements: readonly Statement[];
  distractors: readonly string[];
}

const ROUNDS: StatementRound[] = [
  { name: 'round 12', statements: ROUND_12_STATEMENTS, distractors: ROUND_12_STATEMENT_DISTRACTORS },
  { name: 'round 13', statements: ROUND_13_STATEMENTS, distractors: ROUND_13_STATEMENT_DISTRACTORS },
];

/** The slice of a memory with facts the assistant-turn check uses. */
interface MemoryWithFacts {
  addAssistantMessage(s: string, content: string): Promise<unknown>;
  idle(): Promise<void>;
  listFacts(): Promise<unknown[]>;
  close(): Promise<void>;
}

/** How many of round 13's assistant turns became a fact in a memory with `facts` on (undefined without `listFacts`). */
async function assistantTurnsRead(): Promise<number | undefined> {
  let read = 0;
  for (const text of ROUND_13_ASSISTANT_TURNS) {
    let memory: MemoryWithFacts;
    try {
      memory = (await createMemory({ store: 'memory', facts: {} } as Parameters<
        typeof createMemory
      >[0])) as unknown as MemoryWithFacts;
    } catch {
      return undefined;
    }
    try {
      if (typeof memory.listFacts !== 'function') return undefined;
      await memory.addAssistantMessage('chat', text);
      await memory.idle();
      if ((await memory.listFacts()).length > 0) read++;
    } finally {
      await memory.close();
    }
  }
  return read;
}

/** The table (Markdown), and the missed statements and the distractors read, for the console. */
export async function statementTables(): Promise<{ markdown: string; failures: string[] }> {
  const failures: string[] = [];
  const rows: string[][] = [];
  for (const round of ROUNDS) {
    let passed = 0;
    let facts = 0;
    let found = 0;
    for (const statement of round.statements) {
      const missed = missedFacts(statement);
      facts += statement.facts.length;
      found += statement.facts.length - missed.length;
      if (missed.length === 0) passed++;
      else
        failures.push(
          `statement (${round.name}): ${JSON.stringify(statement.text)} missed ${missed.map((m) => `${String(m.attribute)}=${m.value}`).join(', ')}`,
        );
    }
    const read = round.distractors.filter((text) => statesSomething(text));
    for (const text of read) failures.push(`distractor read (${round.name}): ${JSON.stringify(text)}`);
    rows.push(
      [
        `${round.name}: turns that yield every fact they state`,
        pct(passed, round.statements.length),
        String(round.statements.length),
      ],
      [`${round.name}: facts stated in those turns that are read`, pct(found, facts), String(facts)],
      [
        `${round.name}: turns stating nothing about the user read as a fact about the user`,
        pct(read.length, round.distractors.length),
        String(round.distractors.length),
      ],
    );
  }
  const assistant = await assistantTurnsRead();
  if (assistant !== undefined)
    rows.push([
      'round 13: assistant turns that became a fact (through createMemory)',
      pct(assistant, ROUND_13_ASSISTANT_TURNS.length),
      String(ROUND_13_ASSISTANT_TURNS.length),
    ]);
  const markdown = markdownTable(
    [{ header: 'single turns' }, { header: 'result', align: 'right' }, { header: 'of', align: 'right' }],
    rows,
  );
  return { markdown, failures };
}
