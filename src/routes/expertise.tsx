/** Expertise (docs/product.md#expertise). */
import { ServiceDetails } from '../components/sections/expertise.tsx';
import { CtaBand, PageIntro } from '../components/sections/shared.tsx';
import { sectionsOf } from '../components/ui/section.tsx';
import pageCopy from '../content/sections.yaml?page=expertise';
import services from '../content/services.yaml';
import { pageMeta } from '../lib/seo/page-head.ts';

const section = sectionsOf(pageCopy);

export default function Page() {
  return (
    <>
      <PageIntro copy={section('expertise-intro')} background="paper" />
      <ServiceDetails services={services} />
      <CtaBand copy={section('expertise-cta')} />
    </>
  );
}

export const meta = pageMeta('expertise');
