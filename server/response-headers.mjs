/**
 * Security, caching and compression headers for every response (issue #4).
 * Owned by the SEO/security work; `server/index.mjs` calls `decorate(req, res)` before handing
 * the request to Astro. Placeholder: sets only the baseline headers until issue #4 lands.
 *
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function decorate(req, res) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
}
