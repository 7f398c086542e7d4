/**
 * Parts of a page that the server draws and hydration leaves as they are (decision 015).
 *
 * `staticParts(load)` takes a route's module of static parts (sections with no behaviour of their
 * own: text, links, pictures, which import their content themselves) and gives a component per
 * named export:
 *
 * - on the server, the export itself, rendered synchronously (the page entry awaits
 *   {@link loadStaticParts} once the router has loaded the matched route's module);
 * - in the browser, while React hydrates the server's page, an empty `<div class="contents">`
 *   with `dangerouslySetInnerHTML` and `suppressHydrationWarning`. React neither hydrates nor
 *   replaces the children of an element it owns through `dangerouslySetInnerHTML`
 *   (https://github.com/facebook/react/issues/10923), so the server's nodes stay, none of them is
 *   hydrated, and the module's chunk (code and content) is never downloaded for that page view;
 * - in the browser after a client-side navigation, the export again: the route's `lazy` awaits
 *   `preload()` first (`src/entry-client.tsx`), and a part rendered before that suspends until its
 *   chunk arrives.
 *
 * Hydration is told apart from a navigation by `useSyncExternalStore`, whose server snapshot
 * React uses exactly while it hydrates (https://react.dev/reference/react/useSyncExternalStore);
 * a part keeps the answer it got when it mounted. The `div` is `display: contents`, so it changes
 * no layout. While the server's nodes stand, the links among them have no React handlers (their
 * `<Link>` never hydrated): `src/entry-client.tsx` hands their clicks to the router.
 *
 * Widgets with behaviour (carousels, counters) can be static parts too: their markup is drawn like
 * any other, and the `bind` option brings them to life on the part's element, the server's nodes
 * or React's (decision 019). A navigation's parts are drawn whole in one commit, their chunk being
 * loaded first, so `bind` always finds the widgets in place.
 */
import {
  Suspense,
  use,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type RefCallback,
} from 'react';

/** A route's module of static parts: each export a component without props. */
export type StaticModule = Record<string, ComponentType>;

/** True in Node (the server render, the tests that render there). */
const ON_SERVER = typeof document === 'undefined';
/** Leaves the server's children in place (see the module comment). */
const KEEP = { __html: '' };
const noSubscription = () => () => {};
const hydratingOnClient = () => false;
const hydratingOnServer = () => true;

/**
 * Whether this component instance was first drawn from the server's HTML: true on the server and
 * while React hydrates the server's page, false for an instance React mounts in the browser
 * later (a client-side navigation, the error page). The answer is the one the instance got when
 * it mounted; it does not change afterwards.
 */
export function useDrawnByServer(): boolean {
  const hydrating = useSyncExternalStore(noSubscription, hydratingOnClient, hydratingOnServer);
  const [drawnByServer] = useState(hydrating);
  return drawnByServer;
}

interface Registration {
  load: () => Promise<StaticModule>;
  module?: StaticModule;
  pending?: Promise<StaticModule>;
}

const registrations: Registration[] = [];

function loadOne(registration: Registration): Promise<StaticModule> {
  registration.pending ??= registration.load().then((module) => {
    registration.module = module;
    return module;
  });
  return registration.pending;
}

/**
 * Loads every module of static parts registered so far (on the server: those of every route
 * module loaded so far).
 * @throws when a module fails to load (the render fails, as for any missing module)
 */
export async function loadStaticParts(): Promise<void> {
  await Promise.all(registrations.map(loadOne));
}

/** What a route module that draws static parts exports for the browser's router. */
export interface WithStaticParts {
  /** Loads the route's static parts (`StaticParts.preload`). */
  preloadStaticParts?: () => Promise<unknown>;
}

/**
 * A route module as the router's `lazy` returns it in the browser: without `preloadStaticParts`
 * (not a route property), which it first awaits when the module is loaded for a client-side
 * navigation; on the first load the server's HTML already holds the parts.
 *
 * @param navigating false while the server's page is being hydrated
 * @throws when the parts' chunk fails to load (the navigation fails, as for a missing route chunk)
 */
