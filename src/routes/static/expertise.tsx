/**
 * The expertise page's static parts (decision 015): every service with its description and
 * deliverables, then the call to contact. `src/routes/expertise.tsx` draws them through
 * `staticParts`.
 */
import { ServiceDetails } from '../../components/sections/expertise.tsx';
import pageCopy from '../../content/sections.yaml?page=expertise';
import { sectionsOf } from '../../components/ui/section.tsx';
import { byOrder, CtaBand } from '../../components/sections/shared.tsx';
import services from '../../content/services.yaml';

const section = sectionsOf(pageCopy);

export function Services() {
  return <ServiceDetails services={byOrder(services)} />;
}

/** The call to contact that closes the page. */
export function Cta() {
  return <CtaBand copy={section('expertise-cta')} />;
}
