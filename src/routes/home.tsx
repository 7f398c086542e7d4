/** SCAFFOLD: the home page (spec §3), to be ported from the Astro page. */
import { PageMeta } from '../components/seo/page-meta.tsx';

export function Component() {
  return (
    <>
      <PageMeta id="home" />
      <section className="mx-auto max-w-site px-4 pt-header">
        <h1 className="text-display">home</h1>
      </section>
    </>
  );
}

export { enquiryAction as action } from './enquiry-action.ts';
