/** Unknown paths answered before Express (docs/decisions/075-unknown-paths-before-express.md). */
import { readdirSync } from 'node:fs';
import type { Logger } from 'pino';

/** What Express answers before the route tree: a superset is harmless, a path missing gets the 404. */
export interface ExpressPaths {
  /** Served by the static files: `/favicon.ico`, `/brand/…` (`<clientDir>`, recursively). */
  clientDir?: string | undefined;
  exact: readonly string[];
  prefixes: readonly string[];
}

/** @returns whether Express, not the route tree, may answer a GET or HEAD for `path`. */
export function expressClaims({
  clientDir,
  exact,
  prefixes,
}: ExpressPaths): (path: string) => boolean {
  const paths = new Set(exact);
  if (clientDir) {
    for (const entry of readdirSync(clientDir, { recursive: true, encoding: 'utf8' }))
      paths.add(`/${entry.split('\\').join('/')}`);
  }
  const bases = prefixes.map((prefix) => prefix.replace(/\/$/, ''));
  return (path) =>
    paths.has(path) || bases.some((base) => path === base || path.startsWith(`${base}/`));
}

/** Distinct paths one line names; more are counted in `others`. */
const PATHS_PER_LINE = 50;
const PATH_CHARS = 200;

/** 404s' paths logged once per `everyMs` (default 1,000) as one `warn` line; `flush` writes them now. */
export function notFoundLog(
  logger: Logger,
  everyMs = 1_000,
): { record(path: string): void; flush(): void } {
  let paths = new Map<string, number>();
  let count = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (count === 0) return;
    const named = [...paths.values()].reduce((sum, n) => sum + n, 0);
    logger.warn(
      { status: 404, count, paths: Object.fromEntries(paths), others: count - named },
      'not found',
    );
    paths = new Map();
    count = 0;
  };
  return {
    record(path) {
      count++;
      const key = path.length > PATH_CHARS ? `${path.slice(0, PATH_CHARS)}…` : path;
      const seen = paths.get(key);
      if (seen !== undefined) paths.set(key, seen + 1);
      else if (paths.size < PATHS_PER_LINE) paths.set(key, 1);
      timer ??= setTimeout(flush, everyMs).unref();
    },
    flush,
  };
}
