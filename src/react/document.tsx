/** The client reads back the server's choice (docs/decisions/026-critical-css-by-beasties.md). */
import { createContext, useContext } from 'react';
import { preload } from 'react-dom';
import stylesheetUrl from '../styles/global.css?url';
import { VITALS_PATH, type VitalsRoute } from '../lib/vitals-report.ts';
import type { STATIC_PAGE_OPTIONS_ID, StaticPageOptions } from '../vitals.ts';

export interface DocumentCss {
  /** '' when linked or on staff pages. */
  inlineCss: string;
  stylesheet: string;
  /** The server's render only (docs/decisions/014-rendering-work-and-fonts-on-phones.md). */
  fontPreloads: readonly string[];
}

/** `src/styles/global.css` as built. */
export const STYLESHEET_URL: string = stylesheetUrl;

const INLINE_CSS_ID = 'site-css';

const DocumentCssContext = createContext<DocumentCss>({
  inlineCss: '',
  stylesheet: '',
  fontPreloads: [],
});

export const DocumentCssProvider = DocumentCssContext.Provider;

/** What a page that does not hydrate loads instead of the framework's scripts; the server's render only. */
export interface DocumentScripts {
  /** The URL of `src/vitals.ts` as built (`src/server/client-entries.ts`); none: nothing loads. */
  vitalsModule?: string | undefined;
  /** A page rendered per request (a preview) allows its inline script by nonce. */
  nonce?: string | undefined;
}

const DocumentScriptsContext = createContext<DocumentScripts>({});

export const DocumentScriptsProvider = DocumentScriptsContext.Provider;

export function readDocumentCss(doc: Document): DocumentCss {
  const inlineCss = doc.getElementById(INLINE_CSS_ID)?.textContent ?? '';
  const stylesheet = inlineCss
    ? // Parsed as text where scripting is on: the link the server wrote inside `<noscript>`.
      (/href="([^"]+)"/.exec(doc.querySelector('noscript')?.textContent ?? '')?.[1] ?? '')
    : (doc.querySelector('link[data-site-css]')?.getAttribute('href') ?? '');
  return { inlineCss, stylesheet, fontPreloads: [] };
}

/** react-dom's `preload` puts the font preloads in the head. */
export function DocumentStyles() {
  const { inlineCss, stylesheet, fontPreloads } = useContext(DocumentCssContext);
  for (const href of fontPreloads)
    preload(href, { as: 'font', type: 'font/woff2', crossOrigin: '' });
  return (
    <>
      {inlineCss ? (
        <>
          <style id={INLINE_CSS_ID} dangerouslySetInnerHTML={{ __html: inlineCss }} />
          <noscript>
            <link rel="stylesheet" href={stylesheet} />
          </noscript>
        </>
      ) : stylesheet ? (
        <link rel="stylesheet" href={stylesheet} data-site-css="" />
      ) : null}
    </>
  );
}

/** `src/vitals.ts`'s, spelt out: importing the value would bundle that module into the shell. */
const OPTIONS_ID: typeof STATIC_PAGE_OPTIONS_ID = 'static-page-options';

/** JSON as a script's text: `<` escaped, so no `</script>` can end it. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The scripts of a page that does not hydrate
 * (docs/decisions/150-item-pages-ship-no-framework-javascript.md): a data block with the page's
 * {@link StaticPageOptions} (never run) and one inline script, allowed by its hash in a stored
 * page's CSP (`src/server/csp.ts`) or by the render's nonce, that inserts `src/vitals.ts` as a
 * module script. Inserted, not imported: 'strict-dynamic' passes a hashed script's trust only to
 * the scripts it inserts; an import from it counts as parser-inserted
 * (https://www.w3.org/TR/CSP3/#strict-dynamic-usage). The module then links the whole stylesheet
 * after the first paint where the page inlined its critical CSS, and starts the Web Vitals report
 * of `route` at `sampleRate` (0–1). Nothing without a built module to load.
 */
export function StaticPageScript({
  route,
  sampleRate,
}: {
  route: VitalsRoute;
  sampleRate: number;
}) {
  const { vitalsModule, nonce } = useContext(DocumentScriptsContext);
  const { inlineCss, stylesheet } = useContext(DocumentCssContext);
  if (!vitalsModule) return null;
  const options: StaticPageOptions = {
    route,
    sampleRate,
    endpoint: VITALS_PATH,
    ...(inlineCss !== '' && stylesheet !== '' ? { stylesheet } : {}),
  };
  const loader = `document.head.append(Object.assign(document.createElement("script"),{type:"module",src:${scriptJson(vitalsModule)}}))`;
  return (
    <>
      <script
        type="application/json"
        id={OPTIONS_ID}
        dangerouslySetInnerHTML={{ __html: scriptJson(options) }}
      />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: loader }} />
    </>
  );
}
