// @ts-check
import { defineConfig, fontProviders } from 'astro/config';
import node from '@astrojs/node';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  // ASTRO_OUT_DIR lets parallel builds (tests, benchmarks) use their own folder; server/index.mjs
  // reads the same variable.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  adapter: node({ mode: 'standalone' }),
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' },
  fonts: [
    // Self-hosted from the @fontsource-variable npm packages, Latin subset only. The local
    // provider reads the files from node_modules, so the build never touches a CDN.
    {
      provider: fontProviders.local(),
      name: 'Fraunces',
      cssVariable: '--font-fraunces',
      fallbacks: ['Georgia', 'serif'],
      options: {
        variants: [
          {
            src: ['@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2'],
            weight: '100 900',
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
            src: ['@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'],
            weight: '100 900',
            style: 'normal',
          },
        ],
      },
    },
  ],
  vite: { plugins: [tailwindcss()] },
});
