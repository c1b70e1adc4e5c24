// Every page the site serves, from the route list the web app declares (app/routes.ts, as compiled into the
// production build's route table). A new route joins the page-wide checks (valid HTML, the feed link)
// by being in that list; a route with a parameter also needs a sample in `samplePaths` below, and the
// checks fail, naming it, until it has one.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { devbitImagePath, imagePagePath, webStoryPath } from '@hurryup/contracts/gallery-pages';
import { postPath } from '@hurryup/contracts/post-slug';
import { allBlogs, allPosts, devbitGallery, galleryImages, sampleShortLink, webStories } from './api.ts';

const serverBuild = path.resolve(import.meta.dirname, '../build/server/index.js');

interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
}

export interface PageRoute {
  id: string;
  /** The full path pattern, e.g. `/post/:postId`, `/` or `/*`. */
  path: string;
  /** Whether the path has a `:param` or `*`, so it needs a sample path to be visited. */
  parameterised: boolean;
}

/** Full path patterns from a build's route table, one per distinct path, sorted. */
export function pageRoutesOf(routes: Record<string, BuildRoute | undefined>): PageRoute[] {
  const pathOf = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return '';
    return [pathOf(route.parentId), route.path ?? ''].filter(Boolean).join('/');
  };
  return Object.values(routes)
    .filter((route): route is BuildRoute => route !== undefined && route.id !== 'root')
    .map((route) => {
      const full = `/${pathOf(route.id)}`.replace(/\/+/g, '/');
      return { id: route.id, path: full, parameterised: /[:*]/.test(full) };
    })
    .filter((route, i, all) => all.findIndex((r) => r.path === route.path) === i)
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** Every page route of the production build. */
export async function pageRoutes(): Promise<PageRoute[]> {
  const build = (await import(pathToFileURL(serverBuild).href)) as {
    routes: Record<string, BuildRoute | undefined>;
  };
  return pageRoutesOf(build.routes);
}

/** Concrete paths for every route with a parameter, keyed by its path pattern, from the running server. */
export const samplePaths: Record<string, () => Promise<string[]>> = {
  '/post/:postId': async () => {
    const [first] = await allPosts();
    if (!first) throw new Error('The seed content has no post to visit');
    return [postPath(first.title), '/post/No%20such%20post'];
  },
  '/devbit/:imageUrl?': async () => {
    const [first] = Object.values(await devbitGallery()).flat();
    if (!first) throw new Error('The seed content has no DevBit image to visit');
    return ['/devbit', devbitImagePath(first.url), devbitImagePath('/content/images/devbit/none.png')];
  },
  '/image/:imageUrl?': async () => {
    const [first] = await galleryImages();
    if (!first) throw new Error('The seed content has no gallery image to visit');
    return [imagePagePath(first.url), imagePagePath('/content/images/gallery/none.png'), '/image/'];
  },
  '/webstory/:id': async () => {
    const [first] = await webStories();
    if (!first) throw new Error('The seed content has no web story to visit');
    return [webStoryPath(first.id), '/webstory/999999'];
  },
  '/s/:code': async () => {
    const { code } = await sampleShortLink();
    return [`/s/${code}+`, '/s/no-such-link+', '/s/no-such-link'];
  },
  // Signed out, each shows the sign-in form (admin-console.test.ts signs in).
  '/admin/content/:kind?/:item?': async () => [
    '/admin/content',
    '/admin/content/posts',
    '/admin/content/posts/new',
    '/admin/content/no-such-kind',
  ],
  '/*': async () => ['/no-such-page'],
};

/** Pages beyond one per route: query strings that render something else. */
async function extraPaths(): Promise<string[]> {
  const [post] = await allPosts();
  const [blog] = await allBlogs();
  const word = post?.title.split(/\W+/).find((w) => w.length >= 4) ?? 'india';
  return [
    `/SearchPage?q=${encodeURIComponent(word)}`,
    ...(blog ? [`/blog?entry=${blog.id}`] : []),
    // Trending Now with the largest rows-per-page choice.
    '/trendingNow?rows=50',
  ];
}

/**
 * One path per route (samples for parameterised ones, including the 404 page) plus a search with `?q=`, a
 * blog entry and Trending Now with 50 rows. Throws, naming them, when parameterised routes have no sample.
 */
export async function pagePaths(routes?: PageRoute[]): Promise<string[]> {
  const list = routes ?? (await pageRoutes());
  const missing = list.filter((r) => r.parameterised && !samplePaths[r.path]).map((r) => r.path);
  if (missing.length > 0) {
    throw new Error(
      `No sample path for ${missing.join(', ')}: add one to samplePaths in apps/web/e2e/page-routes.ts`,
    );
  }
  const paths: string[] = [];
  for (const route of list) {
    paths.push(...(route.parameterised ? await samplePaths[route.path]!() : [route.path]));
  }
  if (!routes) paths.push(...(await extraPaths()));
  return [...new Set(paths)];
}
