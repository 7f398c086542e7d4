/**
 * What loaders and actions need from their environment, through react-router's request context
 * so one route table serves both entries
 * (docs/decisions/003-server-services-through-router-context.md).
 */
import { createContext } from 'react-router';
import type { FieldName } from '../lib/enquiry-fields.ts';

/** The root loader's result. */
export interface SessionData {
  /** SITE_URL, e.g. `https://kahaani.example`. */
  siteOrigin: string;
  /** The server's calendar year, for the copyright line until the browser corrects it. */
  year: number;
  /** `WEB_VITALS_SAMPLE_RATE`, 0–1: the same for every visitor, so stored pages stay shared. */
  webVitalsSampleRate: number;
}

/** Absent fields are valid. */
export type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * The same on both paths (`src/lib/enquiry-outcomes.ts`): `ok` once stored (spam alike); else the
 * HTTP status (0: the server was not reached), the status line and, for 400, a message per field.
 */
export type EnquiryResult =
  | { ok: true }
  | {
      ok: false;
      status: number;
      message: string;
      fieldErrors: FieldErrors;
      /** 429 only. */
      retryAfterSeconds?: number;
    };

export interface SiteServices {
  /** The root loader's data. @throws Error in the browser, where it is never needed. */
  session(): SessionData;
  /** Every refusal is an {@link EnquiryResult}, never a throw. */
  submitEnquiry(form: FormData, request: Request): Promise<EnquiryResult>;
}

/** Each entry provides its {@link SiteServices} under this request-context key. */
export const servicesContext = createContext<SiteServices>();
