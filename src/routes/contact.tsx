/** SCAFFOLD: the contact page (spec §3), to be ported from the Astro page. */
import { PageMeta } from '../components/seo/page-meta.tsx';

export function Component() {
  return (
    <>
      <PageMeta id="contact" />
      <section className="mx-auto max-w-site px-4 pt-header">
        <h1 className="text-display">contact</h1>
      </section>
    </>
  );
}

export { enquiryAction as action } from './enquiry-action.ts';
export const handle = { tone: 'dark' };
