/**
 * Hostile content published through the content store reaches the stored pages as text
 * (docs/decisions/052-rich-text-for-longer-texts.md): plain and rich fields holding markup, a
 * closing script tag, line and paragraph separators, a right-to-left override, emoji, Devanagari
 * and 10,000 characters are escaped in the HTML and in the hydration data, add no element or
 * attribute, leave the page's CSP as it was (but for the hashes of the new inline data, each of
 * which matches its script), and hostile links are refused by the schema with a clear message and
 * dropped by the renderer if stored without it.
 */
import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COLLECTIONS } from '../../src/content/collections.ts';
import type { RichTextDoc } from '../../src/lib/rich-text.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const SCRIPT = '</script><script>alert("script")</script>';
const IMG = '<img src=x onerror=alert(1)>';
const SEPARATORS = 'line\u2028separator\u2029paragraph';
const RLO = 'invoice\u202Efdp.exe';
const EMOJI = 'Launch 🎉👩🏽‍💻🇮🇳';
const DEVANAGARI = 'हर कहानी को उसकी आवाज़ मिलती है';
const LONG = `${'नमस्ते '.repeat(1_400)}${'x'.repeat(200)}`.slice(0, 10_000);
const HOSTILE = [SCRIPT, IMG, SEPARATORS, RLO, EMOJI, DEVANAGARI];

const text = (t: string, marks?: object[]) => ({ type: 'text', text: t, ...(marks && { marks }) });

/** Every hostile string as rich text: marked, in lists, beside links the schema allows. */
const RICH = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        text(SCRIPT, [{ type: 'bold' }]),
        text(IMG, [{ type: 'italic' }]),
        text(SEPARATORS, [{ type: 'link', attrs: { href: 'https://example.com/?q="><img>' } }]),
      ],
    },
    {
      type: 'bulletList',
      content: [RLO, EMOJI, DEVANAGARI].map((t) => ({
        type: 'listItem',
        content: [{ type: 'paragraph', content: [text(t)] }],
      })),
    },
  ],
} as unknown as RichTextDoc;

const JS_LINK = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [text('click me', [{ type: 'link', attrs: { href: ' JaVa\tScRiPt:alert(1)' } }])],
    },
  ],
} as unknown as RichTextDoc;

let t: TestApp;
const get = (path: string) => request(t.app).get(path).set('Accept-Encoding', 'identity');
const before: Record<string, request.Response> = {};
const PAGES = ['/showcase', '/about'];
/** The first case study's page, whose title and summary become hostile. */
const CASE_STUDY = '/showcase/a-home-grown-sneaker-label-goes-national';

beforeAll(async () => {
  t = await createTestApp({}, { contentPollMs: 100 });
  for (const path of [...PAGES, CASE_STUDY]) before[path] = await get(path);
  const content = await t.content.read();
  content['showcase.yaml'][0]!.summary = IMG;
  const [first, second, third, fourth] = content['case-studies.yaml'];
  first!.title = SCRIPT;
  first!.summary = RICH;
  first!.outcome = SEPARATORS;
  second!.summary = JS_LINK;
  third!.summary = LONG as unknown as RichTextDoc;
  fourth!.outcome = `${RLO} ${EMOJI}`;
  const founder = content['founder.yaml'][0]!;
  founder.name = DEVANAGARI;
  founder.bio = RICH;
  content['team.yaml'][0]!.description = LONG;
  expect((await t.content.publish(content, { author: 'hostile corpus' }))?.number).toBe(2);
  await vi.waitFor(async () => expect((await get('/about')).text).toContain('हर कहानी'), {
    timeout: 5_000,
    interval: 50,
  });
});
afterAll(() => t.close());

