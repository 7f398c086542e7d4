/** Showcase (docs/product.md#showcase): four categories of two projects, then a call to contact. */
import { ShowcaseDetails } from '../components/sections/showcase.tsx';
import { byOrder, CtaBand, PageIntro } from '../components/sections/shared.tsx';
import { PageMeta } from '../components/seo/page-meta.tsx';
import { section } from '../content/sections.ts';
import showcase from '../content/showcase.yaml';
import { HydrationBoundary } from '../components/ui/hydration-boundary.tsx';

export function Component() {
  return (
    <>
      <PageMeta id="showcase" />
      <PageIntro copy={section('showcase-intro')} />
      <HydrationBoundary>
        <ShowcaseDetails categories={byOrder(showcase)} />
      </HydrationBoundary>
      <HydrationBoundary>
        <CtaBand copy={section('showcase-cta')} />
      </HydrationBoundary>
    </>
  );
}
