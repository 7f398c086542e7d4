/**
 * The shared enquiry schema and the spam/origin rules (docs/product.md#contact-form).
 */
import { describe, expect, it } from 'vitest';
import {
  enquirySchema,
  fieldErrors,
  submissionInputSchema,
} from '../../src/lib/enquiries/schema.ts';
import { hashIp, signRenderTime, verifyRenderTime } from '../../src/lib/enquiries/secret.ts';
import { dedupeKey, originAllowed, spamVerdict } from '../../src/lib/enquiries/service.ts';

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

  it('the action input adds optional honeypot and token fields', () => {
    expect(submissionInputSchema.safeParse({ ...ok, website: null, formToken: 'x' }).success).toBe(
      true,
    );
    expect(submissionInputSchema.safeParse({ ...ok, website: 'x'.repeat(1001) }).success).toBe(
      false,
    );
  });
});

describe('signed render time', () => {
  it('round-trips and rejects forgeries, other keys, future times and junk', () => {
    const now = 1_800_000_000_000;
    const t = signRenderTime('k', now - 5000);
    expect(verifyRenderTime('k', t, now)).toBe(now - 5000);
    expect(verifyRenderTime('other', t, now)).toBeNull();
    expect(verifyRenderTime('k', t.replace(/^\d/, '2'), now)).toBeNull();
    expect(verifyRenderTime('k', signRenderTime('k', now + 120_000), now)).toBeNull();
    for (const junk of [undefined, null, '', 'abc', '1.2', `${now}.`]) {
      expect(verifyRenderTime('k', junk, now)).toBeNull();
    }
  });
});

describe('spamVerdict', () => {
  const now = 1_800_000_000_000;
  const token = (age: number) => signRenderTime('k', now - age);
  it('honeypot filled → honeypot; fast → too-fast; bad token → bad-token; else ham', () => {
    expect(
      spamVerdict({ ...ok, website: 'http://spam', formToken: token(9000) }, 'k', 3000, now),
    ).toBe('honeypot');
    expect(spamVerdict({ ...ok, formToken: token(2999) }, 'k', 3000, now)).toBe('too-fast');
    expect(spamVerdict({ ...ok, formToken: token(3000) }, 'k', 3000, now)).toBe('ham');
    expect(spamVerdict({ ...ok, formToken: 'forged' }, 'k', 3000, now)).toBe('bad-token');
    expect(spamVerdict({ ...ok, website: '  ', formToken: token(5000) }, 'k', 3000, now)).toBe(
      'ham',
    );
  });
});

describe('originAllowed', () => {
  const req = { requestOrigin: 'http://localhost:4321', ip: '1', userAgent: '' };
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
