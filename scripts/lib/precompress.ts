/**
 * Build-time compression of the client output.
 *
 * Brotli at its best quality (11) costs tens of milliseconds per 100 KB page, far too slow to run
 * on every request, yet it is free when done once at build time. This integration writes a `.br`
 * (Brotli quality 11) and a `.gz` (gzip level 9) sibling next to every text file of the client
 * output directory (`/assets/*` JS and CSS, SVG, web manifest, XML, plain text,
 * JSON). The Express app (`src/server/app.ts`, express-static-gzip) serves those siblings to
 * clients that accept them; server-rendered pages are compressed per request, at a fast quality.
 *
 * A sibling is written only when the file is at least {@link MIN_BYTES} long (the per-request
 * threshold) and the compressed bytes are smaller than the original, so the server never serves
 * a "compressed" file that is larger than the plain one.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Extensions (lower case, no dot) of the text formats worth precompressing. */
export const PRECOMPRESS_EXTENSIONS: ReadonlySet<string> = new Set([
  'html',
  'js',
  'mjs',
  'css',
  'svg',
  'webmanifest',
  'xml',
  'txt',
  'json',
]);

/** Smallest file (bytes) that gets siblings; matches the server's per-request 1 KiB threshold. */
export const MIN_BYTES = 1024;

/** What {@link precompressDir} did, for the build log and tests. */
export interface PrecompressResult {
  /** Files that received at least one sibling. */
  files: number;
  /** Sum of the original sizes of those files, bytes. */
  bytes: number;
  /** Sum of the `.br` sizes, bytes. */
  brBytes: number;
  /** Sum of the `.gz` sizes, bytes. */
  gzBytes: number;
}

/** Every regular file below `dir`, as absolute paths. */
async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** Lower-case extension without the dot, or '' when the name has none. */
function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Writes `<file>.br` (Brotli, quality 11, text mode) and `<file>.gz` (gzip, level 9) next to
 * every text file under `dir` that is at least {@link MIN_BYTES} long. A sibling that would not
 * be smaller than the original is not written. Existing `.br`/`.gz` files are never inputs.
 *
 * @param dir absolute path of the client output directory
 * @returns totals of what was written
 * @throws the file-system or zlib error of the first file that fails (the build then fails:
 *   half-written siblings must not be deployed)
 */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const files = (await walk(dir)).filter((f) => PRECOMPRESS_EXTENSIONS.has(extensionOf(f)));
  const result: PrecompressResult = { files: 0, bytes: 0, brBytes: 0, gzBytes: 0 };
  // zlib's async functions run on libuv's thread pool, so all files compress in parallel.
  await Promise.all(
    files.map(async (file) => {
      const { size } = await stat(file);
      // A sibling left by an earlier run into the same directory must not outlive its reason.
      const drop = () =>
        Promise.all([rm(`${file}.br`, { force: true }), rm(`${file}.gz`, { force: true })]);
      if (size < MIN_BYTES) return void (await drop());
      const data = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
          },
        }),
        gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      let wrote = false;
      await drop();
      if (br.byteLength < data.byteLength) {
        await writeFile(`${file}.br`, br);
        result.brBytes += br.byteLength;
        wrote = true;
      }
      if (gz.byteLength < data.byteLength) {
        await writeFile(`${file}.gz`, gz);
        result.gzBytes += gz.byteLength;
        wrote = true;
      }
      if (wrote) {
        result.files += 1;
        result.bytes += data.byteLength;
      }
    }),
  );
  return result;
}
