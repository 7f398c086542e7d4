/**
 * The content as the public pages show it (docs/decisions/063-one-definition-per-collection.md):
 * each release with its image fields resolved (`src/content/images.ts`). Imported by the app's
 * bundle only, where Vite has made the drawings' fingerprinted URLs.
 */
import type { Content } from '../../content/collections.ts';
import { showImages, type MediaLookup, type SiteContent } from '../../content/images.ts';
import { keepTwo, type ContentSource } from './source.ts';

/** Content as the pages show it: image fields resolved (`src/content/images.ts`). */
export interface ShownContent {
  /**
   * The release's; the same object while kept (the two newest).
   * @throws Error when an image it names is gone (the release fails to render)
   */
  shown(release: number): Promise<SiteContent>;
  /** `content`'s (a preview's, made per request). */
  show(content: Content): Promise<SiteContent>;
}

/**
 * `source`'s releases as the pages show them, images resolved by `media` (none: a release
 * naming an upload fails to render). In the app's bundle, whose drawings' URLs are the build's.
 */
export function contentForPages(source: ContentSource, media?: MediaLookup): ShownContent {
  const show = (content: Content) => showImages(content, media);
  return { show, shown: keepTwo(async (release) => show(await source.read(release))) };
}
