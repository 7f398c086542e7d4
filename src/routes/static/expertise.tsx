/**
 * The expertise page's static part (decision 015): every service with its description and
 * deliverables. `src/routes/expertise.tsx` draws it through `staticParts`.
 */
import { ServiceDetails } from '../../components/sections/expertise.tsx';
import { byOrder } from '../../components/sections/shared.tsx';
import services from '../../content/services.yaml';

export function Services() {
  return <ServiceDetails services={byOrder(services)} />;
}
