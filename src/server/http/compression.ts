/** Per-request compression of what is not stored precompressed (API answers, posted pages). */
import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import type { RequestHandler, Response } from 'express';

/** `res.locals` key: a WeakSet of responses would cost every young-generation collection more. */
const STORED = 'storedAnswer';

/** A stored answer sent after compression's place in the chain (a 404, a redirect): as it is. */
export const sendAsStored = (res: Response): void => {
  res.locals[STORED] = true;
};

export function dynamicCompression(): RequestHandler {
  return compression({
    threshold: 1024,
    filter: (req, res) => res.locals[STORED] !== true && compression.filter(req, res),
    // A 256 KB window (2^18) instead of 4 MB: less memory per response; quality 4 as by default.
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: 18 } },
  });
}
