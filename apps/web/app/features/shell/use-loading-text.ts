import { useContext, useEffect, useState } from 'react';
import { matchRoutes, type RouteObject, UNSAFE_DataRouterNavigationContext } from 'react-router';
import type { PageLoadingHandle } from '#load-context';

function loadingTextOf(handle: unknown): string | undefined {
  return (handle as PageLoadingHandle | undefined)?.loadingText;
}

interface ManifestRoute {
  id: string;
  parentId?: string | undefined;
  path?: string | undefined;
  index?: boolean | undefined;
}
type FrameworkWindow = Window & {
  __reactRouterManifest?: { routes: Record<string, ManifestRoute> };
  __reactRouterRouteModules?: Record<string, { handle?: unknown } | undefined>;
};

/**
 * The loading text of the route `pathname` leads to, once React Router knows that route and has its module:
 * from the framework's manifest (which lazy route discovery fills in as the navigation starts) and its
 * loaded route modules. Undefined until both are there.
 */
function loadingTextFromFramework(pathname: string): string | undefined {
  const { __reactRouterManifest: manifest, __reactRouterRouteModules: modules } = window as FrameworkWindow;
  if (!manifest || !modules) return undefined;
  const routes = Object.values(manifest.routes);
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true }
          : { id: route.id, path: route.path, children: tree(route.id) },
      );
  const destination = matchRoutes(tree(undefined), pathname)?.at(-1)?.route.id;
  return destination ? loadingTextOf(modules[destination]?.handle) : undefined;
}

// How often, and how long at most, a navigation is watched for its destination's module.
const lookEveryMs = 50;
const lookAtMostMs = 5_000;

/**
 * What the page says while a client-side navigation waits for its data: the destination route's
 * `handle.loadingText` (PageLoadingHandle), undefined when it declares none or nothing is loading.
 *
 * A destination already loaded on this page view is among the navigation's matches. One not visited yet is
 * not: with lazy route discovery React Router learns of the route (`/__manifest`) and loads its module after
 * the navigation has started, without publishing new matches. So the text is then looked up in the
 * framework's manifest and modules as they arrive, which takes a few tens of milliseconds, well before the
 * data of any page a visitor waits for.
 */
export function useLoadingText(): string | undefined {
  const navigation = useContext(UNSAFE_DataRouterNavigationContext)?.navigation;
  const loading = navigation?.state === 'loading' ? navigation : undefined;
  const matched = loading?.matches.at(-1)?.route;
  const fromMatches = matched && matched.path !== undefined ? loadingTextOf(matched.handle) : undefined;
  const location = loading?.location;
  const [found, setFound] = useState<{ key: string; text: string }>();

  useEffect(() => {
    if (!location || fromMatches !== undefined || typeof window === 'undefined') return;
    // A route known to the router whose module is not loaded yet: the same module load the navigation
    // started (React Router memoises it) brings its handle.
    const lazyHandle =
      matched && matched.handle === undefined && typeof matched.lazy === 'object'
        ? matched.lazy.handle
        : undefined;
    if (lazyHandle) {
      let current = true;
      Promise.resolve(lazyHandle()).then(
        (handle) => {
          const text = loadingTextOf(handle);
          if (current && text !== undefined) setFound({ key: location.key, text });
        },
        // The navigation itself reports a module that fails to load.
        () => {},
      );
      return () => {
        current = false;
      };
    }
    const started = Date.now();
    const look = () => {
      const text = loadingTextFromFramework(location.pathname);
      if (text !== undefined) setFound({ key: location.key, text });
      return text !== undefined || Date.now() - started > lookAtMostMs;
    };
    if (look()) return;
    const timer = setInterval(() => {
      if (look()) clearInterval(timer);
    }, lookEveryMs);
    return () => clearInterval(timer);
  }, [location, fromMatches, matched]);

  if (!location) return undefined;
  if (fromMatches !== undefined) return fromMatches;
  return found?.key === location.key ? found.text : undefined;
}
