/**
 * A loopback HTTP server standing in for Slack's incoming webhook or an agency's webhook
 * receiver: it records every POST (headers and raw body) and answers as told — 200, a 500, a
 * redirect, or never.
 */
import http from 'node:http';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type ReceiverMode = 'accept' | 'fail' | 'redirect' | 'hang';

export async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  setMode: (m: ReceiverMode) => void;
  close: () => Promise<void>;
}> {
  let mode: ReceiverMode = 'accept';
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (mode === 'hang') return;
      if (mode === 'fail') res.writeHead(500).end('internal error: asha@example.com echoed');
      else if (mode === 'redirect') res.writeHead(302, { Location: 'http://127.0.0.1:9/' }).end();
      else res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hook/T000/B000/secret-path`,
    received,
    setMode: (m) => {
      mode = m;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
