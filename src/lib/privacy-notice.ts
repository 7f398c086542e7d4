/**
 * Facts the privacy notice (/privacy) states and the enquiry pipeline enforces (docs/product.md#privacy).
 * One module so the notice and the code cannot drift apart.
 */

/** Version of the privacy notice shown next to the form; stored with every submission. */
export const PRIVACY_NOTICE_VERSION = '2026-11-25';

/** Days an enquiry is kept before `npm run enquiries -- purge --older-than 365d` removes it. */
export const RETENTION_DAYS = 365;
