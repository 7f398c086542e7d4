/**
 * Per-page `<head>` metadata (title and description from `pages.yaml`). React 19 hoists these
 * elements into the document head, and replaces them on client-side navigation.
 *
 * SCAFFOLD: canonical URL, Open Graph, Twitter and JSON-LD come with the page port.
 */
import pages from '../../content/pages.yaml';

export interface PageMetaProps {
  /** Route id: selects the title and description in `pages.yaml`. */
  id: keyof typeof pages;
}

export function PageMeta({ id }: PageMetaProps) {
  const meta = pages[id];
  return (
    <>
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
    </>
  );
}
