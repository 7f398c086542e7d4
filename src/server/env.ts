/** Every environment variable, parsed once; meanings and defaults: docs/operations/configuration.md */
import { z } from 'zod';
import { site } from '../site.config.ts';

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65_535, 'must be between 1 and 65535')
    .default(fallback);

/** A whole number ≥ 0; empty is unset (`RATE_LIMIT_MAX=` is the default, never 0). */
const count = (fallback: number, what: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number({ error: `must be a number (${what})` })
      .int('must be a whole number')
      .min(0, 'must not be negative')
      .default(fallback),
  );

const fraction = (fallback: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number({ error: 'must be a number from 0 to 1' })
      .min(0, 'must be a number from 0 to 1')
      .max(1, 'must be a number from 0 to 1')
      .default(fallback),
  );

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

const isLoopback = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);

/** https (notifications carry personal data), or http to a loopback address (tests). */
const httpsUrl = (example: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        const u = new URL(value);
        return u.protocol === 'https:' || (u.protocol === 'http:' && isLoopback(u.hostname));
      } catch {
        return false;
      }
    }, `must be an https:// URL (http:// only to localhost) (e.g. ${example})`);

/** Bytes of the webhook signing key. */
export const WEBHOOK_SECRET_MIN_BYTES = 24;
const WEBHOOK_SECRET_MAX_BYTES = 64;

/** https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md#signature-scheme */
const webhookSecret = z
  .string()
  .trim()
  .refine((value) => {
    const m = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value);
    if (!m?.[1] || m[1].length % 4 !== 0) return false;
    const bytes = Buffer.from(m[1], 'base64').length;
    return bytes >= WEBHOOK_SECRET_MIN_BYTES && bytes <= WEBHOOK_SECRET_MAX_BYTES;
  }, `must be whsec_ followed by the base64 of ${WEBHOOK_SECRET_MIN_BYTES} to ${WEBHOOK_SECRET_MAX_BYTES} random bytes (e.g. whsec_$(openssl rand -base64 32))`);

/** Empty is unset, as in shells and compose files. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** What the enquiry store needs: all the enquiries CLI parses, but for its `staff` commands. */
const storeFields = {
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optional(url(['postgres:', 'postgresql:'], 'postgres://user:pass@db:5432/site')),
  /** `FULL`: on disk before the visitor is told "sent"; `NORMAL` (benchmarks) risks power loss. */
  SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL']).default('FULL'),
};

const envObject = z.object({
  ...storeFields,
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: port(3000),
  HOST: z.string().trim().min(1).default('localhost'),
  METRICS_PORT: optional(port(9464)),
  /** Only the origin is kept (docs/decisions/007-site-url-required-in-production.md). */
  SITE_URL: optional(url(['http:', 'https:'], 'https://kahaani.example')),
  SMTP_URL: optional(url(['smtp:', 'smtps:'], 'smtp://user:pass@relay:587')),
  SLACK_WEBHOOK_URL: optional(httpsUrl('https://hooks.slack.com/services/T000/B000/XXXX')),
  WEBHOOK_URL: optional(httpsUrl('https://hooks.zapier.com/hooks/catch/1/abc/')),
  WEBHOOK_SECRET: optional(webhookSecret),
  NOTIFY_TO: optional(z.email('must be an email address')).transform((v) => v ?? site.email),
  NOTIFY_FROM: optional(z.email('must be an email address')).transform((v) => v ?? site.email),
  /** Enquiries per client per window, counted in the store (shared by instances). */
  RATE_LIMIT_MAX: count(5, 'submissions per client per window'),
  RATE_LIMIT_WINDOW_MS: count(600_000, 'milliseconds'),
  /** Faster is spam (docs/decisions/009-form-time-trap-without-a-page-token.md). */
  FORM_MIN_FILL_MS: count(3000, 'milliseconds'),
  WEB_VITALS_SAMPLE_RATE: fraction(1),
  WEB_VITALS_RATE_LIMIT_MAX: count(30, 'reports per client per minute'),
  ITEM_PAGE_CACHE_MB: count(64, 'MiB of item pages kept in memory'),
  /** HMAC key of the start cookie and salt of IP hashes; unset: generated in DATA_DIR. */
  FORM_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  /** ms an instance's claim on an outbox row lasts before another may retry it. */
  OUTBOX_LEASE_MS: count(60_000, 'milliseconds'),
  /** `1`: behind a TLS-terminating proxy (trust X-Forwarded-For/-Proto from one hop). */
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  /** A CDN's request header naming the visitor's country (ISO 3166-1 alpha-2); unset: none kept. */
  STATS_COUNTRY_HEADER: optional(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]+$/, 'must be a header name'),
  ),
  STATS_RETENTION_MONTHS: count(25, 'months'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_TIMEOUT_MS: count(25_000, 'milliseconds'),
  DRAIN_GRACE_MS: count(2_000, 'milliseconds'),
  BUILD_DIR: z.string().trim().min(1).default('dist'),
  /** Unset: on where passkeys can work (docs/decisions/027-passkeys-and-staff-sessions.md). */
  STAFF_AREA: optional(z.enum(['on', 'off'], { error: 'must be on or off' })),
  /** Deprecated alias of STAFF_AREA, read when STAFF_AREA is unset (docs/decisions/091-the-staff-area-and-the-inbox.md). */
  STAFF_INBOX: optional(z.enum(['on', 'off'], { error: 'must be on or off' })),
  STAFF_PORT: optional(port(3001)),
  /** Its host is SITE_URL's or a subdomain: SITE_URL's host is the passkeys' relying party. */
  STAFF_URL: optional(url(['http:', 'https:'], 'https://inbox.kahaani.example')),
});

