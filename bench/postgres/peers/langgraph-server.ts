/**
 * The server bench's LangGraph route: the README server's turn as LangGraph's short-term memory
 * docs show it: a `StateGraph` over `MessagesAnnotation` whose one node answers from the last 50
 * messages, compiled with `@langchain/langgraph-checkpoint-postgres`'s `PostgresSaver` (a pool of
 * 10), one `thread_id` per user's chat. Same HTTP contract as the README server.
 * Env: PORT, DATABASE_URL.
 */
import http from 'node:http';
import pg from 'pg';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';

const checkpointer = new PostgresSaver(new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }));
await checkpointer.setup();

const graph = new StateGraph(MessagesAnnotation)
  .addNode('model', async (state) => {
    const last = state.messages[state.messages.length - 1];
    return { messages: [new AIMessage(`echo: ${String(last?.content ?? '')}`)] };
  })
  .addEdge(START, 'model')
  .addEdge('model', END)
  .compile({ checkpointer });

const server = http.createServer(async (req, res) => {
  const userId = req.headers['x-user-id'];
  const chatId = new URL(req.url ?? '/', 'http://localhost').searchParams.get('chat');
  if (req.method !== 'POST' || typeof userId !== 'string' || !chatId) return void res.writeHead(400).end();
  try {
    let body = '';
    for await (const chunk of req) body += chunk;
    const { message } = JSON.parse(body) as { message: string };
    const state = await graph.invoke(
      { messages: [new HumanMessage(message)] },
      { configurable: { thread_id: `${userId}:${chatId}` } },
    );
    const all = state.messages;
    const reply = String(all[all.length - 1]?.content ?? '');
    // What the model was given: the last 50 messages before its reply.
    const messages = all.slice(-51, -1).map((m) => ({ role: m.getType(), content: String(m.content) }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ reply, messages }));
  } catch (error) {
    console.error(error);
    res.writeHead(503).end();
  }
});
server.listen(Number(process.env.PORT ?? 3000));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
