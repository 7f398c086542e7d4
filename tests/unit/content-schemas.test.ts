/**
 * Content schemas (docs/product.md#content): the real content validates and has the counts the product
 * requires, and wrong content is refused with a message that names the field and the rule, which
 * is what an editor sees when `npm run build` fails.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import {
  awardSchema,
  caseStudySchema,
  founderSchema,
  legalDocumentSchema,
  networkTileSchema,
  pageMetaSchema,
  quoteSchema,
  sectionCopySchema,
  serviceSchema,
  showcaseCategorySchema,
  statSchema,
  storySchema,
  teamMemberSchema,
  testimonialSchema,
} from '../../src/content/schemas.ts';
import { ROUTE_IDS } from '../../src/pages.ts';
import { sectionsOf } from '../../src/components/ui/section.tsx';
import { loadContentFile } from '../../src/server/content/files.ts';
import { pick } from '../../src/react/site-content.ts';
import { noContentReader, readerOf } from '../../src/content/reader.ts';
import type { SiteContent } from '../../src/content/images.ts';

const CONTENT = resolve(import.meta.dirname, '../../src/content');

function load(file: string): unknown {
  return parse(readFileSync(join(CONTENT, file), 'utf8'));
}

function list<T extends z.ZodType>(file: string, schema: T): z.infer<T>[] {
  const data = load(file);
  expect(Array.isArray(data), `${file} is a YAML list`).toBe(true);
  return (data as unknown[]).map((entry) => schema.parse(entry));
}

/** The first issue's path and message, as a failed build prints them. */
function firstIssue(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  expect(result.success, 'wrong content is refused').toBe(false);
  const issue = result.error!.issues[0]!;
  return `${issue.path.join('.')}: ${issue.message}`;
}

