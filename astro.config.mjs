// @ts-check
import { defineConfig, fontProviders } from 'astro/config';
import node from '@astrojs/node';
import tailwindcss from '@tailwindcss/vite';
import sitemap from '@astrojs/sitemap';
import { isIndexablePath } from './src/lib/seo/routes.ts';
import precompress from './src/integrations/precompress.ts';
import withAppEntry from './src/integrations/app-entry.ts';

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  // ASTRO_OUT_DIR lets parallel builds (tests, benchmarks) use their own folder; server/index.mjs
  // reads the same variable.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  // staticHeaders: prerendered pages get their CSP as an HTTP header (from _headers.json) instead
  // of a <meta> tag, so `frame-ancestors` works (it is ignored in <meta>). Issue #4.
  // withAppEntry: the server bundle also exports the Astro app, so server/index.mjs can render
  // action requests without the adapter's static-file step (src/integrations/server-entry.mjs).
  adapter: withAppEntry(node({ mode: 'standalone', staticHeaders: true })),
  integrations: [
    // Issue #4: exactly the indexable routes of spec §1 (the on-demand `/` and `/contact` are
    // included because they are static routes); the 404 page and any demo page are left out.
    sitemap({ filter: (page) => isIndexablePath(new URL(page).pathname) }),
    // Issue #4: .br/.gz siblings of every prerendered text file, served by
    // server/response-headers.mjs. Last, so the sitemap written above is compressed too.
    precompress(),
  ],
  // Issue #4: Astro hashes its own scripts and styles (incl. the <Font> @font-face <style>), so
  // neither script-src nor style-src needs 'unsafe-inline'.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
    },
  },
  // Shiki colours code with inline style attributes, which the CSP forbids; the site shows no
  // code, so Markdown highlighting is off (issue #4).
  markdown: { syntaxHighlight: false },
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' },
  fonts: [
    // Self-hosted: the Latin files of the @fontsource-variable npm packages, cut down further by
    // `npm run fonts:subset` (scripts/subset-fonts.mjs: weights 400–700, the characters the site
    // uses) into src/assets/fonts. The build never touches a CDN.
    {
      provider: fontProviders.local(),
      name: 'Fraunces',
      cssVariable: '--font-fraunces',
      fallbacks: ['Georgia', 'serif'],
      options: {
        variants: [
          {
            src: ['./src/assets/fonts/fraunces-latin-wght-400-700.woff2'],
            weight: '400 700',
            style: 'normal',
          },
        ],
      },
    },
    {
      provider: fontProviders.local(),
      name: 'Inter',
      cssVariable: '--font-inter',
      fallbacks: ['Arial', 'sans-serif'],
      options: {
        variants: [
          {
            src: ['./src/assets/fonts/inter-latin-wght-400-700.woff2'],
            weight: '400 700',
            style: 'normal',
          },
        ],
      },
    },
  ],
  vite: { plugins: [tailwindcss()] },
});
