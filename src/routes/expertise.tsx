/** Expertise (docs/product.md#expertise): every service in detail, then a call to contact. */
import { ServiceDetails } from '../components/sections/expertise.tsx';
import { byOrder, CtaBand, PageIntro } from '../components/sections/shared.tsx';
import { PageMeta } from '../components/seo/page-meta.tsx';
import { section } from '../content/sections.ts';
import services from '../content/services.yaml';
import { HydrationBoundary } from '../components/ui/hydration-boundary.tsx';

export function Component() {
  return (
    <>
      <PageMeta id="expertise" />
      <PageIntro copy={section('expertise-intro')} background="paper" />
      <HydrationBoundary>
        <ServiceDetails services={byOrder(services)} />
      </HydrationBoundary>
      <HydrationBoundary>
        <CtaBand copy={section('expertise-cta')} />
      </HydrationBoundary>
    </>
  );
}
