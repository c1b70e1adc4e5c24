import type { MetaDescriptor } from 'react-router';
import type { SiteSettings } from '../load-context.ts';

export interface PageMetaInput {
  title: string;
  description: string;
  /**
   * Path of the canonical URL, e.g. '/aboutus'. Absent only on a page that stands for many addresses (the
   * 404 page, noindex): it then has no canonical link and no og:url.
   */
  path: string | undefined;
  /** Absolute or site-relative image for link previews; the site default when absent. */
  image?: string | undefined;
  imageAlt?: string | undefined;
  type?: 'website' | 'article';
  /** Title without the ' | Site' suffix (the home page uses the plain site name). */
  bareTitle?: boolean;
  /** Pages that must not be indexed (the 404 page). */
  noindex?: boolean;
  extra?: MetaDescriptor[];
}

/** The site settings before the root loader has run (error pages): the defaults of the settings. */
export const fallbackSite: SiteSettings = { name: 'Hurry Up', baseUrl: '', ads: { slots: {} } };

export const defaultShareImage = { path: '/share/default-1200x630.png', width: '1200', height: '630' };

export interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The site settings from the root loader, as seen by any route's `meta` function. */
export function siteFromMatches(matches: ReadonlyArray<MatchLike | undefined>): SiteSettings {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as
    | { site?: SiteSettings }
    | undefined;
  return root?.site ?? fallbackSite;
}

/**
 * The absolute URL of a site path (or an http(s) URL as it is). Built with `new URL` on the site's origin, and
 * leading slashes or backslashes are dropped first, so a value like `//evil.example/a.png` can only ever name
 * a path on this site, never another host.
 */
export function absoluteUrl(site: SiteSettings, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl) && URL.canParse(pathOrUrl)) return new URL(pathOrUrl).href;
  const path = `/${pathOrUrl.replace(/^[/\\]+/, '')}`;
  // Error pages render before the root loader, without the site's address: the path is all there is.
  if (!URL.canParse(site.baseUrl)) return path;
  const base = new URL(site.baseUrl);
  return new URL(`${base.pathname.replace(/\/+$/, '')}${path}`, base.origin).href;
}

/**
 * Every tag a page needs in its HTML head: title, description, canonical, Open Graph and Twitter.
 * React Router replaces (does not merge) parent meta, so this returns the full set.
 */
export function pageMeta(site: SiteSettings, input: PageMetaInput): MetaDescriptor[] {
  const title = input.bareTitle ? input.title : `${input.title} | ${site.name}`;
  const url = input.path === undefined ? undefined : absoluteUrl(site, input.path);
  const image = absoluteUrl(site, input.image ?? defaultShareImage.path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: input.description },
    ...(url ? [{ tagName: 'link', rel: 'canonical', href: url }] : []),
    { property: 'og:site_name', content: site.name },
    { property: 'og:locale', content: 'en_IN' },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    ...(url ? [{ property: 'og:url', content: url }] : []),
    { property: 'og:image', content: image },
    { property: 'og:image:alt', content: input.imageAlt ?? title },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: input.description },
    { name: 'twitter:image', content: image },
  ];
  if (!input.image) {
    tags.push(
      { property: 'og:image:width', content: defaultShareImage.width },
      { property: 'og:image:height', content: defaultShareImage.height },
    );
  }
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return [...tags, ...(input.extra ?? [])];
}
