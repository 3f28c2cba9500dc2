/**
 * The server bench's Mastra route: the README server's turn (store the user's message, read the
 * chat's last 50 messages, store the reply) with `@mastra/memory` over `@mastra/pg`'s
 * `PostgresStore`, as Mastra's docs show them (a `Memory` with `lastMessages`, threads per chat,
 * `resourceId` per user, `saveMessages` and `recall`). Same HTTP contract as the README server.
 * Env: PORT, DATABASE_URL.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { Memory } from '@mastra/memory';
import { PostgresStore } from '@mastra/pg';

const memory = new Memory({
  storage: new PostgresStore({ id: 'bench', connectionString: process.env.DATABASE_URL!, max: 10 }),
  options: { lastMessages: 50 },
});
// Threads this process made or saw (an app keeps its own list; Mastra's agent looks them up).
const threads = new Set<string>();

const text = (role: 'user' | 'assistant', content: string, threadId: string, resourceId: string) => ({
  id: randomUUID(),
  role,
  content: { format: 2 as const, parts: [{ type: 'text' as const, text: content }] },
  threadId,
  resourceId,
  createdAt: new Date(),
  type: 'v2',
});

const server = http.createServer(async (req, res) => {
  const userId = req.headers['x-user-id'];
  const chatId = new URL(req.url ?? '/', 'http://localhost').searchParams.get('chat');
  if (req.method !== 'POST' || typeof userId !== 'string' || !chatId) return void res.writeHead(400).end();
  try {
    let body = '';
    for await (const chunk of req) body += chunk;
    const { message } = JSON.parse(body) as { message: string };
    const threadId = `${userId}:${chatId}`;
    if (!threads.has(threadId)) {
      if (!(await memory.getThreadById({ threadId })))
        await memory.createThread({ threadId, resourceId: userId, title: chatId });
      threads.add(threadId);
    }
    await memory.saveMessages({ messages: [text('user', message, threadId, userId)] });
    const recalled = await memory.recall({ threadId, resourceId: userId });
    const messages = recalled.messages.map((m) => ({
      role: m.role,
      content: m.content.parts.map((p) => ('text' in p ? p.text : '')).join(''),
    }));
    const reply = `echo: ${messages[messages.length - 1]?.content ?? ''}`;
    await memory.saveMessages({ messages: [text('assistant', reply, threadId, userId)] });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ reply, messages }));
  } catch (error) {
    console.error(error);
    res.writeHead(503).end();
  }
});
server.listen(Number(process.env.PORT ?? 3000));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
