/**
 * The one configuration schema (`src/server/env.ts`): defaults, and the values the old hand
 * parser silently replaced with a default, which now stop the process with one line
 * `Invalid configuration: NAME: problem`.
 */
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, storeEnvSchema, withLocalDefaults } from '../../src/server/env.ts';
import { site } from '../../src/site.config.ts';

/** Outside production SITE_URL has a default, so each case names only what it tests. */
const TEST = { NODE_ENV: 'test' } as const;

describe('parseEnv', () => {
  it('gives the documented defaults for an otherwise empty environment', () => {
    expect(parseEnv(TEST)).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      RATE_LIMIT_MAX: 5,
      RATE_LIMIT_WINDOW_MS: 600_000,
      FORM_MIN_FILL_MS: 3000,
      OUTBOX_LEASE_MS: 60_000,
      NOTIFY_TO: site.email,
      NOTIFY_FROM: site.email,
      SQLITE_SYNCHRONOUS: 'FULL',
      LOG_LEVEL: 'info',
      WEB_VITALS_SAMPLE_RATE: 1,
      WEB_VITALS_RATE_LIMIT_MAX: 30,
    });
  });

  it('reads the Web Vitals sample rate as a fraction, empty as unset', () => {
    expect(parseEnv({ ...TEST, WEB_VITALS_SAMPLE_RATE: '0.25' }).WEB_VITALS_SAMPLE_RATE).toBe(0.25);
    expect(parseEnv({ ...TEST, WEB_VITALS_SAMPLE_RATE: '0' }).WEB_VITALS_SAMPLE_RATE).toBe(0);
    expect(parseEnv({ ...TEST, WEB_VITALS_SAMPLE_RATE: '' }).WEB_VITALS_SAMPLE_RATE).toBe(1);
  });

  it('reads numbers and treats an empty value as unset', () => {
    const env = parseEnv({
      ...TEST,
      RATE_LIMIT_MAX: '12',
      FORM_MIN_FILL_MS: '0',
      RATE_LIMIT_WINDOW_MS: '',
    });
    expect(env).toMatchObject({ RATE_LIMIT_MAX: 12, FORM_MIN_FILL_MS: 0 });
    expect(env.RATE_LIMIT_WINDOW_MS).toBe(600_000);
  });

  it.each([
    ['RATE_LIMIT_MAX', 'abc', 'must be a number'],
    ['RATE_LIMIT_MAX', '-1', 'must not be negative'],
    ['RATE_LIMIT_WINDOW_MS', '10m', 'must be a number'],
    ['FORM_MIN_FILL_MS', '2.5', 'must be a whole number'],
    ['OUTBOX_LEASE_MS', 'sixty', 'must be a number'],
    ['SQLITE_SYNCHRONOUS', 'normal', ''],
    ['LOG_LEVEL', 'verbose', ''],
    ['NOTIFY_TO', 'agency', 'must be an email address'],
    ['DATABASE_URL', 'mysql://db/site', 'must be a URL starting with postgres: or postgresql:'],
    ['FORM_SECRET', 'short', 'must be at least 16 characters'],
    ['SLACK_WEBHOOK_URL', 'http://hooks.slack.com/services/T/B/X', 'must be an https:// URL'],
    ['SLACK_WEBHOOK_URL', 'not a url at all', 'must be an https:// URL'],
    ['WEBHOOK_URL', 'http://10.0.0.8/hook', 'must be an https:// URL'],
    ['WEBHOOK_SECRET', 'a-plain-password-of-some-length', 'must be whsec_ followed by the base64'],
    ['WEBHOOK_SECRET', `whsec_${Buffer.alloc(16, 1).toString('base64')}`, '24 to 64 random bytes'],
    ['WEBHOOK_SECRET', 'whsec_not base64!', 'must be whsec_'],
    ['WEB_VITALS_SAMPLE_RATE', '10%', 'must be a number from 0 to 1'],
    ['WEB_VITALS_SAMPLE_RATE', '1.5', 'must be a number from 0 to 1'],
    ['WEB_VITALS_RATE_LIMIT_MAX', 'many', 'must be a number'],
  ])('%s=%j → one line naming it (the old parser used a default)', (name, value, problem) => {
    let error: unknown;
    try {
      parseEnv({ ...TEST, [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message.startsWith(`Invalid configuration: ${name}: `)).toBe(true);
    expect(message).toContain(problem);
    expect(message).not.toContain('\n');
    // Values are not echoed: they may be secrets.
    if (value.length > 3) expect(message).not.toContain(value);
  });

  it('the notification channels: https URLs (loopback http for tests), a signing key with the webhook', () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(
      parseEnv({
        ...TEST,
        SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T0/B0/x',
        WEBHOOK_URL: 'http://127.0.0.1:8080/hook',
        WEBHOOK_SECRET: secret,
      }),
    ).toMatchObject({
      SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T0/B0/x',
      WEBHOOK_URL: 'http://127.0.0.1:8080/hook',
      WEBHOOK_SECRET: secret,
    });
    expect(parseEnv({ ...TEST, SLACK_WEBHOOK_URL: 'http://localhost:9/x' }).SLACK_WEBHOOK_URL).toBe(
      'http://localhost:9/x',
    );
    expect(parseEnv({ ...TEST, WEBHOOK_URL: '', WEBHOOK_SECRET: '' })).toMatchObject({
      WEBHOOK_URL: undefined,
      WEBHOOK_SECRET: undefined,
    });
    expect(() => parseEnv({ ...TEST, WEBHOOK_URL: 'https://hooks.example/x' })).toThrow(
      /^Invalid configuration: WEBHOOK_SECRET: required when WEBHOOK_URL is set/,
    );
  });

  it('the CLI schema checks only what the store needs', () => {
    expect(parseEnv({ DATA_DIR: '/tmp/x', FORM_SECRET: 'short' }, storeEnvSchema)).toEqual({
      DATA_DIR: '/tmp/x',
      SQLITE_SYNCHRONOUS: 'FULL',
    });
    expect(() => parseEnv({ SQLITE_SYNCHRONOUS: 'OFF' }, storeEnvSchema)).toThrow(
      /^Invalid configuration: SQLITE_SYNCHRONOUS: /,
    );
  });
});

describe("withLocalDefaults (npm start's and the operators' commands from the sources)", () => {
  it('gives SITE_URL http://localhost:$PORT, keeps a given one', () => {
    expect(parseEnv(withLocalDefaults({})).SITE_URL).toBe('http://localhost:3000');
    expect(parseEnv(withLocalDefaults({ PORT: '8080' })).SITE_URL).toBe('http://localhost:8080');
    expect(withLocalDefaults({ SITE_URL: 'https://kahaani.example' })['SITE_URL']).toBe(
      'https://kahaani.example',
    );
    const source = {};
    withLocalDefaults(source);
    expect(source).toEqual({});
  });

  it('names a bad PORT alone, never a SITE_URL nobody set', () => {
    for (const PORT of ['abc', '70000', '0']) {
      expect(() => parseEnv(withLocalDefaults({ PORT }))).toThrow(
        /^Invalid configuration: PORT: [^;]*$/,
      );
    }
  });
});
