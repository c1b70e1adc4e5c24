import type { AdPlacement } from '@hurryup/contracts/ads';
import { createContext, type RouterContextProvider } from 'react-router';

/**
 * What the server hands to every loader (docs/decisions/0003-server-rendering.md).
 * The web app declares what it needs; the Fastify server provides it. This module is loaded once by Node
 * and kept external in the server build, so the server and the loaders share the same context token.
 */
export interface SiteSettings {
  name: string;
  /** Absolute origin used for canonical and social-preview URLs, without a trailing slash. */
  baseUrl: string;
  ads: { clientId?: string | undefined; slots: Partial<Record<AdPlacement, string>> };
  analyticsId?: string | undefined;
}

/**
 * The readers each feature's pages load their data through (no HTTP hop). Empty here on purpose: each
 * feature adds its own entry in `features/<area>/page-data.ts`, and the server's feature of the same
 * area provides it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, one entry per feature
export interface PageData {}

export interface AppLoadContext {
  site: SiteSettings;
  /**
   * Per-request nonce that the Content-Security-Policy allows inline scripts with; absent when the page is
   * rendered once for every visitor (the page cache allows its inline scripts by their hashes instead).
   */
  nonce: string | undefined;
  /**
   * The site's stylesheet, inlined into every page's head (docs/decisions/0016-one-inlined-stylesheet.md),
   * with the per-request nonce the policy allows it by (absent on a cached page: its hash is allowed).
   * Absent in development, where Vite injects the styles.
   */
  styles?: { css: string; nonce: string | undefined } | undefined;
  /** Rendered for the server's page cache: the whole document at once, the same for every visitor. */
  shared: boolean;
  pageData: PageData;
  /**
   * Where a loader reports what went wrong: the request's logger (with its request id), or the process's
   * for a page rendered for every visitor. Loaders report a failure through `shared/loader-failure.ts`.
   */
  log: PageLog;
}

/** The part of the server's logger (pino) the pages use: an object of details, then a message. */
export interface PageLog {
  error(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
}

/**
 * A route module's `export const handle = { cache: {…} }`: its page is the same for every visitor, so the
 * server renders it once and keeps it until a write of what it shows (docs/decisions/0012-page-cache.md).
 * A page that shows anything personal never sets it.
 * - `shows`: the kinds of content the page shows, as the server's writes name them ('blogs', 'posts',
 *   'gallery', 'devbit', 'videos', 'webstories', 'market', 'market-news', `commentsKind(imageUrl)` for one
 *   image's comments), or a function of the page's address; `[]` for a page no write changes. A page
 *   whose route leaves it out is rendered anew after every write.
 * - `query`: the query parameters its loaders read. The others (`utm_*`, `fbclid`, anything invented) are
 *   left out of the address the page is rendered for and kept under, so they make no new render.
 * - `maxAgeSeconds`: for pages that change with time as well as with content (the home page's "today",
 *   offers that expire); a layout's value applies to its children.
 * - `follows`: moments the server's features keep (`site.providePageMoment`) at which the page's figures
 *   move with time alone: 'market-minute' (the market-hours state, and the current minute while the market
 *   is open: kept to the end of the minute in market hours, to the next session's open outside them) and
 *   'india-date' (the date in India: kept to the next midnight in India). The page is kept until the first
 *   of them moves (decision 0039).
 * - `privately`: kept in the server's page cache only, answered `no-store` (the console's sign-in form, save
 *   mode; decision 0037).
 *
 * A page that cannot be cached says why instead, in `uncached` (a test fails on a route that does neither).
 */
export interface PageCacheHandle {
  cache?: {
    shows?: readonly string[] | ((url: URL) => readonly string[]);
    query?: readonly string[];
    maxAgeSeconds?: number | ((now: Date) => number);
    follows?: readonly PageMoment[];
    /**
     * Kept in this process's page cache only, never by a browser, a proxy or a CDN: the answer says
     * `no-store`. For a page that is the same for every visitor who sends no cookie but that no cache
     * outside the server may keep: the console's sign-in form, the signal view's save mode
     * (docs/decisions/0037-pages-kept-privately.md). A request with a cookie of the site is rendered for it.
     */
    privately?: boolean | ((url: URL) => boolean);
    /**
     * Addresses that all show one page: the address whose page this address shows (undefined: its own).
     * That page is rendered for that address, kept once under it and answered for every address that
     * names it, whatever its status below 500: the 404 page of every unknown address, the page of every
     * unknown short link (docs/decisions/0047-one-page-for-many-addresses.md). Such a page must not depend
     * on the address it is asked at (no canonical link, no current section).
     */
    as?: string | ((url: URL) => string | undefined);
  };
  /** Why the page is never kept in the shared page cache (what it shows differs per visitor, say). */
  uncached?: string;
}

/** What a cached page's figures may move with besides the content it shows (`handle.cache.follows`). */
export type PageMoment = 'market-minute' | 'india-date';

export const appContext = createContext<AppLoadContext>();

/** One feature's reader, for a loader. */
export function pageData<K extends keyof PageData>(
  context: Readonly<RouterContextProvider>,
  key: K,
): PageData[K] {
  return context.get(appContext).pageData[key];
}

/**
 * A route module's `export const handle = { hydrate: 'on-use' }`: a page to read, which hydrates at the
 * visitor's first sign of use instead of as soon as it has painted
 * (docs/decisions/0018-content-pages-hydrate-on-use.md). Its links and forms must work as plain HTML (a
 * form has a real `action`), since they are used before the application runs; its buttons, radio
 * buttons and checkboxes may need the application, because a click on them is held until it runs, and
 * so may its text inputs, whose typing is handed over. It has no textarea or select: React puts a
 * textarea's server text back while it hydrates, and a choice made in a select would not be replayed.
 * `routes/on-use-pages.test.tsx` renders every such route and fails on a textarea, a select or a form
 * without an action (give a new one a sample there).
 */
export interface PageHydrationHandle {
  hydrate?: 'on-use';
  /**
   * With `hydrate: 'on-use'`: the page hydrates this many milliseconds after the document started even if
   * nobody uses it, because it has work of its own due then (the stock table's first refresh).
   */
  hydrateByMs?: number;
  /**
   * A page in no section of the menu (the 404 page): no menu link is marked current, whatever the address,
   * so the page is the same at every address it answers (`handle.cache.as`).
   */
  inNoSection?: boolean;
}

/**
 * A route module's `export const handle = { loadingText: 'Loading posts...' }`: what the page says in place
 * of the previous page while a client-side navigation to it waits for its data (content-and-shell.md
 * section 2). The shell reads it from the navigation's destination (`features/shell/use-loading-text.ts`).
 */
export interface PageLoadingHandle {
  loadingText?: string;
}

/** Sent on `window` once the page has hydrated (the root route's first effect). */
export const hydratedEventName = 'hurryup:hydrated';

/**
 * The `type` the server gives React Router's module bootstrap script in a finished document, so that the
 * parser leaves it alone; `data-preloads` on it lists the modules the document would have preloaded.
 * The page's own inline script (`shared/start-page-scripts.ts`) starts both: the preloads once the page
 * has painted (docs/decisions/0017-scripts-after-first-paint.md), the bootstrap then or at first use.
 */
export const afterFirstPaintScriptType = 'text/x-after-first-paint';