/** Start tags of the body, with their attribute names (not values). */
const tags = (html: string) =>
  [
    ...html
      .slice(html.indexOf('<body'))
      .matchAll(/<([a-zA-Z][\w-]*)((?:\s+[\w:-]+(?:="[^"]*")?)*)\s*\/?>/g),
  ]
    .map((m) => {
      const names = [...(m[2] ?? '').matchAll(/([\w:-]+)(?:="[^"]*")?/g)].map((a) => a[1]);
      return [m[1], ...names.sort()].join(' ');
    })
    .sort();
const count = (list: string[]) =>
  list.reduce<Record<string, number>>((n, tag) => ({ ...n, [tag]: (n[tag] ?? 0) + 1 }), {});

/** Inline scripts that run (not data blocks), as in tests/server/render.test.ts. */
const inlineScripts = (html: string) =>
  [
    ...html.matchAll(
      /<script(?![^>]*(?:\bsrc=|type="application\/(?:ld\+)?json"))[^>]*>([\s\S]*?)<\/script>/g,
    ),
  ].map((m) => m[1] ?? '');

/** The strings of the route data the page hydrates from (the framework's turbo-stream chunks). */
function hydrationStrings(html: string): string[] {
  return inlineScripts(html)
    .flatMap((s) => [...s.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)])
    .flatMap((m) => JSON.parse(JSON.parse(m[1]!) as string) as unknown[])
    .filter((v): v is string => typeof v === 'string');
}

describe('hostile content on the public pages', () => {
  it('is refused by the schema only where it is a link, with a clear message', () => {
    const schema = COLLECTIONS['case-studies.yaml'].item.shape;
    expect(schema.summary.safeParse(RICH).success).toBe(true);
    expect(schema.title.safeParse(SCRIPT).success).toBe(true);
    expect(schema.summary.safeParse(JS_LINK).error?.issues.map((i) => i.message)).toEqual([
      'Links to javascript: addresses are refused: they can run code in the page',
    ]);
    for (const href of ['data:text/html,<script>alert(1)</script>', 'vbscript:x']) {
      const doc = structuredClone(JS_LINK) as unknown as {
        content: [{ content: [{ marks: [{ attrs: { href: string } }] }] }];
      };
      doc.content[0].content[0].marks[0].attrs.href = href;
      expect(schema.summary.safeParse(doc).error?.issues[0]?.message).toMatch(
        /^Links to (data|vbscript): addresses are refused/,
      );
    }
    // 10,000 characters is the ceiling of any rich text; this field's own limit is lower.
    expect(schema.summary.safeParse(LONG).error?.issues[0]?.message).toBe(
      'The summary on the showcase card must be at most 420 characters (it has 10000)',
    );
  });

  it.each(PAGES)('%s shows it as text: escaped, no element or attribute added', async (path) => {
    const page = await get(path);
    expect(page.status).toBe(200);
    const html = page.text;
    expect(html).not.toContain(IMG);
    expect(html).not.toMatch(/<img src=x/i);
    expect(html).not.toMatch(/<[^>]*\sonerror\s*=/i);
    expect(html).not.toMatch(/href="\s*javascript:/i);
    expect(html.match(/<\/script>/g)?.length).toBe(before[path]!.text.match(/<\/script>/g)?.length);
    const body = html.slice(html.indexOf('<body'));
    expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    if (path === '/showcase') {
      expect(body).toContain(
        '&lt;/script&gt;&lt;script&gt;alert(&quot;script&quot;)&lt;/script&gt;',
      );
      expect(body).toContain(`<strong>&lt;/script&gt;`);
      expect(body).toContain(`<em>&lt;img src=x onerror=alert(1)&gt;</em>`);
      expect(body).toContain(
        `href="https://example.com/?q=&quot;&gt;&lt;img&gt;" class="underline decoration-stone-300 underline-offset-4 hover:decoration-accent" rel="noopener noreferrer">${SEPARATORS}</a>`,
      );
      // The javascript: link stored without the schema is text, not a link.
      expect(body).toContain('<p class="mt-4 leading-relaxed text-stone-700">click me</p>');
      expect(body).toContain(LONG);
      expect(body).toContain(`${RLO} ${EMOJI}`);
    } else {
      expect(body).toContain(`<h3 class="mt-10 font-display text-subtitle">${DEVANAGARI}</h3>`);
      expect(body).toContain(`<li>${RLO}</li><li>${EMOJI}</li><li>${DEVANAGARI}</li>`);
      expect(body).toContain(LONG);
    }
    // Every element and attribute but the content's own marks and list was already on the page.
    const added = count(tags(html));
    for (const [tag, n] of Object.entries(count(tags(before[path]!.text))))
      added[tag] = (added[tag] ?? 0) - n;
    const grown = Object.entries(added)
      .filter(([, n]) => n > 0)
      .map(([tag]) => tag)
      .sort();
    expect(grown).toEqual(['a class href rel', 'em', 'li', 'strong', 'ul class']);
  });

  it.each(PAGES)(
    '%s hydrates from data holding the same strings, escaped inside its scripts',
    async (path) => {
      const html = (await get(path)).text;
      const strings = hydrationStrings(html);
      for (const s of [...HOSTILE, LONG].filter((s) => path === '/showcase' || s !== SCRIPT)) {
        expect(strings, s.slice(0, 40)).toContain(s);
      }
      for (const script of inlineScripts(html)) {
        expect(script).not.toMatch(/<\/script|<!--|[\u2028\u2029]/i);
        expect(script).not.toContain('<img');
      }
      const data = await get(`${path}.data?_routes=${path.slice(1)}`);
      expect(data.status).toBe(200);
      expect(data.text).toContain(JSON.stringify(DEVANAGARI));
    },
  );

  it('a case study page shows it as text, in its head and its JSON-LD too', async () => {
    const page = await get(CASE_STUDY);
    expect(page.status).toBe(200);
    const html = page.text;
    expect(html).not.toMatch(/<img src=x/i);
    expect(html).not.toMatch(/href="\s*javascript:/i);
    expect(html.match(/<\/script>/g)?.length).toBe(
      before[CASE_STUDY]!.text.match(/<\/script>/g)?.length,
    );
    expect(html).toContain(
      '<h1 id="page-heading" class="text-display text-balance">&lt;/script&gt;&lt;script&gt;alert(&quot;script&quot;)&lt;/script&gt;</h1>',
    );
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
    const work = jsonLd
      .map((m) => JSON.parse(m[1]!) as { '@type': string; name?: string })
      .find((j) => j['@type'] === 'CreativeWork');
    expect(work?.name).toBe(SCRIPT);
    const csp = page.headers['content-security-policy'] ?? '';
    for (const script of inlineScripts(html)) {
      const hash = createHash('sha256').update(script, 'utf8').digest('base64');
      expect(csp, script.slice(0, 60)).toContain(`'sha256-${hash}'`);
    }
  });

  it.each(PAGES)('%s keeps its CSP, each inline script allowed by its hash', async (path) => {
    const page = await get(path);
    const csp = page.headers['content-security-policy'] ?? '';
    const shape = (policy: string) => policy.replace(/'sha256-[\w+/=]+'/g, "'sha256'");
    expect(shape(csp)).toBe(shape(before[path]!.headers['content-security-policy'] ?? ''));
    for (const script of inlineScripts(page.text)) {
      const hash = createHash('sha256').update(script, 'utf8').digest('base64');
      expect(csp, script.slice(0, 60)).toContain(`'sha256-${hash}'`);
    }
    expect(csp).not.toContain("'unsafe-inline'");
  });
});
