/**
 * The headers of every answer (helmet's, the fallback CSP, Permissions-Policy, HSTS over TLS) and
 * each document's own CSP with a fresh nonce (`../csp.ts`).
 */
import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';
import type { RequestHandler } from 'express';
import { documentCsp, FALLBACK_CSP, newNonce } from '../csp.ts';
import { isStaffPath } from '../../lib/staff-paths.ts';
import { frameworkPath } from './request-guards.ts';

const HSTS = 'max-age=31536000; includeSubDomains';

/** Only a document acts on these: dropped from scripts, stylesheets and fonts. */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'permissions-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-xss-protection',
  'x-permitted-cross-domain-policies',
];

/** The security headers of the first answer without TLS and with it, for the stored pages. */
export type SeenHeaders = Partial<
  Record<'plain' | 'secure', Map<string, string | number | string[]>>
>;

/** Whether `req` came over TLS, or (with `trustProxy`) to a proxy that says so. */
export function isSecure(req: IncomingMessage, trustProxy: boolean): boolean {
  const proto = trustProxy ? req.headers['x-forwarded-proto'] : undefined;
  return (
    (req.socket as { encrypted?: boolean }).encrypted === true ||
    (typeof proto === 'string' && proto.split(',')[0]?.trim() === 'https')
  );
}

/** Helmet's headers (documents replace the CSP), recording the first set of each kind in `seen`. */
export function securityHeaders(seen: SeenHeaders): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: false,
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      // Other sites' link previews load the social images.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginEmbedderPolicy: false,
    }),
    (req, res, next) => {
      res.setHeader('Content-Security-Policy', FALLBACK_CSP);
      res.setHeader(
        'Permissions-Policy',
        'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
      );
      if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
      seen[req.secure ? 'secure' : 'plain'] ??= new Map(
        Object.entries(res.getHeaders()).flatMap(([name, value]) =>
          value === undefined ? [] : [[name, value]],
        ),
      );
      next();
    },
  ];
}

/**
 * A rendered document's CSP with a fresh nonce in `res.locals.nonce` (none in development, whose
 * inline scripts are Vite's; none for framework data, which keeps the policy that allows nothing),
 * and the headers of a staff answer or a post's.
 */
export function documentPolicy(dev: boolean): RequestHandler {
  return (req, res, next) => {
    const nonce = dev || frameworkPath(req.path) ? undefined : newNonce();
    res.locals['nonce'] = nonce;
    const staffPath = isStaffPath(req.path);
    if (nonce || dev) {
      const scripts = nonce ? [`'nonce-${nonce}'`] : ["'unsafe-inline'"];
      res.setHeader(
        'Content-Security-Policy',
        documentCsp({ staff: staffPath, scripts, styles: [], dev }),
      );
    }
    if (staffPath) {
      // The staff area's routes send their own (`src/staff/session.server.ts`).
      for (const name of ['Cross-Origin-Resource-Policy', 'Referrer-Policy'])
        res.removeHeader(name);
    } else if (req.method === 'POST') {
      // A post's answer holds what the visitor typed.
      res.setHeader('Cache-Control', 'no-store');
    }
    next();
  };
}
