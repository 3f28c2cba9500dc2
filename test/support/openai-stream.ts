/**
 * Server-sent events as OpenAI's streaming chat completions send them (`stream: true`): one
 * `chat.completion.chunk` per text piece or tool call, a last chunk with the finish reason,
 * then `data: [DONE]`. Used by the scripted test server's `stream` behaviour.
 * @module
 */
import type { ServerResponse } from 'node:http';

/** One streamed piece: some text, or a whole tool call. */
export type StreamChunk = { text: string } | { toolCall: { id: string; name: string; arguments: string } };

/** How a `stream` behaviour streams. */
export interface StreamOptions {
  /** Pause before each chunk (default 0). */
  delayMs?: number;
  /** Send the chunks, then neither finish nor close (until the client goes away). */
  hang?: boolean;
}

const frame = (delta: Record<string, unknown>, finish: string | null = null): string =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-stream',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

/** Stream `chunks` on `res` as SSE; stops as soon as the client disconnects. */
export async function sendStream(
  res: ServerResponse,
  chunks: StreamChunk[],
  options: StreamOptions = {},
): Promise<void> {
  let gone = false;
  res.on('close', () => (gone = true));
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.write(frame({ role: 'assistant', content: '' }));
  let calls = 0;
  for (const chunk of chunks) {
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    if (gone) return;
    if ('text' in chunk) res.write(frame({ content: chunk.text }));
    else {
      const { id, name, arguments: args } = chunk.toolCall;
      res.write(frame({ tool_calls: [{ index: calls++, id, type: 'function', function: { name, arguments: args } }] }));
    }
  }
  if (options.hang || gone) return;
  res.write(frame({}, calls ? 'tool_calls' : 'stop'));
  res.end('data: [DONE]\n\n');
}
