/**
 * A raw HTTP client for the pipeline suites: full control over method, headers and body bytes
 * (fetch would refuse some of the malformed requests the corpus needs).
 */
import http from 'node:http';

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body chunked (no Content-Length). */
  chunked?: boolean;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function send(base: string, req: RawRequest): Promise<RawResponse> {
  const url = new URL(req.path, base);
  return new Promise((resolve, reject) => {
    const body = req.body === undefined ? undefined : Buffer.from(req.body);
    const headers: Record<string, string> = { ...req.headers };
    if (body && !req.chunked) headers['Content-Length'] = String(body.length);
    const r = http.request(url, { method: req.method ?? 'POST', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    r.on('error', reject);
    if (body && req.chunked) {
      for (let i = 0; i < body.length; i += 16_384) r.write(body.subarray(i, i + 16_384));
    } else if (body) r.write(body);
    r.end();
  });
}
