/** Showcase (docs/product.md#showcase): the categories, each with its case studies. */
import { ShowcaseDetails } from '../components/sections/showcase.tsx';
import { CtaBand, PageIntro } from '../components/sections/shared.tsx';
import { sectionsOf } from '../components/ui/section.tsx';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { pageMeta } from '../lib/seo/page-head.ts';
import { siteContext } from '../react/load-context.ts';
import { keepLoadedData, pick } from '../react/site-content.ts';

export function loader({ context }: LoaderFunctionArgs) {
  const content = context.get(siteContext).content;
  return {
    page: content.entry('pages.yaml', 'showcase'),
    copy: content.sections('showcase'),
    showcase: pick(content.collection('showcase.yaml'), ['id', 'category', 'icon', 'summary']),
    studies: content.list('case-studies.yaml', {
      fields: ['slug', 'category', 'title', 'summary', 'outcome'],
    }).items,
  };
}

export const shouldRevalidate = keepLoadedData;

export default function Page() {
  const { copy, showcase, studies } = useLoaderData<typeof loader>();
  const section = sectionsOf(copy);
  return (
    <>
      <PageIntro copy={section('showcase-intro')} />
      <ShowcaseDetails categories={showcase} studies={studies} />
      <CtaBand copy={section('showcase-cta')} />
    </>
  );
}

export const meta = pageMeta('showcase');
