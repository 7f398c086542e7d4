/**
 * A diagnostic for `npm run bench:pages`: a reverse proxy in front of the bench server that passes
 * every request and response through unchanged (status, headers, the same compressed bytes)
 * except that it drops `Cross-Origin-Opener-Policy` from the responses.
 *
 * Lighthouse opens each run on `about:blank`. A page with `Cross-Origin-Opener-Policy:
 * same-origin` must then go to a new browsing context group
 * (https://html.spec.whatwg.org/multipage/browsers.html#cross-origin-opener-policies), which
 * Chromium puts in a new renderer process, and on a two-core machine the navigation commit in
 * that process takes two to three times as long (wall time; about the same CPU). Lighthouse's
 * simulation multiplies that task by four and counts its tail in Total Blocking Time
 * (docs/decisions/024-coop-navigation-commit-in-tbt.md). The same pages through this proxy show
 * what the site's own work costs without that swap. The figures are reported beside the targets,
 * never instead of them: the site keeps sending the header.
 */
import { Agent, createServer, request } from 'node:http';
import { listenOnLoopback, type LoopbackServer } from './floor-page.ts';

/**
 * Starts the proxy on 127.0.0.1 ({@link listenOnLoopback}).
 *
 * @param target the bench server's origin, e.g. `http://localhost:4100`
 * @returns the proxy's origin and a function that closes it
 */
export async function startWithoutCoopProxy(target: string): Promise<LoopbackServer> {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const server = createServer((req, res) => {
    const forwarded = request(
      new URL(req.url ?? '/', upstream),
      { method: req.method, headers: { ...req.headers, host: upstream.host }, agent },
      (answer) => {
        const headers = { ...answer.headers };
        delete headers['cross-origin-opener-policy'];
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.writeHead(502).end());
    req.pipe(forwarded);
  });
  const listening = await listenOnLoopback(server);
  return {
    origin: listening.origin,
    close: async () => {
      await listening.close();
      agent.destroy();
    },
  };
}
