/** No query, fragment or trailing slash (home: `<origin>/`). @throws TypeError unless `/…` */
export function absoluteUrl(path: string, site: URL | string): string {
  if (!path.startsWith('/')) throw new TypeError(`Expected an absolute path, got "${path}"`);
  const base = new URL(site);
  const clean = path.replace(/[?#].*$/, '').replace(/\/+$/, '') || '/';
  const basePath = base.pathname.replace(/\/+$/, '');
  const url = new URL(basePath + clean, base.origin);
  return url.href;
}
