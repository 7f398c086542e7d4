/**
 * Which schema checks which content file (spec §4; design.md "Content as data").
 *
 * Every YAML file under `src/content/` has exactly one entry here. The build (the Vite plugin in
 * `vite-plugin.ts`), the unit tests and the artwork script load content only through
 * {@link loadContentFile}, so an editor's mistake fails all of them with the same message, which
 * names the file, the field and the rule.
 *
 * Lists with an `order` field (`kind: 'ordered'`) are sorted by it; other files stay as written.
 */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import {
  awardSchema,
  founderSchema,
  imagePath,
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
} from './schemas.ts';
import { ROUTE_IDS, type RouteId } from '../pages.ts';

/** Absolute path of the content folder. */
export const CONTENT_DIR = resolve(import.meta.dirname);

const list = <T extends z.ZodType>(schema: T, what: string) =>
  z.array(schema).min(1, `${what} needs at least one entry`);

/** File name (relative to `src/content/`) → its schema and shape. */
export const COLLECTIONS = {
  'pages.yaml': {
    kind: 'plain',
    schema: z.strictObject(
      Object.fromEntries(ROUTE_IDS.map((id) => [id, pageMetaSchema])) as Record<
        RouteId,
        typeof pageMetaSchema
      >,
    ),
  },
  'sections.yaml': { kind: 'plain', schema: z.record(z.string(), sectionCopySchema) },
  'testimonials.yaml': { kind: 'ordered', schema: list(testimonialSchema, 'Testimonials') },
  'awards.yaml': { kind: 'ordered', schema: list(awardSchema(imagePath), 'Awards') },
  'team.yaml': { kind: 'ordered', schema: list(teamMemberSchema(imagePath), 'Team') },
  'founder.yaml': {
    kind: 'plain',
    schema: z.array(founderSchema(imagePath)).length(1, 'founder.yaml holds exactly one founder'),
  },
  'services.yaml': { kind: 'ordered', schema: list(serviceSchema, 'Services') },
  'showcase.yaml': { kind: 'ordered', schema: list(showcaseCategorySchema, 'Showcase') },
  'stats.yaml': { kind: 'ordered', schema: list(statSchema, 'Stats') },
  'network.yaml': { kind: 'ordered', schema: list(networkTileSchema, 'Network') },
  'quotes.yaml': { kind: 'plain', schema: list(quoteSchema, 'Quotes') },
  'stories.yaml': { kind: 'ordered', schema: list(storySchema, 'Stories') },
  'privacy.yaml': { kind: 'plain', schema: legalDocumentSchema },
} as const satisfies Record<string, { kind: 'ordered' | 'plain'; schema: z.ZodType }>;

export type ContentFile = keyof typeof COLLECTIONS;
/** The validated data of one content file. */
export type ContentOf<F extends ContentFile> = z.output<(typeof COLLECTIONS)[F]['schema']>;

/** A content file that does not satisfy its schema; `message` lists every problem. */
export class ContentError extends Error {
  override name = 'ContentError';
}

/** True when `file` (a path or a bare name) is a registered content file. */
export function isContentFile(file: string): boolean {
  return Object.hasOwn(COLLECTIONS, basename(file));
}

/**
 * Parses and validates one content file.
 *
 * @param file absolute path, or a name relative to `src/content/` (e.g. `services.yaml`)
 * @param source the file's text; read from disk when omitted
 * @returns the validated data; lists sorted by `order` (1 first)
 * @throws ContentError naming the file, each failing field path and its rule (e.g.
 *   `src/content/services.yaml: [2].title: Service title must be at most 60 characters`), or a
 *   YAML syntax error with its line; Error when the file is not registered in COLLECTIONS
 */
export function loadContentFile<F extends ContentFile>(file: F | string, source?: string) {
  const name = basename(file) as F;
  const entry = COLLECTIONS[name] as (typeof COLLECTIONS)[F] | undefined;
  if (!entry)
    throw new Error(`${file} is not a registered content file (src/content/collections.ts)`);
  const path = file.includes('/') ? file : resolve(CONTENT_DIR, file);
  const shown = `src/content/${name}`;
  let raw: unknown;
  try {
    raw = parse(source ?? readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ContentError(`${shown}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const result = entry.schema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const where = issue.path
        .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
        .join('')
        .replace(/^\./, '');
      return `${shown}: ${where || '(file)'}: ${issue.message}`;
    });
    throw new ContentError(lines.join('\n'));
  }
  const data = result.data as ContentOf<F>;
  if (entry.kind === 'ordered' && Array.isArray(data)) {
    return [...(data as { order: number }[])].sort((a, b) => a.order - b.order) as ContentOf<F>;
  }
  return data;
}
