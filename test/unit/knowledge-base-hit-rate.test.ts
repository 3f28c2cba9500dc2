import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/create-memory.js';

/** Facts told early in a conversation, each with a later question that needs it. */
const FACTS: { fact: string; question: string }[] = [
  { fact: 'My sister Ana lives in Porto.', question: 'Which city does my sister live in?' },
  { fact: 'Our wifi password is sunflower42.', question: 'What was the wifi password again?' },
  { fact: 'The project deadline moved to March 3rd.', question: 'When is the project deadline now?' },
  { fact: 'I adopted a grey cat named Miso last spring.', question: "What is my cat's name?" },
  {
    fact: 'We chose Postgres over MongoDB for the billing service.',
    question: 'Which database did we choose for billing?',
  },
  {
    fact: 'My flight to Tokyo leaves at 09:40 from gate B12.',
    question: 'Which gate does my Tokyo flight leave from?',
  },
  { fact: 'The quarterly budget is 42,000 euros.', question: 'How much is the quarterly budget?' },
  { fact: 'I am allergic to peanuts and shellfish.', question: 'What am I allergic to?' },
  { fact: 'The staging server runs on port 8443.', question: 'Which port does the staging server use?' },
  { fact: 'My daughter plays the cello in the school orchestra.', question: 'Which instrument does my daughter play?' },
];
const FILLER = [
  'Tell me something nice.',
  'How is the weather usually in autumn?',
  'Any tips for focus?',
  'What should I cook tonight?',
];

describe('knowledge base retrieval on a conversation with known answers', () => {
  it('brings the needed turn back into the context for most questions (hit rate at top_k 3)', async () => {
    const memory = await createMemory({
      store: 'memory',
      summarizer: async () => 'The user chatted about daily life, work and family.', // loses every fact
      profile: {
        short_term_memory_strategy: [{ memory_strategy_id: 'max_tokens', memory_max_tokens: 600 }],
        long_term_memory_strategy: [
          {
            long_term_memory_id: 'summarizer',
            interaction_threshold_qty: 6,
            interaction_threshold_tokens: -1,
            cod_max_loops: 1,
            interaction_keep: 2,
            knowledge_base: { collection_id: 'chat', search_mode: 'always', top_k: 3 },
          },
        ],
      },
    });
    const S = 's';
    for (const [i, { fact }] of FACTS.entries()) {
      await memory.addUserMessage(S, fact);
      await memory.addAssistantMessage(S, 'Got it, I will remember that.');
      await memory.addUserMessage(S, FILLER[i % FILLER.length]!);
      await memory.addAssistantMessage(S, 'Here is a short answer about that.');
    }
    let hits = 0;
    for (const { fact, question } of FACTS) {
      await memory.addUserMessage(S, question);
      const ctx = await memory.getContextForLLM(S);
      if (ctx.messages.some((m) => m.content?.includes(fact))) hits += 1;
      expect(ctx.tokenCount).toBeLessThanOrEqual(600);
      await memory.addAssistantMessage(S, 'Answered.');
    }
    const rate = hits / FACTS.length;
    console.log(`knowledge base hit rate at top_k 3: ${hits}/${FACTS.length} (${(rate * 100).toFixed(0)}%)`);
    expect(rate).toBeGreaterThanOrEqual(0.8);
  });
});
