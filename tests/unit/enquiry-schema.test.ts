/**
 * The enquiry schema, the time trap's start time and the spam/origin rules.
 */
import { describe, expect, it } from 'vitest';
import { checkSubmission, enquirySchema } from '../../src/server/enquiries/schema.ts';
import {
  hashIp,
  readStartTime,
  START_COOKIE,
  startCookie,
} from '../../src/server/enquiries/secret.ts';
import { dedupeKey, spamVerdict } from '../../src/server/enquiries/service.ts';
import { originAllowed } from '../../src/server/http/post-guard.ts';

/** The first message per wrong field (`{}` when valid). */
const fieldErrors = (values: Record<string, unknown>) => {
  const r = checkSubmission(values);
  return r.ok ? {} : r.fieldErrors;
};

const ok = { name: 'Asha', email: 'asha@example.com', subject: 'Hi', message: 'Hello\nthere' };

describe('enquirySchema', () => {
  it('accepts and trims a valid enquiry', () => {
    const r = enquirySchema.safeParse({ ...ok, name: '  Asha  ', email: ' asha@example.com ' });
    expect(r.success && r.data).toEqual({ ...ok });
  });

  it.each([
    ['name', '   ', 'Please enter your name.'],
    ['email', '', 'Please enter your email address.'],
    ['email', 'not-an-address', 'Please enter a valid email address, like name@example.com.'],
    ['subject', '', 'Please enter your subject.'],
    ['message', '\n\n', 'Please enter your message.'],
    ['name', 'x'.repeat(101), 'Please keep your name to 100 characters or fewer.'],
    ['subject', 'x'.repeat(151), 'Please keep your subject to 150 characters or fewer.'],
    ['message', 'x'.repeat(5001), 'Please keep your message to 5000 characters or fewer.'],
    ['email', `${'a'.repeat(250)}@x.io`, 'Please use an email address of 254 characters or fewer.'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(fieldErrors({ ...ok, [field]: value })).toEqual({ [field]: message });
  });

  it('accepts the exact maximum lengths', () => {
    const max = { name: 'n'.repeat(100), subject: 's'.repeat(150), message: 'm'.repeat(5000) };
    expect(fieldErrors({ ...ok, ...max })).toEqual({});
    expect(fieldErrors({ ...ok, email: `${'a'.repeat(245)}@ex.co.in` })).toEqual({});
  });

  it.each(['name', 'email', 'subject'])('refuses CR/LF and other controls in %s', (field) => {
    for (const bad of ['a\r\nBcc: x@y.z', 'a\nb', 'a\u0000b', 'a\u2028b', 'a\u007fb']) {
      const base = field === 'email' ? bad.replace('a', 'a@b.co') : bad;
      expect(fieldErrors({ ...ok, [field]: base })[field as 'name']).toBeTruthy();
    }
  });

  it('lets the message keep line breaks and tabs but not other controls', () => {
    expect(fieldErrors({ ...ok, message: 'a\r\n\tb' })).toEqual({});
    expect(fieldErrors({ ...ok, message: 'a\u0007b' }).message).toMatch(/cannot accept/);
  });

  it('refuses missing fields and wrong types with a message per field', () => {
    expect(Object.keys(fieldErrors({}))).toEqual(['name', 'email', 'subject', 'message']);
    expect(fieldErrors({ ...ok, name: 42 }).name).toBe('Please enter your name.');
  });

  it('the action input adds an optional honeypot; an oversized one fails with no field named', () => {
    expect(checkSubmission({ ...ok, website: null }).ok).toBe(true);
    expect(checkSubmission({ ...ok, website: 'x'.repeat(1001) })).toEqual({
      ok: false,
      fieldErrors: {},
    });
  });
});

describe('signed start time', () => {
  it('round-trips; other keys, tampering, future times and junk are forged; none is missing', async () => {
    const now = 1_800_000_000_000;
    const k = startCookie('k');
    const signed = async (at: number) => (await k.serialize(at)).split(';')[0] ?? '';
    const t = await signed(now - 5000);
    expect(await readStartTime(k, t, now)).toEqual({ kind: 'valid', at: now - 5000 });
    expect(await readStartTime(startCookie('other'), t, now)).toEqual({ kind: 'forged' });
    const [value = '', sig = ''] = t.slice(START_COOKIE.length + 1).split('.');
    const altered = `${START_COOKIE}=${value.replace(/^./, (c) => (c === 'M' ? 'N' : 'M'))}.${sig}`;
    expect(await readStartTime(k, altered, now)).toEqual({ kind: 'forged' });
    expect(await readStartTime(k, await signed(now + 120_000), now)).toEqual({ kind: 'forged' });
    for (const junk of ['abc', '1.2', `${now}.`, `${now}`]) {
      expect(await readStartTime(k, `${START_COOKIE}=${junk}`, now)).toEqual({ kind: 'forged' });
    }
    expect(await readStartTime(k, null, now)).toEqual({ kind: 'missing' });
    expect(await readStartTime(k, 'other=1', now)).toEqual({ kind: 'missing' });
    expect(await readStartTime(k, `${START_COOKIE}=`, now)).toEqual({ kind: 'missing' });
  });
});

describe('spamVerdict', () => {
  const now = 1_800_000_000_000;
  const started = (age: number) => ({ kind: 'valid', at: now - age }) as const;
  it('honeypot → honeypot; young start → too-fast; forged → bad-token; old or no start → ham', () => {
    expect(spamVerdict('http://spam', started(9000), 3000, now)).toBe('honeypot');
    expect(spamVerdict(undefined, started(2999), 3000, now)).toBe('too-fast');
    expect(spamVerdict(undefined, started(3000), 3000, now)).toBe('ham');
    expect(spamVerdict(undefined, { kind: 'forged' }, 3000, now)).toBe('bad-token');
    expect(spamVerdict('  ', started(5000), 3000, now)).toBe('ham');
    // CSS images off and no JavaScript: no start was recorded; a person, not a bot.
    expect(spamVerdict(null, { kind: 'missing' }, 3000, now)).toBe('ham');
  });
});

describe('originAllowed', () => {
  const req = {
    requestOrigin: 'http://localhost:4321',
    ip: '1',
    userAgent: '',
    startCookie: undefined,
  };
  it('allows the request origin and SITE_URL, refuses others and a missing origin', () => {
    expect(
      originAllowed({ ...req, origin: 'http://localhost:4321', referer: null }, undefined),
    ).toBe(true);
    expect(
      originAllowed(
        { ...req, origin: 'https://kahaani.example', referer: null },
        'https://kahaani.example/',
      ),
    ).toBe(true);
    expect(
      originAllowed(
        { ...req, origin: 'https://evil.example', referer: null },
        'https://kahaani.example',
      ),
    ).toBe(false);
    expect(originAllowed({ ...req, origin: 'null', referer: null }, undefined)).toBe(false);
    expect(originAllowed({ ...req, origin: null, referer: null }, undefined)).toBe(false);
    expect(
      originAllowed({ ...req, origin: null, referer: 'http://localhost:4321/contact' }, undefined),
    ).toBe(true);
  });
});

describe('hashIp and dedupeKey', () => {
  it('hashes IPs with the salt (never the raw IP) and keys duplicates by content', () => {
    expect(hashIp('k', '10.0.0.1')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashIp('k', '10.0.0.1')).not.toBe(hashIp('other', '10.0.0.1'));
    expect(dedupeKey(ok)).toBe(dedupeKey({ ...ok, email: 'ASHA@example.com' }));
    expect(dedupeKey(ok)).not.toBe(dedupeKey({ ...ok, message: 'other' }));
  });
});
