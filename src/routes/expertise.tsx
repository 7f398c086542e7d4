/** Expertise (docs/product.md#expertise). */
import { ServiceDetails } from '../components/sections/expertise.tsx';
import { CtaBand, PageIntro } from '../components/sections/shared.tsx';
import { sectionsOf } from '../components/ui/section.tsx';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { pageMeta } from '../lib/seo/page-head.ts';
import { siteContext } from '../react/load-context.ts';
import { keepLoadedData, pick } from '../react/site-content.ts';

export function loader({ context }: LoaderFunctionArgs) {
  const content = context.get(siteContext).content;
  return {
    page: content.entry('pages.yaml', 'expertise'),
    copy: content.sections('expertise'),
    services: pick(content.collection('services.yaml'), [
      'id',
      'title',
      'summary',
      'description',
      'deliverables',
    ]),
  };
}

export const shouldRevalidate = keepLoadedData;

export default function Page() {
  const { copy, services } = useLoaderData<typeof loader>();
  const section = sectionsOf(copy);
  return (
    <>
      <PageIntro copy={section('expertise-intro')} background="paper" />
      <ServiceDetails services={services} />
      <CtaBand copy={section('expertise-cta')} />
    </>
  );
}

export const meta = pageMeta('expertise');
