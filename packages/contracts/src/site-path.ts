import { cleanText } from './text.ts';

/**
 * A path on this site (`/content/images/x.png`) or an absolute http(s) URL. A site path is one `/` followed by
 * a path character: `//host/x` and `/\host/x` are refused because browsers load them from another host.
 * Backslashes are refused anywhere (browsers read them as `/`), and so are spaces and control characters.
 */
export const sitePathPattern = /^(\/(?![/\\])[^\s\\\p{Cc}]*|https?:\/\/[^\s/\\?#@\p{Cc}][^\s\\\p{Cc}]*)$/u;

export const sitePathOrUrlSchema = cleanText()
  .trim()
  .max(2000)
  .regex(sitePathPattern, 'Must be a site path like /content/images/x.png or an http(s) URL.')
  .meta({ examples: ['/content/images/example.png', 'https://example.com/image.png'] });
