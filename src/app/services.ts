/**
 * What route loaders and actions need from their environment, passed through React Router's
 * request context (`RouterContextProvider`) so one route table serves both entries
 * (docs/decisions/003-server-services-through-router-context.md):
 *
 * - on the server (`src/server/render.ts`), `session` gives the page's data and
 *   `submitEnquiry` runs the enquiry pipeline in-process;
 * - in the browser (`src/entry-client.tsx`), `submitEnquiry` posts to `POST /api/enquiries` and
 *   `session` is never needed (the root's data comes with the server's hydration data and the
 *   root never revalidates).
 */
import { createContext } from 'react-router';
import type { FieldName } from '../lib/enquiry-fields.ts';

/** Data every page needs, made per request by the server (the root loader's result). */
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
 * The outcome of one submission, the same on both paths (statuses and messages from the one
 * table in `src/lib/enquiry-outcomes.ts`):
 * - `ok: true` only after the store committed (spam gets the same answer);
 * - otherwise an HTTP status (400 invalid input, 403 foreign origin, 413 too large,
 *   415 wrong type, 429 over the rate limit, 503 store unavailable, 0 network failure in the
 *   browser), a message for the form's status line and, for 400, one message per field.
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

/** The environment's implementations; see the module comment. */
export interface SiteServices {
  /** The root loader's data. @throws Error in the browser, where it is never needed. */
  session(): SessionData;
  /**
   * Checks and stores one contact-form submission (the four fields and the honeypot, as posted;
   * the time trap's start cookie travels with the request). Never throws for bad input: every refusal is an {@link EnquiryResult}.
   */
  submitEnquiry(form: FormData, request: Request): Promise<EnquiryResult>;
}

/** The request-context key under which each entry provides its {@link SiteServices}. */
export const servicesContext = createContext<SiteServices>();
