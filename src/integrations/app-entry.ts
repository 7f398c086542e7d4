/**
 * Wraps the `@astrojs/node` integration so its server bundle starts from
 * `src/integrations/server-entry.mjs` instead of `@astrojs/node/server.js`. Everything else the
 * adapter does (its Vite config plugin, `_headers.json`, standalone serving) is unchanged: the
 * wrapper only rewrites the `serverEntrypoint` of the adapter object passed to `setAdapter`.
 * See server-entry.mjs for why (a fast path for Astro Action requests, issue #3).
 *
 * @param adapter the integration returned by `node({...})`
 * @returns the same integration, with the entry replaced
 */
import type { AstroIntegration } from 'astro';

const ENTRY = new URL('./server-entry.mjs', import.meta.url);

export default function withAppEntry(adapter: AstroIntegration): AstroIntegration {
  const configDone = adapter.hooks['astro:config:done'];
  return {
    ...adapter,
    hooks: {
      ...adapter.hooks,
      'astro:config:done': (params) =>
        configDone?.({
          ...params,
          setAdapter: (a) => params.setAdapter({ ...a, serverEntrypoint: ENTRY }),
        }),
    },
  };
}
