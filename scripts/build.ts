/**
 * `npm run build`: the production build into BUILD_DIR (default `dist`):
 *
 * 0. the content of `src/content/`, checked by its schemas; copied, as checked, to `content/`, from
 *    which the server seeds a fresh database (docs/decisions/048-content-in-the-database.md);
 * 1. Vite with React Router's plugin (`vite.config.ts`, `react-router.config.ts`): `client/` with
 *    hashed assets, `server/` with the server bundles;
 * 2. the favicons, app icons and web manifest, and the social cards' fonts
 *    (`scripts/lib/artwork.ts`);
 * 3. `.br` (quality 11) and `.gz` (level 9) siblings of every text file in `client/`
 *    (`scripts/lib/precompress.ts`), served as they are by the Express app.
 *
 * Exit 1 when any step fails. A content error is one line per problem, `Content error:` and the
 * file, the item and the field (`src/server/content/files.ts`), without a stack trace.
 */
import { join, resolve } from 'node:path';
import { createBuilder } from 'vite';
import { writeArtwork, writeCardFonts } from './lib/artwork.ts';
import { contentProblems, readContentDir, writeContentDir } from '../src/server/content/files.ts';
import { precompressDir } from './lib/precompress.ts';

// A production build whatever the caller's NODE_ENV (Vitest sets `test`, which would otherwise
// select React's development JSX runtime).
process.env['NODE_ENV'] = 'production';
const quiet = process.env['BUILD_LOG_LEVEL'] === 'silent';
const started = performance.now();
const seed = readContentDir();
if (seed.problems) {
  process.stderr.write(`Content error: ${seed.problems.join('\nContent error: ')}\n`);
  process.exit(1);
}
const builder = await createBuilder({ mode: 'production', logLevel: quiet ? 'silent' : 'info' });
try {
  await builder.buildApp();
} catch (error) {
  // An editor's mistake is their lines alone, not the bundler's stack around them.
  const problems = contentProblems();
  if (problems.length === 0) throw error;
  process.stderr.write(`Content error: ${problems.join('\nContent error: ')}\n`);
  process.exit(1);
}

const buildDir = resolve(process.env['BUILD_DIR'] ?? 'dist');
const clientDir = resolve(buildDir, 'client');
writeContentDir(join(buildDir, 'content'), seed.content);
const artwork = await writeArtwork(clientDir);
await writeCardFonts(buildDir);
const packed = await precompressDir(clientDir);
if (!quiet) {
  const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
  console.log(
    `artwork: ${artwork} files; precompressed ${packed.files} files: ${kib(packed.bytes)} → ` +
      `br ${kib(packed.brBytes)}, gz ${kib(packed.gzBytes)}; ` +
      `build ${Math.round(performance.now() - started)} ms`,
  );
}
