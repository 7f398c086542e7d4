/**
 * The server's route matcher (`routeMatcher`, `src/server/react-router.ts`) names the route React
 * Router's own `matchRoutes` names over the whole tree, for every kind of path: a page, a page
 * asked in capitals or percent-encoded, an item page, a parameter first, the catch-all, and the
 * branch it leaves out.
 */
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeMatcher } from '../../src/server/react-router.ts';

type Entry = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
};

const ENTRIES: Entry[] = [
  { id: 'root', path: '' },
  { id: 'home', parentId: 'root', index: true },
  { id: 'about', parentId: 'root', path: 'about' },
  { id: 'showcase', parentId: 'root', path: 'showcase' },
  { id: 'case-study', parentId: 'root', path: 'showcase/:slug' },
  { id: 'news-page', parentId: 'root', path: 'news/page/:page' },
  { id: 'news-item', parentId: 'root', path: 'news/:slug' },
  { id: 'layout', parentId: 'root' },
  { id: 'contact', parentId: 'layout', path: 'contact' },
  { id: 'exact', parentId: 'root', path: 'Exact', caseSensitive: true },
  { id: 'by-language', parentId: 'root', path: ':lang/press' },
  { id: 'staff', parentId: 'root', path: 'staff/*' },
  { id: '404', parentId: 'root', path: '*' },
];

const build = {
  routes: Object.fromEntries(ENTRIES.map((e) => [e.id, { ...e, module: {} }])),
} as unknown as ServerBuild;

/** The same tree, whole, without `omit`'s branch. */
function tree(omit: string, parentId?: string): RouteObject[] {
  return ENTRIES.filter((e) => e.parentId === parentId && e.id !== omit).map(
    ({ id, index, path, caseSensitive = false }) =>
      index
        ? { id, index: true }
        : { id, caseSensitive, children: tree(omit, id), ...(path === undefined ? {} : { path }) },
  );
}

const PATHS = [
  '/',
  '/about',
  '/ABOUT',
  '/about/',
  '/%61bout',
  '//about',
  '/%E0%A4',
  '/contact',
  '/showcase',
  '/showcase/consumer-launch',
  '/showcase/a/b',
  '/news/page/2',
  '/news/launch',
  '/Exact',
  '/exact',
  '/en/press',
  '/staff/enquiries',
  '/wp-login.php',
  '/.env',
  '/a/b/c/d',
];

describe('the route matcher', () => {
  it('names the route matchRoutes names over the whole tree, for every path', () => {
    const matcher = routeMatcher(build, 'staff');
    const whole = tree('staff');
    // Twice: the second answers come from the matcher's memory of the first.
    for (const path of [...PATHS, ...PATHS]) {
      expect(matcher(path), path).toBe(matchRoutes(whole, path)?.at(-1)?.route.id);
    }
  });

  it('matches an unknown path to the catch-all, a page to its route', () => {
    const matcher = routeMatcher(build, 'staff');
    expect(['/bench-missing', '/%61bout', '/contact', '/staff/x'].map(matcher)).toEqual([
      '404',
      'about',
      'contact',
      '404',
    ]);
  });
});
