/**
 * Uploaded images over HTTP (`src/server/content/media-upload.ts`,
 * docs/decisions/051-uploaded-images-re-encoded-in-the-database.md), against the production
 * build's app: the hostile upload corpus (a PNG with a script appended, a decompression bomb, an
 * SVG with a script, an empty file, one over the cap, a wrong extension, text posing as an image)
 * each refused with its message or re-encoded so that only pixels are served; EXIF (GPS
 * included) gone and the orientation applied; variants served immutable with an ETag; uploads
 * only from a signed-in member of staff on the inbox's origin; the alt text required unless the
 * image is decorative, and kept as typed on every refusal; a content image field naming an upload
 * (`media:<id>`) shown on the page as a `<picture>` with its sources, box and alt text.
 */
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { image, type ImageRef } from '../../src/content/schemas.ts';
import { staffAppPerFile } from './support/staff-app.ts';

const UPLOAD = '/staff/content/media/upload';
const PAGE = '/staff/content/media';

const [t, me] = staffAppPerFile({}, undefined, { contentPollMs: 100 });

/** A PNG of `width` × `height` in one colour. */
const png = (width = 800, height = 600, background = '#b4532a') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A PNG whose header declares `width` × `height` but holds a few bytes of pixels. */
function bombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Upload {
  file?: { bytes: Buffer; name: string; type?: string };
  alt?: string;
  decorative?: boolean;
  cookie?: string;
  origin?: string | null;
}

/** Posts the upload form as a browser does without JavaScript. */
function upload({ file, alt = '', decorative, cookie = me.cookie, origin = t.origin }: Upload) {
  let req = request(t.staffHttp).post(UPLOAD).set('Cookie', cookie);
  if (origin !== null) req = req.set('Origin', origin);
  req = req.field('alt', alt);
  if (decorative) req = req.field('decorative', 'on');
  return file
    ? req.attach('file', file.bytes, {
        filename: file.name,
        contentType: file.type ?? 'application/octet-stream',
      })
    : req.field('nothing', '');
}

/** The page the 303 leads to, and what its query says. */
function outcome(res: request.Response) {
  expect(res.status, res.text).toBe(303);
  const location = new URL(res.headers['location'] ?? '', t.origin);
  expect(location.pathname).toBe(PAGE);
  return {
    location: location.pathname + location.search,
    statuses: location.searchParams.getAll('status'),
    id: location.searchParams.get('id') ?? '',
    alt: location.searchParams.get('alt'),
  };
}

/** Every variant URL of an upload, from the page's list. */
async function variantUrls(id: string): Promise<string[]> {
  const page = await request(t.staffHttp).get(PAGE).set('Cookie', me.cookie);
  expect(page.status).toBe(200);
  return [...new Set(page.text.match(new RegExp(`/media/${id}-\\d+\\.(?:avif|webp)`, 'g')))];
}

const get = (url: string) =>
  request(t.app)
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

