/** Keys compare by identity: load this module once per server graph. */
import { createContext } from 'react-router';
import type { MediaLookup } from '../content/images.ts';
import type { ContentReader } from '../content/reader.ts';
import type { EnquiryResult } from '../lib/enquiry-fields.ts';

/** The same for every visitor, so stored pages stay shared. */
export interface SiteSettings {
  siteOrigin: string;
  /** Until the browser corrects it. */
  year: number;
  /** 0–1. */
  webVitalsSampleRate: number;
}

/** One per server. */
export interface EnquiryService {
  /** Never throws; `form` null: not form data (400). */
  submit(
    form: FormData | null,
    request: Request,
    ip: string,
    crossSite: boolean,
  ): Promise<{ result: EnquiryResult; setCookies: string[] }>;
}

export interface SiteServer {
  settings: SiteSettings;
  /** docs/decisions/065-pages-read-content-through-a-reader.md */
  content: ContentReader;
  /** `?preview=<token>` (docs/decisions/054-previews-and-share-links.md). */
  preview?: { state: 'shown'; expiresAt: number } | { state: 'expired' | 'unknown' } | undefined;
  enquiries: EnquiryService;
  /** Absent in the build's own renders. */
  media?: MediaLookup | undefined;
  /** Proxy-aware; '' for pages stored at start. */
  clientIp: string;
  /** A post the post guard found sent from another site (`src/server/http/post-guard.ts`). */
  crossSite: boolean;
  /** Logs an error of a loader, action or render with the request's path (never its query). */
  reportError(error: unknown, request: Request): void;
}

/** The nonce is absent for stored pages (docs/decisions/008-csp-hashes-instead-of-nonces.md). */

export interface DocumentAssets {
  inlineCss: Readonly<Record<string, string>>;
  fontPreloads: readonly string[];
  nonce?: string | undefined;
  /** The built `src/vitals.ts`'s URL (`src/server/client-entries.ts`); none: pages that do not hydrate report no Web Vitals. */
  vitalsModule?: string | undefined;
}

export const siteContext = createContext<SiteServer>();
export const documentContext = createContext<DocumentAssets>();
