/**
 * The 404 page (spec §1, §3 404): every path that is not a page, `/privacy` and `/terms`
 * included. The loader sets status 404, which the server sends with the page (and logs).
 */
import { data } from 'react-router';
import { PageMeta } from '../components/seo/page-meta.tsx';

export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export function Component() {
  return (
    <>
      <PageMeta id="404" />
      <section className="mx-auto max-w-site px-4 pt-header">
        <p>404</p>
        <h1 className="text-display">Oops! Page not found</h1>
        <a href="/">Return to Home</a>
      </section>
    </>
  );
}
