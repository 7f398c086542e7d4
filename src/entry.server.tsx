/** Answers once all is ready: Suspense boundaries in place, no revealing script for the CSP. */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import {
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from 'react-router';
import {
  DocumentCssProvider,
  DocumentScriptsProvider,
  STYLESHEET_URL,
  type DocumentCss,
} from './react/document.tsx';
import { documentContext, siteContext } from './react/load-context.ts';
import { isReleasePage, isRouteId } from './pages.ts';

/** ms before a render is aborted. */
export const streamTimeout = 10_000;

export default function handleRequest(
  request: Request,
  responseStatus: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const assets = loadContext.get(documentContext);
  const leaf = routerContext.staticHandlerContext.matches.at(-1)?.route.id ?? '';
  // Only in pages stored at start: no nonce, no visitor's input.
  const inlineCss = assets.nonce === undefined ? (assets.inlineCss[leaf] ?? '') : '';
  const sitePage = isRouteId(leaf) || isReleasePage(leaf);
  const css: DocumentCss = !sitePage
    ? { inlineCss: '', stylesheet: '', fontPreloads: [] }
    : inlineCss
      ? { inlineCss, stylesheet: STYLESHEET_URL, fontPreloads: assets.fontPreloads }
      : { inlineCss: '', stylesheet: STYLESHEET_URL, fontPreloads: [] };
  return new Promise((resolve, reject) => {
    let status = responseStatus;
    const { pipe, abort } = renderToPipeableStream(
      <DocumentCssProvider value={css}>
        <DocumentScriptsProvider value={{ vitalsModule: assets.vitalsModule, nonce: assets.nonce }}>
          <ServerRouter
            context={routerContext}
            url={request.url}
            {...(assets.nonce === undefined ? {} : { nonce: assets.nonce })}
          />
        </DocumentScriptsProvider>
      </DocumentCssProvider>,
      {
        nonce: assets.nonce,
        onAllReady() {
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status,
            }),
          );
          pipe(body);
        },
        onShellError: reject,
        onError(error) {
          status = 500;
          loadContext.get(siteContext).reportError(error, request);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** Logged once by the server, never an aborted request's. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (!request.signal.aborted) context.get(siteContext).reportError(error, request);
};
