/**
 * Uploaded images over HTTP (docs/decisions/051-uploaded-images-re-encoded-in-the-database.md):
 *
 * - `POST /staff/content/media/upload` (`UPLOAD_PATH`): a plain multipart form post from the
 *   staff media page, streamed by busboy (https://github.com/mscdex/busboy) with a byte cap and one
 *   file, before the route tree and its 64 KB form limit; only from the inbox's origin (the rule of
 *   docs/decisions/040-one-guard-for-posts.md) and a live staff session (any role may upload: an
 *   editor's right). Every answer is a 303 back to the page with `?status=` codes and the alt text
 *   typed, so a refusal keeps it.
 * - `GET /media/<id>-<width>.<avif|webp>` (`MEDIA_PREFIX`): a variant from the store, immutable for
 *   a year with its hash as ETag, the most asked kept in memory.
 */
import busboy from 'busboy';
import express from 'express';
import type { Logger } from 'pino';
import {
  MAX_ALT_LENGTH,
  MAX_UPLOAD_BYTES,
  MEDIA_PAGE,
  MEDIA_PREFIX,
  UPLOAD_PATH,
  type UploadStatus,
  type VariantFormat,
} from '../../lib/media.ts';
import { signInPath, STAFF_HEADERS } from '../../lib/staff-paths.ts';
import { signedInBy } from '../../staff/session.server.ts';
import { fromStaffArea } from '../http/post-guard.ts';
import { audit } from '../staff/audit.ts';
import type { StaffRuntime } from '../staff/runtime.ts';
import { answerUnreadBody } from '../unread-body.ts';
import { encodeImage, MediaRefusal } from './media-encode.ts';
import type { MediaFile, MediaStore } from './media.ts';

/** Bytes of variants kept in memory (a variant is a few to a few hundred KB). */
const CACHE_BYTES = 16 * 1024 * 1024;
/** What a multipart body may carry besides the file: its boundaries and two short fields. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * How much of a refused upload's body is read and thrown away before the connection closes: a
 * phone's photo (12 MB is common, 30 MB happens) drains whole on an ordinary connection, so the
 * browser reads the refusal, with the typed fields, instead of a reset (`../unread-body.ts`).
 */
const UPLOAD_DRAIN = { bytes: 64 * 1024 * 1024, ms: 30_000 };

const FILE_NAME = /^([0-9a-f]{32})-(\d{1,5})\.(avif|webp)$/;

/** Least recently used variants up to a byte budget; Map keeps insertion order. */
class VariantCache {
  readonly #max: number;
  #bytes = 0;
  readonly #entries = new Map<string, MediaFile>();
  constructor(max: number) {
    this.#max = max;
  }
  get(key: string): MediaFile | undefined {
    const found = this.#entries.get(key);
    if (found) {
      this.#entries.delete(key);
      this.#entries.set(key, found);
    }
    return found;
  }
  set(key: string, file: MediaFile): void {
    if (file.bytes.byteLength > this.#max / 4) return;
    this.#entries.set(key, file);
    this.#bytes += file.bytes.byteLength;
    for (const [old, value] of this.#entries) {
      if (this.#bytes <= this.#max) break;
      this.#entries.delete(old);
      this.#bytes -= value.bytes.byteLength;
    }
  }
}

export interface MediaRoutesDeps {
  media: MediaStore;
  /** The inbox when this port serves it: without it there is no upload route here. */
  staff?: StaffRuntime | undefined;
  logger: Logger;
}

/** What the form said, and what became of it. */
interface Received {
  alt: string;
  decorative: boolean;
  file?: Buffer;
  problems: UploadStatus[];
}

/**
 * Reads the multipart body; never rejects (a broken body is the `bad-form` problem).
 * @param fieldsOnly a body already known too large: the fields before the file (the form puts
 *   the alt text and the decorative box first) are read, and at the file's first byte the
 *   answer is `too-large`, the rest left unread for `answerUnreadBody`
 */
function receive(req: express.Request, fieldsOnly = false): Promise<Received> {
  return new Promise((resolve) => {
    const got: Received = { alt: '', decorative: false, problems: [] };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 4, fieldSize: 4096, parts: 6 },
      });
    } catch {
      return resolve({ ...got, problems: ['bad-form'] });
    }
    parser.on('field', (name, value) => {
      if (name === 'alt') got.alt = value;
      if (name === 'decorative') got.decorative = value === 'on' || value === '1';
    });
    parser.on('file', (name, stream) => {
      if (fieldsOnly) {
        req.unpipe(parser);
        // Unpiped, the request is paused: the drain that answers it reads on.
        req.resume();
        stream.resume();
        resolve({ ...got, problems: ['too-large'] });
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => got.problems.push('too-large'));
      stream.on('close', () => {
        if (name === 'file') got.file = Buffer.concat(chunks);
      });
    });
    parser.on('close', () => resolve(got));
    // A client that goes away mid-body: busboy never closes, so the upload ends here.
    req.once('close', () => {
      if (!req.complete) resolve({ ...got, problems: ['bad-form'] });
    });
    parser.on('error', () => {
      req.unpipe(parser);
      req.resume();
      resolve({ ...got, problems: ['bad-form'] });
    });
    req.pipe(parser);
  });
}

