import { describe, expect, it } from 'vitest';
import type { PageCacheHandle } from '#load-context';
import routes from '../routes.ts';

// Issue 28: every page either declares to the page cache what it shows (handle.cache: the kinds of content
// whose writes change it, and the moments its figures move with) or says, in handle.uncached, why it
// cannot be kept for every visitor. A route that does neither would be rendered on every request unnoticed.
type RouteModule = { handle?: PageCacheHandle };
const routeModules = import.meta.glob<RouteModule>(['./**/*.tsx', '!./**/*.test.tsx'], { eager: true });

type Entry = { path?: string; file: string; children?: Entry[] };
const flatten = (entries: readonly Entry[]): Entry[] =>
  entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
const pages = flatten(routes as Entry[]);

describe('page cache declarations (handle.cache or handle.uncached)', () => {
  it('finds every route of the site', () => {
    expect(pages.length).toBeGreaterThan(40);
    for (const page of pages)
      expect(routeModules[page.file.replace(/^routes\//, './')], page.file).toBeDefined();
  });

  it.each(pages.map((page) => [page.path ?? '(index)', page.file]))('%s (%s) declares', (_, file) => {
    const handle = routeModules[file.replace(/^routes\//, './')]?.handle;
    const cache = handle?.cache;
    const reason = handle?.uncached;
    // One or the other, never both: a reason beside a declaration would be read as one and not the other.
    expect(
      cache !== undefined || reason !== undefined,
      `${file}: no handle.cache and no handle.uncached`,
    ).toBe(true);
    expect(
      cache !== undefined && reason !== undefined,
      `${file}: both handle.cache and handle.uncached`,
    ).toBe(false);
    if (reason !== undefined)
      expect(reason.trim().length, `${file}: handle.uncached gives no reason`).toBeGreaterThan(20);
    if (cache) {
      // What it shows is named (a list, or a function of its address), so writes of other content leave it.
      expect(
        Array.isArray(cache.shows) || typeof cache.shows === 'function',
        `${file}: handle.cache.shows`,
      ).toBe(true);
      for (const moment of cache.follows ?? []) expect(['market-minute', 'india-date']).toContain(moment);
    }
  });

  it('keeps save mode and the trading pages where the issue puts them', () => {
    const handleOf = (file: string) => routeModules[`./${file}`]?.handle;
    // Save mode and the console: kept in the server only, never by a browser or a shared cache.
    expect(handleOf('tradebot-save-9.tsx')?.cache).toEqual({ shows: ['market'], privately: true });
    const tradebot = handleOf('tradebot.tsx')?.cache?.privately;
    expect(typeof tradebot === 'function' && tradebot(new URL('https://x.invalid/tradebot?save=true'))).toBe(
      true,
    );
    expect(typeof tradebot === 'function' && tradebot(new URL('https://x.invalid/tradebot'))).toBe(false);
    for (const page of pages.filter((entry) => entry.file.includes('admin')))
      expect(routeModules[page.file.replace(/^routes\//, './')]?.handle?.cache?.privately, page.file).toBe(
        true,
      );
    expect(handleOf('daylow.tsx')?.cache).toEqual({ shows: ['market'], follows: ['market-minute'] });
    for (const file of ['trading-view-data.tsx', 'volat.tsx', 'tradebot.tsx', 'impact-heatmap.tsx'])
      expect(handleOf(file)?.cache?.shows, file).toContain('market');
  });
});
