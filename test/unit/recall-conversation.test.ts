import { describe, expect, it } from 'vitest';
import { createRecallIndex } from '../../src/recall/recall-index.js';
import type { RecallDoc } from '../../src/recall/recall-index.js';

/** Three sittings between Ana (the user) and Ben (the assistant), weeks apart. */
const SESSIONS: { date: string; turns: [speaker: string, text: string][] }[] = [
  {
    date: '2024-03-02T18:00:00Z',
    turns: [
      ['Ana', 'Guess what, I finally signed up for the pottery class downtown!'],
      ['Ben', 'That is great news. Which evening does it meet?'],
      ['Ana', 'Thursdays at seven, right after work.'],
      ['Ben', 'Perfect timing. Bring an apron, clay gets everywhere.'],
      ['Ana', 'Ha, noted. Also my sister keeps asking about summer plans.'],
    ],
  },
  {
    date: '2024-04-15T09:30:00Z',
    turns: [
      ['Ana', 'My sister Lucia is visiting from Lisbon next week.'],
      ['Ben', 'Lovely! Are you going to show her around the city?'],
      ['Ana', 'Yes, we want to try the new ramen place and the botanical garden.'],
      ['Ben', 'I would recommend booking the ramen place ahead, it gets busy.'],
    ],
  },
  {
    date: '2024-05-20T20:15:00Z',
    turns: [
      ['Ana', 'The pottery teacher said my bowls are improving.'],
      ['Ben', 'You have been practising every week, it shows.'],
      ['Ana', 'I recommend the class to anyone who wants to unwind.'],
    ],
  },
];

function conversation(): { docs: RecallDoc[]; idOf: (text: string) => string } {
  const docs: RecallDoc[] = [];
  SESSIONS.forEach((session, s) =>
    session.turns.forEach(([speaker, text], t) => {
      // Turns of a sitting a minute apart; sittings weeks apart.
      const timestamp = new Date(Date.parse(session.date) + t * 60_000).toISOString();
      docs.push({ id: `s${s + 1}t${t + 1}`, text, speaker, role: speaker === 'Ana' ? 'user' : 'assistant', timestamp });
    }),
  );
  const idOf = (text: string) => docs.find((d) => d.text.startsWith(text))!.id;
  return { docs, idOf };
}

function indexWith(ranking = {}) {
  const { docs, idOf } = conversation();
  const index = createRecallIndex({ ranking });
  for (const d of docs) index.add(d);
  const ids = (query: string, topK = 3) => index.search(query, { topK }).map((h) => h.id);
  return { ids, idOf };
}

describe('recall over a multi-session conversation', () => {
  it('finds an answer that only makes sense with the turn before it', () => {
    const { ids, idOf } = indexWith();
    const answer = idOf('Thursdays at seven');
    // No word of the question is in the answer: it is found through the question it answers.
    expect(ids('When does the pottery class meet?')).toContain(answer);
    expect(
      indexWith({ previousWeight: 0, nextWeight: 0, episodeWeight: 0 }).ids('When does the pottery class meet?', 20),
    ).not.toContain(answer);
  });

  it('keeps context inside a sitting: turns weeks apart are not neighbours', () => {
    const { ids, idOf } = indexWith({ episodeWeight: 0 });
    // The last turn of sitting 1 mentions the sister; sitting 2's first turn does not borrow from it.
    const hits = ids('summer plans', 10);
    expect(hits).toContain(idOf('Ha, noted'));
    expect(hits).not.toContain(idOf('My sister Lucia'));
  });

  it('matches dates in the question against when things were said', () => {
    const { ids, idOf } = indexWith();
    const april = ['My sister Lucia', 'Lovely!', 'Yes, we want', 'I would recommend'].map(idOf);
    expect(april).toContain(ids('What did we talk about in April 2024?', 1)[0]);
    expect(ids('What did Ana talk about on 15 April?', 4).sort()).toEqual([...april].sort());
    expect(ids('What happened on 2024-05-20?', 1)[0]).toMatch(/^s3/);
  });

  it('favours the turns of the person the question names', () => {
    const { ids, idOf } = indexWith();
    expect(ids('What did Ben recommend?', 1)).toEqual([idOf('I would recommend')]);
    expect(ids('What does Ana recommend?', 1)).toEqual([idOf('I recommend the class')]);
  });

  it('matches word forms and irregular forms', () => {
    const { ids, idOf } = indexWith();
    expect(ids('Who visits Ana?')).toContain(idOf('My sister Lucia'));
    expect(ids('Did the teacher say anything about her bowl?', 1)).toEqual([idOf('The pottery teacher said')]);
  });

  it('keeps standalone documents (summaries) out of the turn sequence', () => {
    const at = '2024-06-01T10:00:00Z';
    const index = createRecallIndex();
    index.add({ id: 't1', text: 'Which evening works for you?', timestamp: at });
    index.add({ id: 'summary', text: 'Summary: Ana joined a pottery class', standalone: true, timestamp: at });
    index.add({ id: 't2', text: 'Thursdays at seven.', timestamp: at });
    expect(index.search('pottery class').map((h) => h.id)).toEqual(['summary']);
    // The turns around it are still each other's neighbours.
    expect(index.search('evening').map((h) => h.id)).toEqual(['t1', 't2']);
  });

  it('takes dates and pauses from the timestamp of history recorded elsewhere', () => {
    const index = createRecallIndex();
    const add = (id: string, text: string, timestamp: string) => index.add({ id, text, timestamp });
    add('a1', 'Which trail did you pick?', '2023-05-08T13:56:00');
    add('a2', 'The ridge loop, it was gorgeous.', '2023-05-08T13:56:30');
    add('b1', 'I started a sourdough starter.', '2023-06-02T10:00:00');
    // Same session: the reply borrows the question's context; the next session does not.
    expect(index.search('trail').map((h) => h.id)).toEqual(['a1', 'a2']);
    expect(index.search('What did I bake in June 2023?').map((h) => h.id)[0]).toBe('b1');
    expect(
      index
        .search('May 8, 2023', { topK: 2 })
        .map((h) => h.id)
        .sort(),
    ).toEqual(['a1', 'a2']);
    // "yesterday" said on 8 May is 7 May.
    add('a3', 'I hiked with my brother yesterday.', '2023-05-08T13:57:00');
    expect(index.search('What did I do on 7 May 2023?', { topK: 1 }).map((h) => h.id)).toEqual(['a3']);
  });

  it('ignores a session_date metadata key: dates come from the timestamp only', () => {
    const index = createRecallIndex();
    index.add({
      id: 'x',
      text: 'We talked about gardening.',
      timestamp: '2023-05-08T10:00:00',
      metadata: { session_date: '9 July, 2021' },
    });
    expect(index.search('July 2021').map((h) => h.id)).toEqual([]);
    expect(index.search('May 2023').map((h) => h.id)).toEqual(['x']);
  });
});
