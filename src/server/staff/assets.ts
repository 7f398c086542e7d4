/**
 * The staff app's client files: from its own Vite manifest (`<build>/staff/.vite/manifest.json`)
 * in production, from Vite's dev server in development.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StaffAssets } from '../../staff/entry-server.tsx';

const STAFF_ENTRY = 'src/staff/entry-client.tsx';

/**
 * @param staffDir `<build>/staff`
 * @throws Error when the manifest or the entry is missing (run `npm run build`)
 */
export function staffProductionAssets(staffDir: string): StaffAssets {
  const manifest = JSON.parse(
    readFileSync(join(staffDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string; css?: string[] }>;
  const entry = manifest[STAFF_ENTRY];
  if (!entry) throw new Error(`${STAFF_ENTRY} is missing from the staff manifest`);
  return {
    bootstrapModules: [`/${entry.file}`],
    stylesheets: (entry.css ?? []).map((file) => `/${file}`),
  };
}

export const STAFF_DEVELOPMENT_ASSETS: StaffAssets = {
  bootstrapModules: ['/@vite/client', `/${STAFF_ENTRY}`],
  stylesheets: ['/src/staff/staff.css'],
};
