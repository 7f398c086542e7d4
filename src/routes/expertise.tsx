/** Expertise (docs/product.md#expertise). */
import { ServiceDetails } from '../components/sections/expertise.tsx';
import { CtaBand, PageIntro } from '../components/sections/shared.tsx';
import { sectionsOf } from '../components/ui/section.tsx';
import pageCopy from '../content/sections.yaml?page=expertise';
import services from '../content/services.yaml';

const section = sectionsOf(pageCopy);

export function Component() {
  return (
    <>
      <PageIntro copy={section('expertise-intro')} background="paper" />
      <ServiceDetails services={services} />
      <CtaBand copy={section('expertise-cta')} />
    </>
  );
}
