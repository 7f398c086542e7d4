/** Showcase (docs/product.md#showcase). */
import { ShowcaseDetails } from '../components/sections/showcase.tsx';
import { CtaBand, PageIntro } from '../components/sections/shared.tsx';
import { sectionsOf } from '../components/ui/section.tsx';
import pageCopy from '../content/sections.yaml?page=showcase';
import showcase from '../content/showcase.yaml';
import { pageMeta } from '../lib/seo/page-head.ts';

const section = sectionsOf(pageCopy);

export default function Page() {
  return (
    <>
      <PageIntro copy={section('showcase-intro')} />
      <ShowcaseDetails categories={showcase} />
      <CtaBand copy={section('showcase-cta')} />
    </>
  );
}

export const meta = pageMeta('showcase');