/** The page's address after an upload: its outcome, and the alt text as typed. */
function backToPage(statuses: UploadStatus[], got: { alt: string; decorative: boolean }, id = '') {
  const query = new URLSearchParams();
  for (const status of statuses) query.append('status', status);
  if (id) query.set('id', id);
  else {
    if (got.alt) query.set('alt', got.alt.slice(0, MAX_ALT_LENGTH + 1));
    if (got.decorative) query.set('decorative', '1');
  }
  return `${MEDIA_PAGE}?${query.toString()}`;
}

/** The upload and serving routes; mount before the route tree and the post guard. */
export function mediaRoutes({ media, staff, logger }: MediaRoutesDeps): express.Router {
  const router = express.Router();
  const cache = new VariantCache(CACHE_BYTES);

  router.get(`${MEDIA_PREFIX}:name`, async (req, res) => {
    const match = FILE_NAME.exec(String(req.params['name']));
    const key = match?.[0] ?? '';
    let file = cache.get(key);
    if (match && !file) {
      const [, id = '', width, format] = match;
      file = await media.file(id, Number(width), format as VariantFormat);
      if (file) cache.set(key, file);
    }
    if (!file) {
      res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not Found');
      return;
    }
    const etag = `"${file.hash}"`;
    res.set({
      'Content-Type': `image/${file.format}`,
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
    });
    const cached = req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag);
    if (cached) res.status(304).end();
    else res.end(file.bytes);
  });

  if (!staff) return router;

  router.post(UPLOAD_PATH, async (req, res, next) => {
    try {
      const redirect = (to: string) => {
        res.status(303).set(STAFF_HEADERS).set('Location', to).type('text/plain; charset=utf-8');
        answerUnreadBody(req, res, `See ${to}`, UPLOAD_DRAIN);
      };
      if (!fromStaffArea(req, staff.origin)) {
        logger.warn(
          { origin: req.headers.origin?.slice(0, 200) ?? null },
          'cross-site staff request refused',
        );
        res.status(403).set(STAFF_HEADERS).type('text/plain; charset=utf-8');
        return answerUnreadBody(req, res, 'Forbidden: this request did not come from the inbox.');
      }
      const person = await signedInBy(staff, req.headers.cookie);
      if (!person) return redirect(signInPath(new URL(MEDIA_PAGE, staff.origin)));
      const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      if (type !== 'multipart/form-data') {
        res.status(415).set(STAFF_HEADERS).type('text/plain; charset=utf-8');
        return answerUnreadBody(req, res, 'Unsupported Media Type: send the upload form.');
      }
      // A body too large to hold the file: its fields are still read, so the refusal keeps them.
      const length = Number(req.headers['content-length'] ?? 0);
      const got = await receive(req, length > MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES);

      const alt = got.alt.trim();
      if (!got.decorative && !alt) got.problems.push('alt-missing');
      if (alt.length > MAX_ALT_LENGTH) got.problems.push('alt-too-long');
      if (!got.file && got.problems.length === 0) got.problems.push('no-file');
      if (got.problems.length === 0 && got.file) {
        try {
          const image = await encodeImage(got.file);
          const stored = await media.put(image, {
            alt,
            decorative: got.decorative,
            uploadedBy: person.staff.id,
            uploadedAt: staff.now(),
          });
          if (stored) {
            await audit(
              staff.store,
              staff.now(),
              person.staff.id,
              'media-uploaded',
              null,
              `media ${image.id}`,
            );
          }
          return redirect(backToPage([stored ? 'uploaded' : 'duplicate'], got, image.id));
        } catch (error) {
          if (!(error instanceof MediaRefusal)) throw error;
          got.problems.push(error.code);
        }
      }
      redirect(backToPage([...new Set(got.problems)], got));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
