/** Releases with images resolved (docs/decisions/063-one-definition-per-collection.md); app bundle only. */
import type { Content } from '../../content/collections.ts';
import { showImages, type MediaLookup, type SiteContent } from '../../content/images.ts';
import { keepTwo, type ContentSource } from './source.ts';

/** Content as the pages show it: image fields resolved (`src/content/images.ts`). */
export interface ShownContent {
  /** The same object while kept (two newest). @throws Error when an image it names is gone */
  shown(release: number): Promise<SiteContent>;
  show(content: Content): Promise<SiteContent>;
}

/** No `media`: a release naming an upload fails to render. In the app's bundle, for the build's URLs. */
export function contentForPages(source: ContentSource, media?: MediaLookup): ShownContent {
  const show = (content: Content) => showImages(content, media);
  return { show, shown: keepTwo(async (release) => show(await source.read(release))) };
}
