/**
 * What the server gives the route tree for one request, through React Router's context
 * (https://reactrouter.com/api/utils/createContext): `getLoadContext` in `src/server/react-router.ts`
 * sets these keys; loaders, actions and `src/entry.server.tsx` read them. Keys are compared by
 * identity, so this module must be loaded once per server graph
 * (docs/decisions/036-react-router-framework-mode-on-express.md).
 */
import { createContext } from 'react-router';
import type { EnquiryResult } from '../lib/enquiry-fields.ts';

/** The root loader's data: the same for every visitor, so stored pages stay shared. */
export interface SiteSettings {
  /** SITE_URL, e.g. `https://kahaani.example`. */
  siteOrigin: string;
  /** The server's calendar year, for the copyright line until the browser corrects it. */
  year: number;
  /** `WEB_VITALS_SAMPLE_RATE`, 0–1. */
  webVitalsSampleRate: number;
}

/** The contact form's service, one per server (`src/server/enquiries/http.ts`). */
export interface EnquiryService {
  /**
   * Checks and stores one submission (`src/server/enquiries/service.ts`): every refusal is an
   * {@link EnquiryResult}, never a throw.
   * @param form the body as the action parsed it, once; null when it was not form data (400)
   * @param request the action's request (Origin, Referer, User-Agent, cookies)
   * @param ip the client's address
   * @returns the result, and the `Set-Cookie` values to send with the answer
   */
  submit(
    form: FormData | null,
    request: Request,
    ip: string,
  ): Promise<{ result: EnquiryResult; setCookies: string[] }>;
}

/** The site's server side, as loaders and actions see it. */
export interface SiteServer {
  settings: SiteSettings;
  enquiries: EnquiryService;
  /** The client's address (Express's `req.ip`, proxy-aware); '' for the pages stored at start. */
  clientIp: string;
  /** Logs an error of a loader, action or render with the request's path (never its query). */
  reportError(error: unknown, request: Request): void;
}

/**
 * How `src/entry.server.tsx` writes the document: each page's critical CSS by route id (written by
 * the build; empty in development), the fonts those pages preload, and the nonce of this
 * response's scripts — absent for the pages stored at start, whose scripts the
 * Content-Security-Policy allows by hash (docs/decisions/008-csp-hashes-instead-of-nonces.md).
 */
export interface DocumentAssets {
  inlineCss: Readonly<Record<string, string>>;
  fontPreloads: readonly string[];
  nonce?: string | undefined;
}

export const siteContext = createContext<SiteServer>();
export const documentContext = createContext<DocumentAssets>();
