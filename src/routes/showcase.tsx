/** SCAFFOLD: the showcase page (spec §3), to be ported from the Astro page. */
import { PageMeta } from '../components/seo/page-meta.tsx';

export function Component() {
  return (
    <>
      <PageMeta id="showcase" />
      <section className="mx-auto max-w-site px-4 pt-header">
        <h1 className="text-display">showcase</h1>
      </section>
    </>
  );
}
