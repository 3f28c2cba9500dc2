/**
 * The README server's PGlite baseline for the cold-start bench: the same route as
 * test/postgres/fixtures/raw-server.ts (a SELECT of the chat's last messages, an INSERT of the
 * user's message and the reply) on PGlite directly. Env: PORT; the data directory is
 * ./raw-data of the cwd.
 */
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';

const db = new PGlite('./raw-data');
await db.query(
  'CREATE TABLE IF NOT EXISTS raw_turns (id bigserial PRIMARY KEY, user_id text NOT NULL, chat_id text NOT NULL, role text NOT NULL, content text NOT NULL)',
);
await db.query('CREATE INDEX IF NOT EXISTS raw_turns_chat ON raw_turns (user_id, chat_id, id)');

const server = http.createServer(async (req, res) => {
  const userId = req.headers['x-user-id'];
  const chatId = new URL(req.url ?? '/', 'http://localhost').searchParams.get('chat');
  if (req.method !== 'POST' || typeof userId !== 'string' || !chatId) return void res.writeHead(400).end();
  try {
    let body = '';
    for await (const chunk of req) body += chunk;
    const { message } = JSON.parse(body) as { message: string };
    const { rows } = await db.query<{ role: string; content: string }>(
      'SELECT role, content FROM raw_turns WHERE user_id = $1 AND chat_id = $2 ORDER BY id DESC LIMIT 19',
      [userId, chatId],
    );
    const messages = [...rows.reverse(), { role: 'user', content: message }];
    const reply = `echo: ${message}`;
    await db.query(
      'INSERT INTO raw_turns (user_id, chat_id, role, content) VALUES ($1, $2, $3, $4), ($1, $2, $5, $6)',
      [userId, chatId, 'user', message, 'assistant', reply],
    );
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ reply, messages }));
  } catch {
    res.writeHead(503).end();
  }
});
server.listen(Number(process.env.PORT ?? 3000));
process.on('SIGTERM', () => server.close(() => void db.close().then(() => process.exit(0))));