export async function routeWithoutStaticParts<T extends WithStaticParts>(
  module: T,
  navigating: boolean,
): Promise<Omit<T, 'preloadStaticParts'>> {
  const { preloadStaticParts, ...route } = module;
  if (navigating) await preloadStaticParts?.();
  return route;
}

/** The components of one module of static parts, and how to load it ahead of a navigation. */
export interface StaticParts {
  /** The component drawing the module's export `name`. */
  part: (name: string) => ComponentType;
  /** Loads the module (once); resolves when its parts render without suspending. */
  preload: () => Promise<unknown>;
}

/** Options of {@link staticParts}. */
export interface StaticPartsOptions {
  /**
   * Brings the widgets inside a part to life (`bindWidgets`, decision 019): called with the part's
   * element in the browser when React commits it, while hydrating the server's page or after a
   * client-side navigation; the function it returns is called when React removes the part.
   */
  bind?: (element: HTMLElement) => () => void;
}

/**
 * Registers a route's module of static parts.
 * @param load the dynamic `import()` of the module, so that it is a chunk of its own
 */
export function staticParts(
  load: () => Promise<StaticModule>,
  { bind }: StaticPartsOptions = {},
): StaticParts {
  const registration: Registration = { load };
  registrations.push(registration);
  // React 19 calls the function a ref callback returns when the element is removed.
  const bindRef: RefCallback<HTMLDivElement> | undefined = bind
    ? (element) => (element ? bind(element) : undefined)
    : undefined;

  function Loaded({ name }: { name: string }) {
    const module = registration.module ?? use(loadOne(registration));
    const Part = module[name];
    if (!Part) throw new Error(`The static parts module has no export "${name}"`);
    return <Part />;
  }

  function StaticPart({ name }: { name: string }) {
    const keep = useDrawnByServer() && !ON_SERVER;
    if (keep) {
      return (
        <div
          className="contents"
          ref={bindRef}
          dangerouslySetInnerHTML={KEEP}
          suppressHydrationWarning
        />
      );
    }
    if (ON_SERVER) {
      if (!registration.module) {
        throw new Error('Static parts rendered on the server before loadStaticParts()');
      }
      return (
        <div className="contents">
          <Loaded name={name} />
        </div>
      );
    }
    return (
      <div className="contents" ref={bindRef}>
        <Suspense fallback={null}>
          <Loaded name={name} />
        </Suspense>
      </div>
    );
  }

  return {
    part: (name) => {
      const Part = () => <StaticPart name={name} />;
      Part.displayName = `StaticPart(${name})`;
      return Part;
    },
    preload: () => loadOne(registration),
  };
}

/**
 * The browser's side of a part only the server draws, such as the root layout's footer
 * (`src/root.tsx`), whose module the browser build leaves out altogether (the root picks this
 * with `import.meta.env.SSR`, so Vite drops the other branch's `import()`):
 *
 * - while React hydrates the server's page: an empty `<div class="contents">` that keeps the
 *   server's nodes, as {@link staticParts} does; they stay through client-side navigations, since
 *   the layout around the pages stays mounted;
 * - mounted afterwards (the error page, drawn in the browser from scratch when a navigation
 *   fails): a copy of the kept nodes' markup as it is at that moment (the old page is still in
 *   the document while React renders the new one), or nothing if none was ever hydrated.
 */
export function keptPart(): ComponentType {
  let kept: HTMLDivElement | null = null;
  const remember: RefCallback<HTMLDivElement> = (element) => {
    if (element) kept = element;
  };
  function KeptPart() {
    const drawnByServer = useDrawnByServer();
    const [html] = useState(() => (drawnByServer ? KEEP : { __html: kept?.innerHTML ?? '' }));
    return (
      <div
        className="contents"
        ref={html === KEEP ? remember : undefined}
        dangerouslySetInnerHTML={html}
        suppressHydrationWarning
      />
    );
  }
  return KeptPart;
}
