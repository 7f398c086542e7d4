/**
 * Request middleware (issue #3 §1, §5).
 *
 * - No-JavaScript form POST (`?_action=contact.submit`): run the action here; on success answer
 *   303 to the same page with `?sent=1#<form id>` (Post/Redirect/Get: a reload does not
 *   resubmit); on error hand the result to the page, which re-renders the form with the
 *   visitor's text and per-field messages, under the error's own status (400/403/429).
 * - Both paths: a 429 carries `Retry-After` (seconds).
 */
import { defineMiddleware } from 'astro:middleware';
import { getActionContext } from 'astro:actions';
import {
  CONFIRMATION_QUERY,
  FORM_ANCHOR,
  retryAfterByRequest,
} from './lib/enquiries/http-state.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const ctx = getActionContext(context);
  const { action } = ctx;
  if (!action) return next();

  if (action.calledFrom === 'form') {
    const result = await action.handler();
    if (!result.error) {
      // The form names its own id in its action URL (`&form=`), so the landing scrolls to the
      // form that was sent (home and contact use different ids). Only a plain id is accepted.
      const form = context.url.searchParams.get('form') ?? '';
      const anchor = /^[a-z][a-z0-9-]{0,40}$/.test(form) ? form : FORM_ANCHOR;
      return context.redirect(`${context.url.pathname}?${CONFIRMATION_QUERY}=1#${anchor}`, 303);
    }
    ctx.setActionResult(action.name, ctx.serializeActionResult(result));
    const page = await next();
    return withStatus(page, result.error.status, retryAfterByRequest.get(context.request));
  }

  const response = await next();
  const retryAfter = retryAfterByRequest.get(context.request);
  return retryAfter === undefined ? response : withStatus(response, response.status, retryAfter);
});

/** Copy a response with another status (pages render 200 by default) and Retry-After. */
function withStatus(res: Response, status: number, retryAfter: number | undefined): Response {
  const headers = new Headers(res.headers);
  if (retryAfter !== undefined) headers.set('Retry-After', String(retryAfter));
  // An error status from a page render is always a 4xx here; never turn a 2xx into a 5xx.
  const safe = status >= 400 && status < 500 ? status : res.status;
  return new Response(res.body, { status: safe, statusText: '', headers });
}
