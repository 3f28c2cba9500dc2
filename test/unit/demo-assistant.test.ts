/**
 * The playground's offline assistant echoes facts back in the second person: "my dog" said by
 * the user is "your dog" in its reply, never "my dog".
 */
import { describe, expect, it } from 'vitest';
import { respond } from '../../demo/src/assistant.js';
import { toSecondPerson } from '../../demo/src/pronouns.js';
import { SUGGESTIONS } from '../../demo/src/suggestions.js';

const tools = { searchNotes: async () => [] };

describe('the playground assistant', () => {
  it.each([
    [
      'My name is Ada and my dog is called Pixel.',
      'Noted: your name is Ada and your dog is called Pixel. Ask me about it later.',
    ],
    [
      'My plan is that I fly to Lisbon with my sister.',
      'Noted: your plan is that you fly to Lisbon with your sister. Ask me about it later.',
    ],
    [
      'Our budget is what we agreed: mine, not ours.',
      'Noted: your budget is what you agreed: yours, not yours. Ask me about it later.',
    ],
    ['My favourite city is Porto', 'Noted: your favourite city is Porto. Ask me about it later.'],
  ])('%s', async (text, reply) => {
    expect((await respond(text, tools)).reply).toBe(reply);
  });

  it('answers a question from what the model is sent: a recalled turn of another chat, or the kept history', async () => {
    const recalled = {
      role: 'system',
      content:
        'Recalled from earlier conversations (by date):\n[27 November 2026, chat "chat-1"]\n' +
        'User: My name is Ada.\nAssistant: Noted: your name is Ada. Ask me about it later.',
    };
    const question = { role: 'user', content: 'What is my name?' };
    let searched = 0;
    const counting = { searchNotes: async () => (searched++, []) };
    expect(await respond('What is my name?', counting, [recalled, question])).toEqual({
      reply: 'You told me in another chat: “My name is Ada.”',
    });
    const kept = [{ role: 'user', content: 'My name is Ada.' }, { role: 'assistant', content: 'Noted.' }, question];
    expect((await respond('What is my name?', counting, kept)).reply).toBe('You told me: “My name is Ada.”');
    expect(searched).toBe(0);
    // Not in what the model sees: the tool searches this chat's history.
    const turn = await respond('What is my name?', counting, [question]);
    expect(turn.tool?.name).toBe('search_notes');
    expect(turn.reply).toBe('I found nothing about that in my notes.');
    expect(searched).toBe(1);
  });

  it('swaps only whole first-person words, keeping case and other words', () => {
    expect(toSecondPerson("I'm sure my Myrtle and I'm sure I met Amy. I left")).toBe(
      "You're sure your Myrtle and you're sure you met Amy. You left",
    );
    expect(toSecondPerson('My mind')).toBe('Your mind');
  });

  it('offers newcomers plain sentences it answers, no markup', async () => {
    expect(SUGGESTIONS.length).toBeGreaterThan(0);
    for (const text of SUGGESTIONS) {
      expect(text).not.toMatch(/[<>&]|on\w+\s*=|javascript:/i);
      const turn = await respond(text, tools);
      expect(turn.reply.length).toBeGreaterThan(0);
      expect(turn.tool?.isError ?? false).toBe(false);
    }
  });
});
