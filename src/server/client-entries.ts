/**
 * The client build's entries of the site's own, beside React Router's: `src/vitals.ts`, which a
 * page that does not hydrate loads (docs/decisions/150-item-pages-ship-no-framework-javascript.md).
 * Built as an input of the client build with a hashed name (`vite.config.ts`); its URL read back
 * from the build's manifest (https://vite.dev/guide/backend-integration.html,
 * https://vite.dev/config/build-options.html#build-manifest).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The module's path from the project's root: its key in the manifest, its URL in development. */
export const VITALS_ENTRY = 'src/vitals.ts';

/** A chunk of Vite's manifest (`.vite/manifest.json`), of which only this is read. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
}

/**
 * The URL of the built `src/vitals.ts` (`/assets/vitals-<hash>.js`), from `clientDir`'s
 * `.vite/manifest.json`; in development (`dev`) the source's own URL, which Vite serves.
 * @throws Error when the manifest cannot be read or names no such entry: a build from before the
 *   entry, or not a build.
 */
export function vitalsModuleUrl(clientDir: string | undefined, dev: boolean): string | undefined {
  if (dev) return `/${VITALS_ENTRY}`;
  if (clientDir === undefined) return undefined;
  const manifest = JSON.parse(
    readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk | undefined>;
  const chunk = manifest[VITALS_ENTRY];
  if (!chunk?.isEntry) throw new Error(`the client build has no entry ${VITALS_ENTRY}`);
  return `/${chunk.file}`;
}
