import { describe, expect, it } from 'vitest';
import { extractSummary } from '../../src/summarizers/extract-summary.js';
import { findMissingFacts } from '../../src/summarizers/fact-check.js';

describe('findMissingFacts', () => {
  const source = [
    'Hi! I met Maria Gonzalez from Acme Corp yesterday.',
    'The contract is worth $1,200,000 and growth was 15% in Q3.',
    'Deploy v2.3.1 before 2024-03-01, the meeting is on March 5.',
    'We decided to use PostgreSQL for storage.',
    "Let's go with the blue theme for the dashboard.",
  ];

  it('lists names, numbers and decisions a summary does not mention', () => {
    expect(findMissingFacts(source, 'A chat.')).toEqual({
      names: ['Maria Gonzalez', 'Acme Corp', 'Q3', 'PostgreSQL'],
      numbers: ['$1,200,000', '15%', 'v2.3.1', '2024-03-01', 'March 5'],
      decisions: ['PostgreSQL', 'blue theme'],
    });
  });

  it('counts a fact as present case-insensitively, numbers normalized', () => {
    const summary =
      'maria gonzalez (ACME corp) signed for 1200000 dollars; growth 15 percent in q3. ' +
      'Ship V2.3.1 by 2024-03-01; meeting march 5. Storage: postgresql. Dashboard uses the Blue Theme.';
    expect(findMissingFacts(source, summary)).toEqual({ names: [], numbers: [], decisions: [] });
  });

  it('does not take sentence-initial or common words for names, nor lone digits for numbers', () => {
    const facts = findMissingFacts(['Thanks. Please check it. Yes, step 1 is done. Deploy it now.'], '');
    expect(facts).toEqual({ names: [], numbers: [], decisions: [] });
  });

  it('accepts a multi-word name when each of its words appears', () => {
    expect(findMissingFacts(['I called Maria Gonzalez.'], 'Gonzalez, Maria called.').names).toEqual([]);
    expect(findMissingFacts(['I called Maria Gonzalez.'], 'Maria called.').names).toEqual(['Maria Gonzalez']);
  });
});

describe('extractSummary', () => {
  it.each([
    ['<think>reasoning</think>\nAna chose Postgres.', 'Ana chose Postgres.'],
    ["Sure! Here's a concise summary of the conversation:\n\nAna chose Postgres.", 'Ana chose Postgres.'],
    ['**Summary:** Ana chose Postgres.', 'Ana chose Postgres.'],
    ['```json\n{"summary": "Ana chose Postgres."}\n```', 'Ana chose Postgres.'],
    ['{"Denser_Summary": "Ana chose Postgres."}', 'Ana chose Postgres.'],
    ['"Ana chose Postgres."', 'Ana chose Postgres.'],
    // A cut-off CoD array: the last complete denser_summary.
    [
      '[{"missing_entities": "Ana", "denser_summary": "Ana chose Postgres."}, {"missing_entities": "x", "denser_su',
      'Ana chose Postgres.',
    ],
    // Not JSON, must survive unchanged.
    ['[Previous conversation summary]\n5 user messages', '[Previous conversation summary]\n5 user messages'],
  ])('%j → %j', (raw, expected) => {
    expect(extractSummary(raw)).toBe(expected);
  });

  it.each([[''], [' \n\t'], ['```\n\n```'], ['{"error": "overloaded"}'], ['[]'], ['-- ...']])(
    '%j has no summary',
    (raw) => {
      expect(extractSummary(raw)).toBeUndefined();
    },
  );
});
