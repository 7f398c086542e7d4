/**
 * Absolute URLs for canonical links, Open Graph and JSON-LD, on the `SITE_URL` origin. Paths
 * have no trailing slash, so `/about` stays `/about` and the home page is `<origin>/`.
 */

/**
 * Resolves `path` (must start with `/`) against `site` (an origin, optionally with a base path)
 * and returns an absolute URL with no query, no fragment and no trailing slash except for `/`.
 *
 * @throws TypeError when `path` does not start with `/` (a relative path would silently resolve
 *   against the wrong base).
 */
export function absoluteUrl(path: string, site: URL | string): string {
  if (!path.startsWith('/')) throw new TypeError(`Expected an absolute path, got "${path}"`);
  const base = new URL(site);
  const clean = path.replace(/[?#].*$/, '').replace(/\/+$/, '') || '/';
  const basePath = base.pathname.replace(/\/+$/, '');
  const url = new URL(basePath + clean, base.origin);
  return url.href;
}
