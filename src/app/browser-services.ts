/**
 * The browser's `SiteServices` (docs/decisions/003-server-services-through-router-context.md):
 * enquiries go to the pipeline's JSON endpoint; the root's data comes with the page.
 */
import type { EnquiryResult, SiteServices } from './services.ts';

/** The request never reached the server (offline, DNS, reset). */
const OFFLINE =
  'We could not send your message just now. Please check your connection and try again; nothing you typed has been lost.';

export const browserServices: SiteServices = {
  session() {
    throw new Error('The session comes with the server-rendered page');
  },
  async submitEnquiry(form): Promise<EnquiryResult> {
    const body = new URLSearchParams();
    for (const [key, value] of form) if (typeof value === 'string') body.append(key, value);
    let response: Response;
    try {
      response = await fetch('/api/enquiries', {
        method: 'POST',
        body,
        headers: { Accept: 'application/json' },
      });
    } catch {
      return { ok: false, status: 0, message: OFFLINE, fieldErrors: {} };
    }
    const answer = (await response.json().catch(() => null)) as EnquiryResult | null;
    if (answer && typeof answer === 'object' && 'ok' in answer) return answer;
    return { ok: false, status: response.status, message: OFFLINE, fieldErrors: {} };
  },
};