export const envSchema = envObject.superRefine((env, ctx) => {
  if (env.WEBHOOK_URL && !env.WEBHOOK_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['WEBHOOK_SECRET'],
      message:
        'required when WEBHOOK_URL is set: whsec_ followed by the base64 of ' +
        `${WEBHOOK_SECRET_MIN_BYTES} to ${WEBHOOK_SECRET_MAX_BYTES} random bytes (e.g. whsec_$(openssl rand -base64 32))`,
    });
  }
});

/** URLs as origins; `STAFF_RP_ID` the passkeys' relying party: SITE_URL's host. */
export type Env = Omit<
  z.output<typeof envSchema>,
  'SITE_URL' | 'STAFF_AREA' | 'STAFF_INBOX' | 'STAFF_URL'
> & {
  SITE_URL: string;
  STAFF_AREA: 'on' | 'off';
  STAFF_URL: string;
  STAFF_RP_ID: string;
  /** Why an unset STAFF_AREA resolved to off (for the start-up warning); undefined otherwise. */
  staffAreaOffReason?: string | undefined;
  /** Deprecated variable names the environment set, each with its successor (a start-up warning). */
  deprecatedNames?: string[] | undefined;
};

export const storeEnvSchema = z.object(storeFields);
export type StoreEnv = z.output<typeof storeEnvSchema>;

/** `SITE_URL` defaults to `http://localhost:$PORT`: docs/decisions/042-operators-commands-take-npm-start-defaults.md */
export function withLocalDefaults(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (source['SITE_URL']) return { ...source };
  const port = envObject.shape.PORT.safeParse(source['PORT']);
  return port.success ? { ...source, SITE_URL: `http://localhost:${port.data}` } : { ...source };
}

/** One line per invalid variable, e.g. `DATABASE_URL: must be a URL starting with postgres:`. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/** @throws EnvError `Invalid configuration: NAME: problem; …`, never echoing values (secrets). */

