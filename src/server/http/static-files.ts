/** The client build, served from its `.br`/`.gz` siblings: hashed `/assets/*` a year, the rest an hour. */
import express, { type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { DOCUMENT_ONLY_HEADERS } from './security-headers.ts';

export function staticFiles(clientDir: string): RequestHandler[] {
  // No trailing-slash redirect for folders: it would echo the request's path into Location.
  const files = (dir: string, serveStatic: object) =>
    expressStaticGzip(dir, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: { redirect: false, ...serveStatic },
    });
  return [
    express.Router().use(
      '/assets',
      (req, res, next) => {
        if (/\.(?:js|css|woff2)$/.test(req.path))
          for (const h of DOCUMENT_ONLY_HEADERS) res.removeHeader(h);
        next();
      },
      // The name changes with the content; the ETag serves a revalidating cache.
      files(`${clientDir}/assets`, {
        immutable: true,
        lastModified: false,
        maxAge: 31_536_000_000,
        fallthrough: false,
      }),
    ),
    files(clientDir, { maxAge: 3_600_000 }),
  ];
}
