/**
 * Enquiry-pipeline settings from the environment (README "Environment").
 * Read once per runtime; tests pass their own object instead of touching `process.env`.
 */
import { site } from '../../site.config.ts';

export interface PipelineConfig {
  /** Directory for the SQLite file and the generated form secret. */
  dataDir: string;
  /** PostgreSQL connection string; when set, PostgreSQL replaces SQLite. */
  databaseUrl: string | undefined;
  /** Nodemailer SMTP URL (`smtp://user:pass@host:587`); unset → notifications stay pending. */
  smtpUrl: string | undefined;
  /** Agency inbox that receives notifications. */
  notifyTo: string;
  /** The agency's own sender address (never the visitor's: that goes in Reply-To). */
  notifyFrom: string;
  /** Submissions allowed per client per window. */
  rateLimitMax: number;
  /** Rate-limit window, ms. */
  rateLimitWindowMs: number;
  /** Minimum time between form render and submit, ms; faster is treated as spam. */
  formMinFillMs: number;
  /** HMAC key for the render timestamp and the IP-hash salt; undefined → generated in dataDir. */
  formSecret: string | undefined;
  /** Canonical origin (e.g. https://kahaani.example), allowed in the Origin check. */
  siteUrl: string | undefined;
  /** Window in which an identical submission is stored only once, ms. */
  dedupeWindowMs: number;
  /**
   * How long a worker's claim on an outbox row lasts, ms (OUTBOX_LEASE_MS, default 60000). After a
   * crash, rows claimed by the dead process become deliverable again when their lease ends.
   */
  outboxLeaseMs: number;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

/** Build the configuration from an env map (defaults as in the README's "Environment"). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): PipelineConfig {
  return {
    dataDir: env['DATA_DIR'] || './data',
    databaseUrl: env['DATABASE_URL'] || undefined,
    smtpUrl: env['SMTP_URL'] || undefined,
    notifyTo: env['NOTIFY_TO'] || site.email,
    notifyFrom: env['NOTIFY_FROM'] || site.email,
    rateLimitMax: int(env['RATE_LIMIT_MAX'], 5),
    rateLimitWindowMs: int(env['RATE_LIMIT_WINDOW_MS'], 600_000),
    formMinFillMs: int(env['FORM_MIN_FILL_MS'], 3000),
    formSecret: env['FORM_SECRET'] || undefined,
    siteUrl: env['SITE_URL'] || undefined,
    dedupeWindowMs: 600_000,
    outboxLeaseMs: int(env['OUTBOX_LEASE_MS'], 60_000),
  };
}