describe('the real content', () => {
  it('has 6 testimonials, at least one without a position', () => {
    const testimonials = list('testimonials.yaml', testimonialSchema);
    expect(testimonials).toHaveLength(6);
    expect(testimonials.some((t) => t.position === undefined)).toBe(true);
  });

  it('has 4 awards whose badges are project-drawn SVG files that exist', () => {
    const awards = list('awards.yaml', awardSchema);
    expect(awards).toHaveLength(4);
    for (const award of awards) {
      const image = String(award.image);
      expect(image).toMatch(/\.svg$/);
      expect(existsSync(resolve(CONTENT, image)), image).toBe(true);
    }
  });

  it('has 5 team members with initials avatars and one founder', () => {
    const team = list('team.yaml', teamMemberSchema);
    expect(team).toHaveLength(5);
    for (const member of team)
      expect(existsSync(resolve(CONTENT, String(member.image)))).toBe(true);
    expect(list('founder.yaml', founderSchema)).toHaveLength(1);
  });

  it('has 8 services, 4 showcase categories of 2 case studies, 4 stats', () => {
    expect(list('services.yaml', serviceSchema)).toHaveLength(8);
    const showcase = list('showcase.yaml', showcaseCategorySchema);
    expect(showcase).toHaveLength(4);
    const studies = list('case-studies.yaml', caseStudySchema);
    for (const category of showcase) {
      expect(
        studies.filter((s) => s.category === category.id),
        category.id,
      ).toHaveLength(2);
    }
    expect(studies).toHaveLength(8);
    // Each names services, categories and testimonials that exist.
    const services = new Set(list('services.yaml', serviceSchema).map((s) => s.id));
    for (const study of studies) {
      for (const practice of study.practices) expect(services, study.id).toContain(practice);
    }
    expect(new Set(studies.map((s) => s.slug)).size).toBe(studies.length);
    expect(list('stats.yaml', statSchema)).toHaveLength(4);
  });

  it('gives a page only the fields of a list it shows (the home loader)', () => {
    const services = loadContentFile('services.yaml');
    const index = pick(services, ['id', 'title', 'summary']);
    expect(index).toHaveLength(services.length);
    for (const entry of index)
      expect(Object.keys(entry).sort()).toEqual(['id', 'summary', 'title']);
  });

  it('hands the pages every list sorted by its order field, however the file is written', () => {
    const source = [
      '- id: b',
      '  order: 2',
      '  value: "9+"',
      '  label: Two',
      '- id: a',
      '  order: 1',
      '  value: "8+"',
      '  label: One',
      '',
    ].join('\n');
    const stats = loadContentFile('stats.yaml', source) as Array<{ id: string }>;
    expect(stats.map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('names an error by file, item (number and id) and field, one line each', () => {
    const source = [
      '- id: a',
      '  order: 1',
      '  value: "8+"',
      '  label: One',
      '- id: b',
      '  order: 2',
      '  value: "9+"',
      '',
    ].join('\n');
    expect(() => loadContentFile('stats.yaml', source)).toThrow(
      /^src\/content\/stats\.yaml: item 2 \(b\), label: [^\n]+$/,
    );
  });

  it('keeps ids unique and orders distinct within every list', () => {
    for (const [file, schema] of [
      ['testimonials.yaml', testimonialSchema],
      ['services.yaml', serviceSchema],
      ['showcase.yaml', showcaseCategorySchema],
      ['case-studies.yaml', caseStudySchema],
      ['stats.yaml', statSchema],
      ['network.yaml', networkTileSchema],
    ] as const) {
      const entries = list(file, schema as z.ZodType) as { id: string; order: number }[];
      expect(new Set(entries.map((e) => e.id)).size, file).toBe(entries.length);
      expect(new Set(entries.map((e) => e.order)).size, file).toBe(entries.length);
    }
  });

  it('has search metadata for every route, within the title and description limits', () => {
    const pages = load('pages.yaml') as Record<string, unknown>;
    expect(Object.keys(pages).sort()).toEqual([...ROUTE_IDS].sort());
    for (const meta of Object.values(pages)) pageMetaSchema.parse(meta);
  });

  it('validates section copy, quotes, stories and the privacy notice', () => {
    const sections = load('sections.yaml') as Record<string, unknown>;
    for (const copy of Object.values(sections)) sectionCopySchema.parse(copy);
    list('quotes.yaml', quoteSchema);
    legalDocumentSchema.parse(load('privacy.yaml'));
    const stories = load('stories.yaml') as unknown[];
    expect(stories.length, 'philosophy, journey and approach').toBe(3);
    for (const story of stories) storySchema.parse(story);
  });
});

describe('wrong content fails with a clear message', () => {
  const testimonial = {
    id: 'consumer-launch',
    order: 1,
    quote: 'They listened.',
    author: 'Rohan Mehta',
  };

  it('names a missing required field', () => {
    const { author: _author, ...withoutAuthor } = testimonial;
    expect(firstIssue(testimonialSchema, withoutAuthor)).toMatch(/^author: /);
  });

  it('refuses a misspelt field instead of dropping it', () => {
    expect(firstIssue(testimonialSchema, { ...testimonial, postion: 'CEO' })).toMatch(/postion/);
  });

  it('refuses a stat without digits and says what a stat looks like', () => {
    expect(firstIssue(statSchema, { id: 'years', order: 1, value: 'eight', label: 'Years' })).toBe(
      'value: A stat value is digits with an optional trailing "+", e.g. "90+"',
    );
  });

  it('refuses a showcase category with an unknown icon', () => {
    const category = {
      id: 'consumer-lifestyle',
      order: 1,
      category: 'Consumer',
      icon: 'rocket',
      summary: 'Launches.',
    };
    expect(firstIssue(showcaseCategorySchema, category)).toMatch(
      /^icon: Icon must be one of: sparkles, /,
    );
  });

  it('refuses two case studies with one slug, naming the second and the first', () => {
    const study = (id: string, order: number) =>
      [
        `- id: ${id}`,
        `  order: ${order}`,
        `  title: Study ${id}`,
        '  slug: the-same-slug',
        '  category: social-impact',
        '  client: anonymised',
        '  summary: A story.',
        '  outcome: Coverage.',
      ].join('\n');
    expect(() =>
      loadContentFile('case-studies.yaml', [study('a', 1), study('b', 2)].join('\n')),
    ).toThrow(
      'src/content/case-studies.yaml: item 2 (b), slug: the-same-slug is already the web address of “Study a”: each needs its own',
    );
  });

  it('takes any number of case studies a category, each slug one safe path segment', () => {
    const study = {
      id: 'launch',
      order: 1,
      title: 'A launch',
      slug: 'a-launch',
      category: 'consumer-lifestyle',
      client: 'anonymised',
      summary: 'A launch.',
      outcome: 'Coverage.',
    };
    expect(caseStudySchema.safeParse(study).success).toBe(true);
    const rule =
      'slug: A slug is lowercase letters a–z, digits and single hyphens, such as "rooftop-solar-2025"';
    for (const slug of ['../admin', '%2e%2e', 'A-Launch', 'a--launch', '-a', 'कहानी', 'a-🚀']) {
      expect(firstIssue(caseStudySchema, { ...study, slug }), slug).toBe(rule);
    }
    expect(firstIssue(caseStudySchema, { ...study, slug: 'a'.repeat(81) })).toBe(
      'slug: A slug must be at most 80 characters',
    );
    expect(
      firstIssue(caseStudySchema, {
        ...study,
        coverage: [{ outlet: 'X', headline: 'Y', date: '2026-11-27', url: 'javascript:alert(1)' }],
      }),
    ).toBe(
      'coverage.0.url: The article’s address is a web address such as https://example.com/story',
    );
    expect(
      firstIssue(caseStudySchema, {
        ...study,
        coverage: [{ outlet: 'X', headline: 'Y', date: '27/11/2026', url: 'https://x.example/a' }],
      }),
    ).toBe('coverage.0.date: The date it was published is a date written 2026-11-27');
  });

  it('refuses a title over 60 or a description over 160 characters', () => {
    const description = 'A New Delhi public relations agency for media relations and crisis work.';
    expect(firstIssue(pageMetaSchema, { title: 'T'.repeat(61), description })).toMatch(
      /^title: Page title must be at most 60 characters/,
    );
    expect(
      firstIssue(pageMetaSchema, { title: 'Kahaani · About', description: 'd'.repeat(161) }),
    ).toMatch(/^description: Meta description must be at most 160 characters/);
  });

  it('refuses an id that cannot be a URL fragment and an order below 1', () => {
    expect(firstIssue(serviceSchema.pick({ id: true }), { id: 'Media Relations' })).toMatch(
      /^id: Use a lowercase kebab-case id/,
    );
    expect(firstIssue(statSchema, { id: 'years', order: 0, value: '8+', label: 'Years' })).toBe(
      'order: order starts at 1',
    );
  });

  it('refuses an award without an image', () => {
    expect(firstIssue(awardSchema, { id: 'a', order: 1, name: 'Award' })).toMatch(/^image: /);
  });
});

describe("each page's part of the section copy", () => {
  const all = loadContentFile('sections.yaml');
  const ids = Object.keys(all);
  const pagePart = (data: typeof all, page: string) =>
    readerOf({ 'sections.yaml': data } as SiteContent).sections(page);

  it('holds exactly the ids of that page, and every id belongs to a page', () => {
    const home = pagePart(all, 'home');
    expect(Object.keys(home).length).toBeGreaterThan(0);
    expect(Object.keys(home).every((id) => id.startsWith('home-'))).toBe(true);
    expect(Object.keys(pagePart(all, 'footer'))).toEqual(['footer']);
    const pages = [
      'home',
      'about',
      'expertise',
      'showcase',
      'news',
      'contact',
      'not-found',
      'footer',
    ];
    const covered = pages.flatMap((page) => Object.keys(pagePart(all, page)));
    expect(covered.sort()).toEqual([...ids].sort());
  });

  it('fails with the id and the file when a page asks for copy it does not have', () => {
    const section = sectionsOf(pagePart(all, 'home'));
    expect(section('home-hero').heading).toBeTruthy();
    expect(() => section('about-intro')).toThrow(
      'Missing section copy "about-intro" in src/content/sections.yaml',
    );
  });
});

describe("a staff request's reader", () => {
  it('refuses every read of the public release, naming what was asked for', () => {
    const reader = noContentReader();
    expect(() => reader.collection('team.yaml')).toThrow(/read team\.yaml from the public release/);
    expect(() => reader.sections('home')).toThrow(/read home/);
    expect(reader.dependencies.size).toBe(0);
  });
});
