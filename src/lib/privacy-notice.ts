/** What the privacy notice states and the pipeline enforces (docs/product.md#privacy). */

export const PRIVACY_NOTICE_VERSION = '2026-12-02';

/** Days; kept by the running server: docs/decisions/039-retention-kept-by-the-running-server.md */
export const RETENTION_DAYS = 365;

/** Days a deleted enquiry stays in backups: `deploy/kubernetes/backup-cronjob.yaml` keeps 30. */
export const BACKUP_RETENTION_DAYS = 30;
