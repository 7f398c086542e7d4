/**
 * Server entry: answers one Fetch `Request` with the route table's loaders and actions and streams
 * a whole HTML document with the router's status. It knows nothing of Express: requests and
 * dependencies come in as arguments (`src/server/render.ts` loads its build).
 */
import type { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  RouterContextProvider,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { DocumentProvider, type DocumentData } from './app/document.tsx';
import { toHydrationJson } from './app/hydration-data.ts';
import { servicesContext, type SiteServices } from './app/services.ts';
import { ROUTE_MODULES, routes } from './routes.tsx';

const handler = createStaticHandler(routes);

/** The client files a page needs, resolved from Vite's manifest (or Vite's dev server). */
export interface ClientAssets {
  /** Module scripts that start the browser app (`/assets/entry-client-….js`). */
  bootstrapModules: readonly string[];
  /** Per route module (a key of `ROUTE_MODULES`' values): its chunk and the chunks it imports. */
  routeChunks: Readonly<Record<string, readonly string[]>>;
  /** Production: each route module's critical CSS, inlined; empty in development. */
  inlineCss: Readonly<Record<string, string>>;
  /** Development stylesheet URLs. */
  stylesheets: readonly string[];
  /** Production: the whole stylesheet, linked for visitors without JavaScript ('' otherwise). */
  stylesheet: string;
  /** Font files to preload: the core of both faces. */
  fontPreloads: readonly string[];
  /** Production: scripts start after the first paint ({@link afterFirstPaint}). */
  deferScripts: boolean;
}

export interface RenderOptions {
  assets: ClientAssets;
  services: SiteServices;
  /** Called with errors React reports while rendering (the stream may still complete). */
  onError?: (error: unknown) => void;
}

/**
 * The inline scripts and styles of a document, exactly as written into the HTML: the server hashes
 * them for the page's CSP (docs/decisions/008-csp-hashes-instead-of-nonces.md). JSON data blocks
 * are not scripts to the CSP and are not listed.
 */
export interface InlineCode {
  scripts: readonly string[];
  styles: readonly string[];
}

/** A document ready to stream: set the status and headers, then `pipe` it into the response. */
export interface RenderedDocument {
  kind: 'document';
  status: number;
  headers: Headers;
  inline: InlineCode;
  pipe: <W extends Writable>(destination: W) => W;
  abort: (reason?: unknown) => void;
}

export type RenderResult = { kind: 'response'; response: Response } | RenderedDocument;

/** Headers of the deepest matched route's action and loader (e.g. `Retry-After`). */
function routeHeaders(context: StaticHandlerContext): Headers {
  const leaf = context.matches.at(-1);
  const headers = new Headers(leaf ? context.actionHeaders[leaf.route.id] : undefined);
  const loaderHeaders = leaf ? context.loaderHeaders[leaf.route.id] : undefined;
  loaderHeaders?.forEach((value, key) => headers.append(key, value));
  return headers;
}

/**
 * The inline bootstrap of production pages (docs/decisions/005-scripts-after-first-paint.md): on
 * first contentful paint it preloads the chunks and adds the entry as a script element: the CSP's
 * `'strict-dynamic'` trusts that, not an `import()` from the parser-inserted bootstrap
 * (https://www.w3.org/TR/CSP3/#strict-dynamic-usage).
 * @param entry URL of the browser entry
 * @param chunks URLs of the chunks the entry and the matched page import
 * @returns source for `bootstrapScriptContent`, free of `<` so the CSP hash of it holds
 */
export function afterFirstPaint(entry: string, chunks: readonly string[]): string {
  return (
    `(function(){var done=0;function go(){if(done++)return;` +
    `${JSON.stringify(chunks)}.forEach(function(u){var l=document.createElement("link");` +
    `l.rel="modulepreload";l.href=u;document.head.appendChild(l)});` +
    `var s=document.createElement("script");s.type="module";s.src=${JSON.stringify(entry)};document.head.appendChild(s)}` +
    `var P=window.PerformanceObserver;` +
    `if(!P||(P.supportedEntryTypes||[]).indexOf("paint")===-1)return go();` +
    `var o=new P(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}});` +
    `o.observe({type:"paint",buffered:true})})()`
  ).replace(/</g, '\\u003c');
}

/**
 * @returns the router's own `Response` (redirects), or a document to stream once all of it is ready
 * @throws when the shell cannot render at all (the caller answers 500)
 */
export async function render(request: Request, options: RenderOptions): Promise<RenderResult> {
  const requestContext = new RouterContextProvider();
  requestContext.set(servicesContext, options.services);
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) return { kind: 'response', response: context };

  const router = createStaticRouter(handler.dataRoutes, context);
  const chunks = new Set<string>();
  let inlineCss = '';
  for (const match of context.matches) {
    const source = ROUTE_MODULES[match.route.id as keyof typeof ROUTE_MODULES];
    for (const href of (source && options.assets.routeChunks[source]) ?? []) chunks.add(href);
    inlineCss = (source && options.assets.inlineCss[source]) || inlineCss;
  }
  const documentData: DocumentData = {
    inlineCss,
    stylesheets: options.assets.stylesheets,
    stylesheet: options.assets.stylesheet,
    hydrationJson: toHydrationJson(context),
    fontPreloads: options.assets.fontPreloads,
  };
  const bootstrap = options.assets.bootstrapModules;
  const deferred = options.assets.deferScripts && bootstrap.length === 1;
  const bootstrapScript = deferred ? afterFirstPaint(bootstrap[0] ?? '', [...chunks]) : '';
  const inline: InlineCode = {
    scripts: bootstrapScript ? [bootstrapScript] : [],
    styles: documentData.inlineCss ? [documentData.inlineCss] : [],
  };
  const headers = routeHeaders(context);
  headers.set('Content-Type', 'text/html; charset=utf-8');

  return new Promise<RenderResult>((resolve, reject) => {
    const stream = renderToPipeableStream(
      <DocumentProvider value={documentData}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </DocumentProvider>,
      {
        // Outlining completed Suspense boundaries needs inline scripts the CSP refuses.
        progressiveChunkSize: Infinity,
        ...(bootstrapScript
          ? { bootstrapScriptContent: bootstrapScript }
          : { bootstrapModules: [...bootstrap] }),
        // All boundaries resolved, so React writes them in place with no revealing script.
        onAllReady() {
          resolve(done());
        },
        onShellError(error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error) {
          options.onError?.(error);
        },
      },
    );
    const done = (): RenderedDocument => ({
      kind: 'document',
      status: context.statusCode,
      headers,
      inline,
      pipe: (destination) => stream.pipe(destination),
      abort: (reason) => stream.abort(reason),
    });
  });
}
