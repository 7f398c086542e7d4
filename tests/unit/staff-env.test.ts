/**
 * The staff inbox's variables in the one schema (`src/server/env.ts`): on, off or decided by
 * whether the origin can hold passkeys; its own port and origin; one line naming the variable
 * when a value cannot work.
 */
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../src/server/env.ts';

const TEST = { NODE_ENV: 'test' } as const;

function failure(vars: Record<string, string>): string {
  try {
    parseEnv({ ...TEST, ...vars });
  } catch (e) {
    expect(e).toBeInstanceOf(EnvError);
    return (e as Error).message;
  }
  throw new Error('parseEnv accepted it');
}

describe('the staff inbox configuration', () => {
  it('is on the public origin by default, its relying party SITE_URL’s host', () => {
    expect(parseEnv({ ...TEST, SITE_URL: 'https://www.kahaani-pr.example/x' })).toMatchObject({
      STAFF_AREA: 'on',
      STAFF_URL: 'https://www.kahaani-pr.example',
      STAFF_RP_ID: 'www.kahaani-pr.example',
    });
    const local = parseEnv(TEST);
    expect(local).toMatchObject({ STAFF_AREA: 'on', STAFF_URL: 'http://localhost:3000' });
    expect(local.STAFF_PORT).toBeUndefined();
  });

  it('on its own port, takes SITE_URL with that port unless STAFF_URL says otherwise', () => {
    expect(
      parseEnv({ ...TEST, SITE_URL: 'http://localhost:3000', STAFF_PORT: '3001' }),
    ).toMatchObject({
      STAFF_AREA: 'on',
      STAFF_PORT: 3001,
      STAFF_URL: 'http://localhost:3001',
    });
    expect(
      parseEnv({
        ...TEST,
        SITE_URL: 'https://kahaani-pr.example',
        STAFF_PORT: '3001',
        STAFF_URL: 'https://inbox.kahaani-pr.example/',
      }),
    ).toMatchObject({
      STAFF_URL: 'https://inbox.kahaani-pr.example',
      STAFF_RP_ID: 'kahaani-pr.example',
    });
  });

  it('turns itself off, with the reason, where passkeys cannot work and nobody asked for it', () => {
    const env = parseEnv({ ...TEST, SITE_URL: 'http://127.0.0.1:4000' });
    expect(env.STAFF_AREA).toBe('off');
    expect(env.staffAreaOffReason).toMatch(/IP address/);
    expect(
      parseEnv({ ...TEST, SITE_URL: 'http://www.kahaani-pr.example' }).staffAreaOffReason,
    ).toMatch(/not HTTPS/);
    const off = parseEnv({ ...TEST, STAFF_AREA: 'off' });
    expect(off.STAFF_AREA).toBe('off');
    expect(off.staffAreaOffReason).toBeUndefined();
  });

  it('still reads the deprecated STAFF_INBOX for one release, and names it for the warning', () => {
    const old = parseEnv({ ...TEST, STAFF_INBOX: 'off' });
    expect(old.STAFF_AREA).toBe('off');
    expect(old.deprecatedNames).toEqual(['STAFF_INBOX: use STAFF_AREA']);
    expect(parseEnv({ ...TEST, STAFF_AREA: 'off' }).deprecatedNames).toBeUndefined();
    expect(parseEnv({ ...TEST, STAFF_AREA: 'off', STAFF_INBOX: 'off' }).STAFF_AREA).toBe('off');
    expect(failure({ STAFF_AREA: 'on', STAFF_INBOX: 'off' })).toContain(
      'Invalid configuration: STAFF_INBOX: is the deprecated name of STAFF_AREA',
    );
  });

  it.each([
    [
      { SITE_URL: 'http://127.0.0.1:4000', STAFF_AREA: 'on' },
      'STAFF_AREA: cannot be on: http://127.0.0.1:4000 is an IP address',
    ],
    [
      { SITE_URL: 'http://www.kahaani-pr.example', STAFF_AREA: 'on' },
      'STAFF_AREA: cannot be on: http://www.kahaani-pr.example is not HTTPS',
    ],
    [
      {
        SITE_URL: 'https://kahaani-pr.example',
        STAFF_PORT: '3001',
        STAFF_URL: 'https://inbox.other.example',
        STAFF_AREA: 'on',
      },
      'STAFF_URL: cannot be on: inbox.other.example is neither',
    ],
    [{ STAFF_URL: 'https://inbox.kahaani-pr.example' }, 'STAFF_URL: only applies with STAFF_PORT'],
    [{ PORT: '3000', STAFF_PORT: '3000' }, 'STAFF_PORT: must differ from PORT'],
    [{ STAFF_PORT: '70000' }, 'STAFF_PORT: must be between 1 and 65535'],
    [{ STAFF_AREA: 'yes' }, 'STAFF_AREA: must be on or off'],
    [
      { STAFF_PORT: '3001', STAFF_URL: 'ftp://inbox.example' },
      'STAFF_URL: must be a URL starting with http: or https:',
    ],
  ])('%j → %s', (vars, message) => {
    expect(failure(vars)).toContain(`Invalid configuration: ${message}`);
  });
});
