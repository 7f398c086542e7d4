/**
 * Per-request facts the contact action hands to the middleware (issue #3 §5): the Retry-After
 * of a rate-limited request. Keyed by the Request object, which Astro shares between the
 * middleware context and the action context; a WeakMap so nothing outlives the request.
 */
export const retryAfterByRequest = new WeakMap<Request, number>();

/** The page fragment a no-JS visitor lands on after a successful POST (Post/Redirect/Get). */
export const CONFIRMATION_QUERY = 'sent';
export const FORM_ANCHOR = 'contact-form';
