/**
 * Round 12's single turns scored for `npm run eval:facts`: the share of turns that yield every
 * fact they state, the share of stated facts read, and the share of turns that state nothing yet
 * are read as a fact about the user. Through the rule extractor.
 * @module
 */
import { missedFacts, statesSomething } from '../../test/support/facts/statements.js';
import { ROUND_12_STATEMENT_DISTRACTORS, ROUND_12_STATEMENTS } from '../../test/support/facts/suites-round-12.js';
import { markdownTable, share as pct } from './table.js';

/** The table (Markdown), and the missed statements and the distractors read, for the console. */
export function statementTable(): { markdown: string; failures: string[] } {
  const failures: string[] = [];
  let passed = 0;
  let facts = 0;
  let found = 0;
  for (const statement of ROUND_12_STATEMENTS) {
    const missed = missedFacts(statement);
    facts += statement.facts.length;
    found += statement.facts.length - missed.length;
    if (missed.length === 0) passed++;
    else
      failures.push(
        `statement: ${JSON.stringify(statement.text)} missed ${missed.map((m) => `${String(m.attribute)}=${m.value}`).join(', ')}`,
      );
  }
  const read = ROUND_12_STATEMENT_DISTRACTORS.filter((text) => statesSomething(text));
  for (const text of read) failures.push(`distractor read: ${JSON.stringify(text)}`);
  const markdown = markdownTable(
    [
      { header: 'round 12 (unseen): single turns' },
      { header: 'result', align: 'right' },
      { header: 'of', align: 'right' },
    ],
    [
      [
        'turns that yield every fact they state',
        pct(passed, ROUND_12_STATEMENTS.length),
        String(ROUND_12_STATEMENTS.length),
      ],
      ['facts stated in those turns that are read', pct(found, facts), String(facts)],
      [
        'turns stating nothing about the user read as a fact about the user',
        pct(read.length, ROUND_12_STATEMENT_DISTRACTORS.length),
        String(ROUND_12_STATEMENT_DISTRACTORS.length),
      ],
    ],
  );
  return { markdown, failures };
}
