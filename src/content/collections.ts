/**
 * Which schema checks which content file (docs/decisions/002-content-checked-at-build.md): one
 * entry per YAML file under `src/content/`. The loader (`scripts/lib/content.ts`) sorts
 * `ordered` lists by their `order` field.
 */
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

const list = <T extends z.ZodType>(schema: T, what: string) =>
  z.array(schema).min(1, `${what} needs at least one entry`);

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
export type ContentOf<F extends ContentFile> = z.output<(typeof COLLECTIONS)[F]['schema']>;
/** Every collection, by file name: what a content release holds (`src/server/content/`). */
export type Content = { [F in ContentFile]: ContentOf<F> };
