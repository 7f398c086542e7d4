/**
 * The one route tree (https://reactrouter.com/start/framework/routing), built from the page list
 * (`src/pages.ts`): the public pages inside the site's layout, every other path the 404 page
 * (docs/product.md#pages).
 */
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { NOT_FOUND_PAGE, PAGES } from './pages.ts';

export default [
  layout('routes/site.tsx', { id: 'site' }, [
    ...PAGES.map(({ id, path, module }) =>
      path === '/' ? index(module, { id }) : route(path.slice(1), module, { id }),
    ),
    route('*', NOT_FOUND_PAGE.module, { id: NOT_FOUND_PAGE.id }),
  ]),
] satisfies RouteConfig;
