/**
 * The scoring rules of `npm run eval:context` (bench/lib): the README's context-quality figures
 * and the goals are read through them, so they must say exactly what they claim.
 */
import { describe, expect, it } from 'vitest';
import { answerCovered, contentWords, evidenceFound, scoredText } from '../../bench/lib/coverage.js';
import { parseSessionDate } from '../../bench/lib/locomo-data.js';
import { naiveSplice } from '../../bench/lib/naive-splice.js';
import { Scoreboard, answerPct, evidencePct, total } from '../../bench/lib/eval-scores.js';
import { countChatMessages } from '../../src/tokens/chat-tokens.js';
import { loadTiktoken } from '../../src/tokens/tiktoken.js';

describe('answer coverage', () => {
  it('takes the lower-case alphanumeric words of the gold answer, minus the stop list', () => {
    expect(contentWords('The week before 9 June, 2023')).toEqual(['week', 'before', '9', 'june', '2023']);
    expect(contentWords('Yes; she is.')).toEqual(['yes']);
  });

  it('needs every content word in the context, as whole words', () => {
    const ctx = scoredText('User: I adopted a dog in June 2023.\nAssistant: Congrats!');
    expect(answerCovered('a dog, June 2023', ctx)).toBe(true);
    expect(answerCovered('a cat, June 2023', ctx)).toBe(false);
    expect(answerCovered('do', ctx)).toBeUndefined(); // only stop words: not scored
    expect(answerCovered('adopt', ctx)).toBe(false); // "adopted" is not "adopt"
  });
});

describe('evidence coverage', () => {
  it('finds a turn verbatim, whatever the whitespace, and nothing less than the whole turn', () => {
    const ctx = scoredText('[8 May 2023] user: I went to a   LGBTQ support group\nyesterday and it was so powerful.');
    expect(evidenceFound(['I went to a LGBTQ support group yesterday and it was so powerful.'], ctx)).toBe(1);
    expect(evidenceFound(['I went to a LGBTQ support group yesterday and it was so powerful!', 'Hi'], ctx)).toBe(0);
  });
});

describe('LoCoMo session dates', () => {
  it('reads "h:mm am|pm on D Month, YYYY" as UTC', () => {
    expect(new Date(parseSessionDate('1:56 pm on 8 May, 2023')).toISOString()).toBe('2023-05-08T13:56:00.000Z');
    expect(new Date(parseSessionDate('12:09 am on 13 September, 2023')).toISOString()).toBe('2023-09-13T00:09:00.000Z');
  });

  it('refuses anything else, naming the format expected', () => {
    expect(() => parseSessionDate('May 8th')).toThrow(/h:mm am\|pm on D Month, YYYY/);
  });
});

describe('naive splice baseline', () => {
  it('puts hits in rank order within half the budget, the newest messages after, never over the budget', async () => {
    const counter = await loadTiktoken('o200k_base');
    try {
      const hit = (i: number) => ({
        entry: { role: 'user', content: `hit number ${i} about the trip to Paris and the museum` },
        score: 10 - i,
      });
      const recent = Array.from({ length: 200 }, (_, i) => ({
        role: i % 2 ? ('assistant' as const) : ('user' as const),
        content: `recent message ${i} with a few more words`,
      }));
      for (const budget of [200, 500, 1000]) {
        const messages = naiveSplice(
          counter,
          Array.from({ length: 40 }, (_, i) => hit(i)),
          recent,
          budget,
        );
        expect(countChatMessages(counter, messages)).toBeLessThanOrEqual(budget);
        expect(countChatMessages(counter, messages.slice(0, 1))).toBeLessThanOrEqual(budget / 2);
        expect(messages[0]!.content).toContain('hit number 0 ');
        expect(messages.at(-1)!.content).toBe('recent message 199 with a few more words');
      }
    } finally {
      counter.free();
    }
  });
});

describe('scoreboard', () => {
  it('counts over-budget contexts, and averages evidence per question', () => {
    const board = new Scoreboard();
    const key = { mode: 'one chat' as const, method: 'm', budget: 100, recall: 'yes' as const };
    board.record(key, 'conv-1', {
      covered: true,
      category: 1,
      evidenceFound: 1,
      evidenceKnown: 2,
      tokens: 90,
      newestPresent: true,
    });
    board.record(key, 'conv-1', {
      covered: false,
      category: 2,
      evidenceFound: 1,
      evidenceKnown: 1,
      tokens: 101,
      newestPresent: true,
    });
    board.record(key, 'conv-2', {
      covered: undefined,
      category: 2,
      evidenceFound: 0,
      evidenceKnown: 0,
      tokens: 50,
      newestPresent: false,
    });
    const t = total(board.get('one chat', 'm', 100, 'yes')!);
    expect(answerPct(t)).toBe(50);
    expect(evidencePct(t)).toBe(75);
    expect(t.overBudget).toBe(1);
    expect(t.maxTokens).toBe(101);
    expect(t.newestPresent).toBe(2);
  });
});
