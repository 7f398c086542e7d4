/**
 * Content collections (spec §4). Schemas live in `src/content/schemas.ts` (pure, unit-tested);
 * this file only binds them to loaders. YAML lists use `file()` (entries carry an `id`), keyed
 * YAML maps use `file()` with the key as id, Markdown/YAML folders use `glob()`.
 * A content error fails `astro build` / `astro check` with the schema's message.
 */
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import {
  awardSchema,
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
} from './content/schemas';

export const collections = {
  pages: defineCollection({ loader: file('src/content/pages.yaml'), schema: pageMetaSchema }),
  sections: defineCollection({
    loader: file('src/content/sections.yaml'),
    schema: sectionCopySchema,
  }),
  testimonials: defineCollection({
    loader: file('src/content/testimonials.yaml'),
    schema: testimonialSchema,
  }),
  awards: defineCollection({
    loader: file('src/content/awards.yaml'),
    schema: ({ image }) => awardSchema(image),
  }),
  team: defineCollection({
    loader: file('src/content/team.yaml'),
    schema: ({ image }) => teamMemberSchema(image),
  }),
  founder: defineCollection({
    loader: file('src/content/founder.yaml'),
    schema: ({ image }) => founderSchema(image),
  }),
  services: defineCollection({ loader: file('src/content/services.yaml'), schema: serviceSchema }),
  showcase: defineCollection({
    loader: file('src/content/showcase.yaml'),
    schema: showcaseCategorySchema,
  }),
  stats: defineCollection({ loader: file('src/content/stats.yaml'), schema: statSchema }),
  network: defineCollection({
    loader: file('src/content/network.yaml'),
    schema: networkTileSchema,
  }),
  quotes: defineCollection({ loader: file('src/content/quotes.yaml'), schema: quoteSchema }),
  stories: defineCollection({
    loader: glob({ pattern: '*.md', base: './src/content/stories' }),
    schema: storySchema,
  }),
  legal: defineCollection({
    loader: glob({ pattern: '*.yaml', base: './src/content/legal' }),
    schema: legalDocumentSchema,
  }),
};
