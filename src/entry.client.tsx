/** Hydrates after first paint and the stylesheet, so a phone paints the server's HTML first. */
import { readDocumentCss } from './react/document.tsx';

/** At once where the browser does not report paints. */
function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) return resolve();
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
}

/** Resolves on failure too: the page then keeps its critical CSS. */
function loadStylesheet(href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}

/** https://web.dev/articles/optimize-long-tasks#yield-to-main */
function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/** No top-level await: this module shares a chunk with what the hydration code imports. */
async function start(): Promise<void> {
  const css = readDocumentCss(document);
  await firstContentfulPaint();
  const [{ hydrate }] = await Promise.all([
    import('./react/hydrate.tsx'),
    css.inlineCss ? loadStylesheet(css.stylesheet) : undefined,
  ]);
  // Two tasks, not one long one.
  await yieldToMain();
  hydrate(css);
}

void start();
