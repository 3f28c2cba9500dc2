/**
 * A fake OpenAI-compatible server for the playground's endpoint summarizer: real `node:http`
 * on 127.0.0.1 (port 0) with the CORS headers a page on another port needs. It answers every
 * chat completion with a fixed text and records the Authorization header it received.
 * @module
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running fake endpoint. */
export interface CorsOpenAIServer {
  /** Base URL ending in `/v1`. */
  baseUrl: string;
  /** Authorization headers of the completions received. */
  authorizations: (string | undefined)[];
  /** Hold completions until the returned function is called (a slow model). */
  hold(): () => void;
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type',
};

/** Start the server; every completion's content is `reply`. */
export async function startCorsOpenAIServer(reply: string): Promise<CorsOpenAIServer> {
  const authorizations: (string | undefined)[] = [];
  let held: Promise<void> = Promise.resolve();
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    req.resume();
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { ...CORS, 'content-type': 'application/json' });
        res.end('{"error":{"message":"not found"}}');
        return;
      }
      authorizations.push(req.headers.authorization);
      void held.then(() => {
        res.writeHead(200, { ...CORS, 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'c1',
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
          }),
        );
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    authorizations,
    hold: () => {
      let release = (): void => undefined;
      held = new Promise<void>((resolve) => (release = resolve));
      return () => release();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
