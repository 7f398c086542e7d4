/**
 * What loaders and actions need from their environment, passed through react-router's request
 * context so one route table serves both entries
 * (docs/decisions/003-server-services-through-router-context.md): the server runs the enquiry
 * pipeline in-process, the browser posts to it (`browser-services.ts`).
 */
import { createContext } from 'react-router';
import type { FieldName } from '../lib/enquiry-fields.ts';

/** Data every page needs, from the server's render (the root loader's result). */
export interface SessionData {
  /** Canonical origin from SITE_URL (e.g. `https://kahaani.example`), for canonical URLs. */
  siteOrigin: string;
  /** The server's calendar year, the copyright line's first render (corrected in the browser). */
  year: number;
  /**
   * Share of page views that report their field Web Vitals, 0–1 (`WEB_VITALS_SAMPLE_RATE`; the
   * same for every visitor, so the stored pages stay the same bytes for everyone).
   */
  webVitalsSampleRate: number;
}

/** Per-field messages of the shared enquiry schema; absent fields are valid. */
export type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * One submission's outcome, the same on both paths (`src/lib/enquiry-outcomes.ts`): `ok: true`
 * only once stored (spam gets the same answer); otherwise the HTTP status (0 when the browser
 * could not reach the server), the status line and, for 400, a message per field.
 */
export type EnquiryResult =
  | { ok: true }
  | {
      ok: false;
      status: number;
      message: string;
      fieldErrors: FieldErrors;
      /** Seconds until the client may try again (429 only). */
      retryAfterSeconds?: number;
    };

export interface SiteServices {
  /** The root loader's data. @throws Error in the browser, where it is never needed. */
  session(): SessionData;
  /** Checks and stores one submission; every refusal is an {@link EnquiryResult}, never a throw. */
  submitEnquiry(form: FormData, request: Request): Promise<EnquiryResult>;
}

/** The request-context key under which each entry provides its {@link SiteServices}. */
export const servicesContext = createContext<SiteServices>();
