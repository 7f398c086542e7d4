/**
 * What the privacy notice at `/contact#privacy` states and the pipeline enforces, in one module
 * so they cannot drift apart (docs/product.md#privacy).
 */

/** Stored with every submission. */
export const PRIVACY_NOTICE_VERSION = '2026-11-25';

/** Days an enquiry is kept. */
export const RETENTION_DAYS = 365;
