/**
 * The route tree's per-request context (https://reactrouter.com/api/utils/createContext), set in
 * `src/server/react-router.ts`. Keys compare by identity: load this module once per server graph
 * (docs/decisions/036-react-router-framework-mode-on-express.md).
 */
import { createContext } from 'react-router';
import type { MediaLookup } from '../content/images.ts';
import type { ContentReader } from '../content/reader.ts';
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
   * Checks and stores one submission (`src/server/enquiries/service.ts`); refusals are results,
   * never throws. `form` is null when the body was not form data (400).
   */
  submit(
    form: FormData | null,
    request: Request,
    ip: string,
    crossSite: boolean,
  ): Promise<{ result: EnquiryResult; setCookies: string[] }>;
}

export interface SiteServer {
  settings: SiteSettings;
  /**
   * The content release the page shows, read through a reader that records what each page
   * shows, image fields resolved (`src/content/reader.ts`,
   * docs/decisions/065-pages-read-content-through-a-reader.md).
   */
  content: ContentReader;
  /**
   * A request with `?preview=<token>` (docs/decisions/054-previews-and-share-links.md): `shown`
   * when `content` has the preview's changes laid over it; absent for every other request.
   */
  preview?: { state: 'shown'; expiresAt: number } | { state: 'expired' | 'unknown' } | undefined;
  enquiries: EnquiryService;
  /** Uploaded images' records, for `media:<id>` image fields; absent in the build's own renders. */
  media?: MediaLookup | undefined;
  /** The client's address (Express's `req.ip`, proxy-aware); '' for the pages stored at start. */
  clientIp: string;
  /** A post the post guard found sent from another site (`src/server/http/post-guard.ts`). */
  crossSite: boolean;
  /** Logs an error of a loader, action or render with the request's path (never its query). */
  reportError(error: unknown, request: Request): void;
}

/**
 * Critical CSS by route id (empty in development), fonts to preload, and the scripts' nonce:
 * absent for stored pages, allowed by hash (docs/decisions/008-csp-hashes-instead-of-nonces.md).
 */

export interface DocumentAssets {
  inlineCss: Readonly<Record<string, string>>;
  fontPreloads: readonly string[];
  nonce?: string | undefined;
}

export const siteContext = createContext<SiteServer>();
export const documentContext = createContext<DocumentAssets>();
