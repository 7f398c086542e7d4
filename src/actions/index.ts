/**
 * Astro Actions (issue #3 §1): `contact.submit` takes the contact form (`accept: 'form'`) from
 * both the no-JavaScript POST (run by src/middleware.ts, Post/Redirect/Get) and the enhanced
 * script (`fetch` to /_actions/contact.submit). Validation is the shared Zod schema; the rules
 * live in src/lib/enquiries/service.ts.
 *
 * Errors: BAD_REQUEST with per-field messages (schema), FORBIDDEN for a cross-site Origin,
 * TOO_MANY_REQUESTS (429 + Retry-After set by the middleware) over the rate limit. Spam is
 * answered exactly like success. Returns `{ sent: true }` only after the store committed.
 */
import { ActionError, defineAction } from 'astro:actions';
import { getRuntime } from '../lib/enquiries/runtime.ts';
import { submitEnquiry } from '../lib/enquiries/service.ts';
import { submissionInputSchema } from '../lib/enquiries/schema.ts';
import { retryAfterByRequest } from '../lib/enquiries/http-state.ts';

export const server = {
  contact: {
    submit: defineAction({
      accept: 'form',
      input: submissionInputSchema,
      handler: async (input, context) => {
        const outcome = await submitEnquiry(getRuntime(), input, {
          requestOrigin: context.url.origin,
          origin: context.request.headers.get('origin'),
          referer: context.request.headers.get('referer'),
          ip: context.clientAddress,
          userAgent: context.request.headers.get('user-agent') ?? '',
        });
        if (outcome.kind === 'forbidden-origin') {
          throw new ActionError({
            code: 'FORBIDDEN',
            message:
              'This form can only be sent from our own website. Please reload the page and try again.',
          });
        }
        if (outcome.kind === 'rate-limited') {
          retryAfterByRequest.set(context.request, outcome.retryAfterSeconds);
          const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
          throw new ActionError({
            code: 'TOO_MANY_REQUESTS',
            message: `You have sent several messages in a short time. Please wait about ${minutes} minute${minutes === 1 ? '' : 's'} and try again, or write to us by email.`,
          });
        }
        return { sent: true as const };
      },
    }),
  },
};