/** Only AVIF or WebP pixels: the right magic, no trace of the upload's markup. */
async function expectOnlyPixels(urls: string[], forbidden: string[]) {
  expect(urls.length).toBeGreaterThanOrEqual(2);
  for (const url of urls) {
    const res = await get(url);
    expect(res.status, url).toBe(200);
    const body = res.body as Buffer;
    if (url.endsWith('.webp')) {
      expect(res.headers['content-type']).toBe('image/webp');
      expect(body.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    } else {
      expect(res.headers['content-type']).toBe('image/avif');
      expect(body.subarray(4, 12).toString('latin1')).toBe('ftypavif');
    }
    for (const text of forbidden) expect(body.includes(text), `${url} has ${text}`).toBe(false);
    const meta = await sharp(body).metadata();
    expect(meta.exif, `${url} has EXIF`).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  }
}

describe('the hostile upload corpus', () => {
  it('a PNG with a script appended is re-encoded: the served bytes hold no script', async () => {
    const bytes = Buffer.concat([await png(), Buffer.from('<script>alert("png")</script>')]);
    const { statuses, id } = outcome(
      await upload({ file: { bytes, name: 'team.png', type: 'image/png' }, alt: 'A red square' }),
    );
    expect(statuses).toEqual(['uploaded']);
    const urls = await variantUrls(id);
    expect(urls.sort()).toEqual(
      [160, 320, 640].flatMap((w) => [`/media/${id}-${w}.avif`, `/media/${id}-${w}.webp`]).sort(),
    );
    await expectOnlyPixels(urls, ['<script', 'alert(']);
  });

  it('an SVG with a script is rasterised: AVIF and WebP only, no markup', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" onload="alert(1)">' +
        '<script>alert("svg")</script><rect width="400" height="200" fill="#1c1917"/></svg>',
    );
    const { statuses, id } = outcome(
      await upload({ file: { bytes: svg, name: 'logo.svg', type: 'image/svg+xml' }, alt: 'Logo' }),
    );
    expect(statuses).toEqual(['uploaded']);
    await expectOnlyPixels(await variantUrls(id), ['<script', '<svg', 'alert(']);
  });

  it('a decompression bomb (a tiny PNG declaring 20000 × 20000) is refused before decoding', async () => {
    const bytes = bombPng(20_000, 20_000);
    expect(bytes.length).toBeLessThan(200);
    const res = await upload({ file: { bytes, name: 'bomb.png' }, alt: 'Bomb' });
    expect(outcome(res)).toMatchObject({ statuses: ['too-many-pixels'], alt: 'Bomb' });
  });

  it('an empty file is refused, the alt text kept', async () => {
    const res = await upload({ file: { bytes: Buffer.alloc(0), name: 'x.png' }, alt: 'Typed' });
    expect(outcome(res)).toMatchObject({ statuses: ['empty'], alt: 'Typed' });
  });

  it('a file over 10 MB is refused, the alt text kept', async () => {
    const bytes = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload({ file: { bytes, name: 'big.png' }, alt: 'Too big' });
    expect(outcome(res)).toMatchObject({ statuses: ['too-large'], alt: 'Too big' });
  });

  it('a file of 10 MB and 1 byte is refused, the alt text kept', async () => {
    const bytes = Buffer.alloc(10 * 1024 * 1024 + 1);
    const res = await upload({ file: { bytes, name: 'photo.jpg' }, alt: 'One byte over' });
    expect(outcome(res)).toMatchObject({ statuses: ['too-large'], alt: 'One byte over' });
  });

  // Beyond what the form may carry at all: the body's length alone refuses it, and the fields
  // before the file are still read so the refusal keeps them.
  it.each([12, 30])(
    'a %i MB phone photo is refused with its alt text and decorative box kept',
    async (mb) => {
      // As a browser sends it: the fields in the form's order, then the file, with its length.
      const boundary = '----formdata-browser-7MA4YWxkTrZu0gW';
      const part = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const body = Buffer.concat([
        Buffer.from(
          part('alt', `Meera on stage, ${mb} MB`) +
            part('decorative', 'on') +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="IMG_2041.jpg"\r\n` +
            'Content-Type: image/jpeg\r\n\r\n',
        ),
        Buffer.alloc(mb * 1024 * 1024),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await request(t.staffHttp)
        .post(UPLOAD)
        .set('Cookie', me.cookie)
        .set('Origin', t.origin)
        .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
        .set('Content-Length', String(body.length))
        .send(body);
      const got = outcome(res);
      expect(got).toMatchObject({ statuses: ['too-large'], alt: `Meera on stage, ${mb} MB` });
      expect(new URL(got.location, t.origin).searchParams.get('decorative')).toBe('1');
      const page = await request(t.staffHttp).get(got.location).set('Cookie', me.cookie);
      expect(page.text).toContain('larger than 10 MB');
      expect(page.text).toMatch(
        new RegExp(`<textarea[^>]*name="alt"[^>]*>Meera on stage, ${mb} MB<`),
      );
    },
  );

  it('the bytes decide, not the name or the type the browser sent', async () => {
    const wrongName = await upload({
      file: { bytes: await png(300, 300, '#0f766e'), name: 'notes.txt', type: 'text/plain' },
      alt: 'A teal square',
    });
    expect(outcome(wrongName).statuses).toEqual(['uploaded']);
    const text = await upload({
      file: { bytes: Buffer.from('just words, not pixels'), name: 'photo.png', type: 'image/png' },
      alt: 'Not an image',
    });
    expect(outcome(text)).toMatchObject({ statuses: ['not-an-image'], alt: 'Not an image' });
    const html = await upload({
      file: { bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'x.gif' },
      alt: 'HTML',
    });
    expect(outcome(html).statuses).toEqual(['not-an-image']);
  });

  it('EXIF is dropped (GPS included) after its orientation is applied', async () => {
    const bytes = await sharp({
      create: { width: 400, height: 200, channels: 3, background: '#334155' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'PhoneCo' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 0/1' },
      })
      .toBuffer();
    expect(await sharp(bytes).metadata()).toMatchObject({ orientation: 6, width: 400 });
    expect(bytes.includes('PhoneCo')).toBe(true);
    const { statuses, id } = outcome(
      await upload({ file: { bytes, name: 'phone.jpg', type: 'image/jpeg' }, alt: 'A portrait' }),
    );
    expect(statuses).toEqual(['uploaded']);
    const urls = await variantUrls(id);
    await expectOnlyPixels(urls, ['PhoneCo', 'Exif']);
    // Orientation 6 turns 400 × 200 upright: 200 wide, 400 high.
    const small = (await get(`/media/${id}-160.webp`)).body as Buffer;
    expect(await sharp(small).metadata()).toMatchObject({ width: 160, height: 320 });
  });
});

describe('alt text', () => {
  it('is required unless the image is decorative, its message beside the field', async () => {
    const bytes = await png(200, 200, '#7c3aed');
    const missing = outcome(await upload({ file: { bytes, name: 'a.png' }, alt: '   ' }));
    expect(missing.statuses).toEqual(['alt-missing']);
    const page = await request(t.staffHttp).get(missing.location).set('Cookie', me.cookie);
    expect(page.text).toMatch(
      /aria-invalid="true"[^>]*aria-describedby="media-alt-hint media-alt-error"/,
    );
    expect(page.text).toContain('Describe the image for people who cannot see it');
    const decorative = outcome(await upload({ file: { bytes, name: 'a.png' }, decorative: true }));
    expect(decorative.statuses).toEqual(['uploaded']);
  });

  it('a refusal shows the page with the alt text as typed', async () => {
    const typed = 'Meera at the <launch> & “press” day';
    const { location } = outcome(
      await upload({ file: { bytes: Buffer.from('nope'), name: 'x.png' }, alt: typed }),
    );
    const page = await request(t.staffHttp).get(location).set('Cookie', me.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Meera at the &lt;launch&gt; &amp; “press” day</textarea>');
    expect(page.text).toContain('This file is not an image we can use');
  });
});

describe('serving', () => {
  it('is immutable for a year with an ETag, 304 when it matches, 404 for anything unknown', async () => {
    const { id } = outcome(
      await upload({ file: { bytes: await png(700, 500, '#ca8a04'), name: 'y.png' }, alt: 'Y' }),
    );
    const url = `/media/${id}-320.avif`;
    const first = await get(url);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = first.headers['etag'] ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await get(url);
    expect(again.headers['etag']).toBe(etag);
    expect((again.body as Buffer).equals(first.body as Buffer)).toBe(true);
    const revalidated = await request(t.app).get(url).set('If-None-Match', etag);
    expect(revalidated.status).toBe(304);
    for (const unknown of [
      `/media/${id}-321.avif`,
      `/media/${id}-320.png`,
      `/media/${'0'.repeat(32)}-320.webp`,
      '/media/../enquiries.sqlite',
      '/media/x',
    ]) {
      expect((await request(t.app).get(unknown)).status, unknown).toBe(404);
    }
  });
});

describe('only staff upload', () => {
  it('without a session: a redirect to sign-in, nothing stored', async () => {
    const bytes = await png(222, 222, '#16a34a');
    const res = await upload({ file: { bytes, name: 'z.png' }, alt: 'Z', cookie: '' });
    expect(res.status).toBe(303);
    expect(res.headers['location']).toMatch(/^\/staff\/sign-in\?next=%2Fstaff%2Fcontent%2Fmedia/);
    const page = await request(t.staffHttp).get(PAGE).set('Cookie', me.cookie);
    expect(page.text).not.toContain('>Z<');
    const anonymous = await request(t.staffHttp).get(PAGE);
    expect(anonymous.status).toBe(302);
  });

  it('from another origin, even with a live session: 403, nothing stored', async () => {
    const bytes = await png(223, 223, '#16a34a');
    for (const origin of ['https://evil.example', 'http://localhost:3001']) {
      const res = await upload({ file: { bytes, name: 'z.png' }, alt: 'Forged', origin });
      expect(res.status, origin).toBe(403);
    }
    const none = await upload({ file: { bytes, name: 'z.png' }, alt: 'Forged', origin: null });
    expect(none.status).toBe(403);
    const page = await request(t.staffHttp).get(PAGE).set('Cookie', me.cookie);
    expect(page.text).not.toContain('Forged');
  });
});

describe('in the pages', () => {
  it('an image field naming an upload shows a <picture> with its sources, box and alt text', async () => {
    const portrait = outcome(
      await upload({
        file: { bytes: await png(640, 800, '#57534e'), name: 'meera.png' },
        alt: 'Meera Nair at her desk',
      }),
    );
    const badge = outcome(
      await upload({
        file: { bytes: await png(300, 300, '#a16207'), name: 'badge.png' },
        decorative: true,
      }),
    );
    expect(image().safeParse(`media:${portrait.id}`).success).toBe(true);
    expect(image().safeParse('../assets/awards/x.svg').success).toBe(true);
    expect(image().safeParse('media:../../etc').success).toBe(false);

    const content = structuredClone(await t.content.read());
    const [member] = content['team.yaml'];
    const [award] = content['awards.yaml'];
    if (!member || !award) throw new Error('The seed has a team and awards');
    member.image = `media:${portrait.id}` as ImageRef;
    award.image = `media:${badge.id}` as ImageRef;
    await t.content.publish(content, { author: 'test' });

    const about = await vi.waitFor(
      async () => {
        const res = await request(t.app).get('/about');
        expect(res.text).toContain('<picture>');
        return res.text;
      },
      { timeout: 10_000, interval: 100 },
    );
    const urls = (format: string, widths: number[], id: string) =>
      widths.map((w) => `/media/${id}-${w}.${format} ${w}w`).join(', ');
    expect(about).toContain(
      `<picture><source type="image/avif" srcSet="${urls('avif', [160, 320, 640], portrait.id)}"`,
    );
    expect(about).toContain(
      `<source type="image/webp" srcSet="${urls('webp', [160, 320, 640], portrait.id)}"`,
    );
    expect(about).toMatch(
      new RegExp(
        `<img src="/media/${portrait.id}-640\\.webp" alt="Meera Nair at her desk" width="320" height="400" loading="lazy"`,
      ),
    );
    // A decorative upload: an empty alt, whatever the page would say of a drawing.
    expect(about).toMatch(
      new RegExp(`<img src="/media/${badge.id}-160\\.webp" alt="" width="160" height="160"`),
    );
    // The other drawings are as they were.
    expect(about).toMatch(/<img src="\/assets\/[^"]+\.svg" alt="" width="320" height="400"/);
    const served = await get(`/media/${portrait.id}-320.avif`);
    expect(served.status).toBe(200);
  });
});