export function parseEnv(source: NodeJS.ProcessEnv): Env;
export function parseEnv<S extends z.ZodType>(source: NodeJS.ProcessEnv, schema: S): z.output<S>;
export function parseEnv(source: NodeJS.ProcessEnv, schema?: z.ZodType): unknown {
  const result = (schema ?? envSchema).safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new EnvError(`Invalid configuration: ${lines.join('; ')}`);
  }
  if (schema) return result.data;
  const { SITE_URL, STAFF_AREA, STAFF_INBOX, STAFF_URL, ...rest } = result.data as z.output<
    typeof envSchema
  >;
  if (STAFF_AREA !== undefined && STAFF_INBOX !== undefined && STAFF_AREA !== STAFF_INBOX) {
    throw new EnvError(
      `Invalid configuration: STAFF_INBOX: is the deprecated name of STAFF_AREA and says ${STAFF_INBOX} where STAFF_AREA says ${STAFF_AREA}; unset STAFF_INBOX`,
    );
  }
  const deprecated =
    STAFF_INBOX !== undefined ? { deprecatedNames: ['STAFF_INBOX: use STAFF_AREA'] } : {};
  if (!SITE_URL && rest.NODE_ENV === 'production') {
    throw new EnvError(
      'Invalid configuration: SITE_URL: required in production, the public origin of the site ' +
        '(e.g. https://kahaani.example)',
    );
  }
  const siteOrigin = new URL(SITE_URL ?? `http://localhost:${rest.PORT}`).origin;
  return {
    ...rest,
    SITE_URL: siteOrigin,
    ...staffArea(siteOrigin, rest, STAFF_AREA ?? STAFF_INBOX, STAFF_URL),
    ...deprecated,
  };
}

/** {@link parseEnv}, or its one line on stderr and exit 1 (nothing is thrown). */
export function parseEnvOrExit(source: NodeJS.ProcessEnv): Env;
export function parseEnvOrExit<S extends z.ZodType>(
  source: NodeJS.ProcessEnv,
  schema: S,
): z.output<S>;
export function parseEnvOrExit(source: NodeJS.ProcessEnv, schema?: z.ZodType): unknown {
  try {
    return schema ? parseEnv(source, schema) : parseEnv(source);
  } catch (error) {
    process.stderr.write(`${error instanceof EnvError ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

/** Why `origin` cannot hold passkeys for `rpId`, or null (https://www.w3.org/TR/webauthn-3/#rp-id). */
export function passkeyOriginProblem(origin: string, rpId: string): string | null {
  const { protocol, hostname } = new URL(origin);
  if (/^\[|^\d+\.\d+\.\d+\.\d+$/.test(hostname)) {
    return `${origin} is an IP address; passkeys need a host name (e.g. localhost)`;
  }
  const local = hostname === 'localhost' || hostname.endsWith('.localhost');
  if (protocol !== 'https:' && !local) return `${origin} is not HTTPS; passkeys need HTTPS`;
  if (hostname !== rpId && !hostname.endsWith(`.${rpId}`)) {
    return `${hostname} is neither SITE_URL's host (${rpId}) nor a subdomain of it`;
  }
  return null;
}

function staffArea(
  siteOrigin: string,
  rest: { STAFF_PORT?: number | undefined; PORT: number },
  setting: 'on' | 'off' | undefined,
  staffUrl: string | undefined,
): Pick<Env, 'STAFF_AREA' | 'STAFF_URL' | 'STAFF_RP_ID' | 'staffAreaOffReason'> {
  const fail = (name: string, problem: string) =>
    new EnvError(`Invalid configuration: ${name}: ${problem}`);
  const site = new URL(siteOrigin);
  const rpId = site.hostname;
  if (staffUrl !== undefined && rest.STAFF_PORT === undefined) {
    throw fail(
      'STAFF_URL',
      'only applies with STAFF_PORT (the staff area is otherwise on SITE_URL)',
    );
  }
  if (rest.STAFF_PORT !== undefined && rest.STAFF_PORT === rest.PORT) {
    throw fail('STAFF_PORT', 'must differ from PORT (unset it to serve the staff area on PORT)');
  }
  let origin = siteOrigin;
  if (staffUrl !== undefined) origin = new URL(staffUrl).origin;
  else if (rest.STAFF_PORT !== undefined) {
    site.port = String(rest.STAFF_PORT);
    origin = site.origin;
  }
  const problem = passkeyOriginProblem(origin, rpId);
  if (setting === 'off') return { STAFF_AREA: 'off', STAFF_URL: origin, STAFF_RP_ID: rpId };
  if (problem && setting === 'on') {
    throw fail(staffUrl !== undefined ? 'STAFF_URL' : 'STAFF_AREA', `cannot be on: ${problem}`);
  }
  return problem
    ? { STAFF_AREA: 'off', STAFF_URL: origin, STAFF_RP_ID: rpId, staffAreaOffReason: problem }
    : { STAFF_AREA: 'on', STAFF_URL: origin, STAFF_RP_ID: rpId };
}
