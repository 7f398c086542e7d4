/**
 * Every environment variable the server reads, checked by one Zod schema at start (README
 * "Environment"). `server.ts` calls {@link parseEnv} before it opens a port: a
 * bad or missing value stops the process with one line naming the variable and the problem.
 *
 * Defaults suit `npm start` on a laptop; the Dockerfile and README list what an operator sets.
 */
import { z } from 'zod';

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65_535, 'must be between 1 and 65535')
    .default(fallback);

const count = (fallback: number, what: string) =>
  z.coerce
    .number({ error: `must be a number (${what})` })
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .default(fallback);

const url = (protocols: readonly string[], example: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.join(' or ')} (e.g. ${example})`,
    );

/** An empty string counts as unset, as in shells and compose files. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  /** Port of the public site. */
  PORT: port(3000),
  /** Interface to listen on; `0.0.0.0` in the container. */
  HOST: z.string().trim().min(1).default('localhost'),
  /** Port of `/metrics` (Prometheus); unset: no metrics server. Never the public port. */
  METRICS_PORT: optional(port(9464)),
  /**
   * Canonical origin: canonical URLs, sitemap, robots.txt, social cards, JSON-LD and the allowed
   * form `Origin`. Required in production (pages are rendered once and cached, so the origin
   * can never come from a request header; docs/decisions/007-site-url-required-in-production.md);
   * elsewhere it defaults to `http://localhost:<PORT>`. Only the origin is kept.
   */
  SITE_URL: optional(url(['http:', 'https:'], 'https://kahaani.example')),
  /** Where the SQLite database and the generated form secret live. */
  DATA_DIR: z.string().trim().min(1).default('./data'),
  /** PostgreSQL instead of SQLite (several instances share it). */
  DATABASE_URL: optional(url(['postgres:', 'postgresql:'], 'postgres://user:pass@db:5432/site')),
  /** SMTP relay for notifications; unset: they wait in the outbox. */
  SMTP_URL: optional(url(['smtp:', 'smtps:'], 'smtp://user:pass@relay:587')),
  NOTIFY_TO: optional(z.email('must be an email address')),
  NOTIFY_FROM: optional(z.email('must be an email address')),
  RATE_LIMIT_MAX: count(5, 'submissions per client per window'),
  RATE_LIMIT_WINDOW_MS: count(600_000, 'milliseconds'),
  FORM_MIN_FILL_MS: count(3000, 'milliseconds'),
  FORM_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  OUTBOX_LEASE_MS: count(60_000, 'milliseconds'),
  /** `1`: behind a TLS-terminating proxy (trust X-Forwarded-For/-Proto from one hop). */
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long SIGTERM may take before the process exits anyway, ms. */
  SHUTDOWN_TIMEOUT_MS: count(25_000, 'milliseconds'),
  /**
   * After SIGTERM, how long the server keeps accepting requests with `/readyz` answering 503,
   * so load balancers stop routing to it before it closes its port, ms.
   */
  DRAIN_GRACE_MS: count(2_000, 'milliseconds'),
  /** Folder of the production build (`client/`, `server/`). */
  BUILD_DIR: z.string().trim().min(1).default('dist'),
  SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL']).default('FULL'),
});

/** The checked environment, with `SITE_URL` resolved to an origin (`https://host[:port]`). */
export type Env = Omit<z.output<typeof envSchema>, 'SITE_URL'> & { SITE_URL: string };

/** One line per invalid variable, e.g. `DATABASE_URL: must be a URL starting with postgres:`. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Parses and checks the environment.
 *
 * @param source usually `process.env`
 * @throws EnvError whose message names each invalid variable and what is wrong (values are not
 *   echoed: they may be secrets)
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new EnvError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const { SITE_URL, ...rest } = result.data;
  if (!SITE_URL && rest.NODE_ENV === 'production') {
    throw new EnvError(
      'Invalid configuration: SITE_URL: required in production, the public origin of the site ' +
        '(e.g. https://kahaani.example)',
    );
  }
  return { ...rest, SITE_URL: new URL(SITE_URL ?? `http://localhost:${rest.PORT}`).origin };
}
