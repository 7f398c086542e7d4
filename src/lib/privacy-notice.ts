/**
 * What the privacy notice at `/contact#privacy` states and the pipeline enforces, in one module
 * so they cannot drift apart (docs/product.md#privacy).
 */

/** Stored with every submission. */
export const PRIVACY_NOTICE_VERSION = '2026-11-27';

/**
 * Days an enquiry is kept; a running server deletes older ones within
 * `RETENTION_SWEEP_MS` (`src/server/enquiries/runtime.ts`).
 */
export const RETENTION_DAYS = 365;

/**
 * Days an enquiry that was deleted or erased can remain in backups: nightly backups with the
 * newest 30 kept (README "Backups and restore", `deploy/kubernetes/backup-cronjob.yaml`).
 */
export const BACKUP_RETENTION_DAYS = 30;
