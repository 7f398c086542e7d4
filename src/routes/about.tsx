/** SCAFFOLD: the about page (spec §3), to be ported from the Astro page. */
import { PageMeta } from '../components/seo/page-meta.tsx';

export function Component() {
  return (
    <>
      <PageMeta id="about" />
      <section className="mx-auto max-w-site px-4 pt-header">
        <h1 className="text-display">about</h1>
      </section>
    </>
  );
}
