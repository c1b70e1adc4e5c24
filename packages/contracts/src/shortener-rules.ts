/*
 * The URL shortener's rules and exact messages (tools-and-trading.md "URL shortener", sections 5 and 8;
 * issue 21 items 5 and 6), applied by the /portUrl page before sending and again by the server: free of
 * zod, so the page carries none.
 */

/** Where short links live: `/s/<code>` redirects, `/s/<code>+` shows the link's preview page. */
export const shortLinkPrefix = '/s/';
export const previewSuffix = '+';

/** Random codes: this many characters of `randomCodeAlphabet`, from a cryptographic source. */
export const randomCodeLength = 7;
export const randomCodeAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const aliasMinLength = 3;
export const aliasMaxLength = 32;
/** The characters of an alias (and so of every code): case-sensitive. */
export const aliasPattern = /^[A-Za-z0-9_-]{3,32}$/;
export const longUrlMaxLength = 2048;

/** Links a visitor may create in `linksWindowMinutes` before 429. */
export const linksPerWindow = 30;
export const linksWindowMinutes = 60;

/**
 * Aliases refused whatever their case: words of the site's own addresses and words that would mislead
 * (an alias reads as part of the site's address).
 */
export const reservedAliases: ReadonlySet<string> = new Set([
  'about',
  'aboutus',
  'admin',
  'api',
  'assets',
  'blog',
  'contact',
  'delete',
  'docs',
  'edit',
  'favicon',
  'health',
  'help',
  'home',
  'hurryup',
  'login',
  'logout',
  'new',
  'null',
  'official',
  'password',
  'porturl',
  'preview',
  'privacy',
  'qr',
  'robots',
  'rss',
  'settings',
  'share',
  'signin',
  'signup',
  'sitemap',
  'static',
  'stats',
  'support',
  'terms',
  'undefined',
  'verify',
  'www',
]);

export const shortenerMessages = {
  /** Section 5: a blank long URL. Also the page's alert for any URL it refuses before sending. */
  invalidUrl: 'Please enter a valid URL.',
  /** Section 8: the alert of any other failure (the server's own message, when it sent one, shown inline). */
  failed: 'Error shortening URL. Please try again.',
  missingScheme: 'Please enter the full address, starting with http:// or https://.',
  badScheme: 'Only http:// and https:// addresses can be shortened.',
  spaces: 'A URL cannot contain spaces.',
  tooLong: `The URL is too long: at most ${longUrlMaxLength.toLocaleString('en-IN')} characters.`,
  badHost: 'The URL needs a real host name, such as example.com.',
  credentials: 'Addresses with a user name or password cannot be shortened.',
  ownLink: 'This is already one of our short links: it cannot be shortened again.',
  aliasFormat: `An alias is ${aliasMinLength} to ${aliasMaxLength} letters, digits, _ or -, with no spaces or slashes.`,
  aliasReserved: 'This alias is reserved. Please choose another.',
  aliasTaken: 'This alias is already taken.',
  tooMany: `You have shortened ${linksPerWindow} links in the last hour. Please wait a while and try again.`,
  notFound: 'There is no short link at this address.',
  /** A link the operator disabled or deleted: it never redirects again, and its code is never given out again. */
  disabled: 'This short link was disabled by the site.',
  /** A long URL whose link the operator disabled: it gets no new link either. */
  urlDisabled: 'Links to this address were disabled by the site: it cannot be shortened here.',
} as const;

export const shortenerTexts = {
  heading: 'Portable URL',
  intro: 'Turn a long web address into a short link you can share, with a QR code for phones.',
  longUrlLabel: 'Long URL',
  longUrlPlaceholder: 'https://example.com/a/very/long/address',
  aliasLabel: 'Alias (optional)',
  aliasPlaceholder: 'my-link',
  aliasHint: `${aliasMinLength} to ${aliasMaxLength} letters, digits, _ or -. Case matters.`,
  shorten: 'Shorten',
  shortening: 'Shortening...',
  clear: 'Clear',
  resultLabel: 'Your short link',
  copy: 'Copy',
  copied: 'Link copied to the clipboard.',
  copyFailed: 'Copying is not available here: select the link and copy it.',
  downloadQr: 'Download QR code',
  qrAlt: 'QR code of the short link',
  previewTip: 'Add + to the end of a short link to see where it leads before you open it.',
} as const;

export type ShortenerField = 'longUrl' | 'alias';
export type ShortenerFieldErrors = Partial<Record<ShortenerField, string>>;

/** Whether `hostname` (as `URL` gives it: lower case, punycode) names a host on the public web. */
function isRealHostName(hostname: string): boolean {
  if (hostname.length > 253 || hostname.startsWith('[')) return false;
  const labels = (hostname.endsWith('.') ? hostname.slice(0, -1) : hostname).split('.');
  if (labels.length < 2) return false;
  const top = labels.at(-1)!;
  // A top-level domain is letters (or an internationalised one, xn--…): never digits, so no IPv4 address.
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(top)) return false;
  if (top === 'localhost' || top === 'local' || top === 'internal' || top === 'test' || top === 'invalid')
    return false;
  return labels.every((label) => /^(?!-)[a-z0-9-]{1,63}(?<!-)$/.test(label));
}

/**
 * The long URL's refusal message, or undefined when it may be shortened. `ownHost` is this site's host
 * name (from PUBLIC_BASE_URL on the server, the page's own on the page): its short links are refused, so
 * no link leads to another short link (no loops).
 */
export function longUrlProblem(text: string, ownHost: string): string | undefined {
  const url = text.trim();
  if (url === '') return shortenerMessages.invalidUrl;
  if (url.length > longUrlMaxLength) return shortenerMessages.tooLong;
  if (/\s/.test(url)) return shortenerMessages.spaces;
  if (!/^https?:\/\//i.test(url)) {
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):(.?)/.exec(url);
    // `example.com/x`, `example.com:8080/x` or `localhost:3000`: an address without its scheme.
    const hostWithoutScheme = !scheme || scheme[1]!.includes('.') || /\d/.test(scheme[2]!);
    if (hostWithoutScheme) return shortenerMessages.missingScheme;
    return /^https?$/i.test(scheme[1]!) ? shortenerMessages.badHost : shortenerMessages.badScheme;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // The scheme is right, so what the parser refuses is the host: empty, or a broken name or address.
    return shortenerMessages.badHost;
  }
  if (parsed.username !== '' || parsed.password !== '') return shortenerMessages.credentials;
  if (isOwnShortLink(parsed, ownHost)) return shortenerMessages.ownLink;
  if (!isRealHostName(parsed.hostname)) return shortenerMessages.badHost;
  if (parsed.href.length > longUrlMaxLength) return shortenerMessages.tooLong;
  return undefined;
}

/** True for an address of this site's short links (or preview pages), whatever its scheme or port. */
function isOwnShortLink(url: URL, ownHost: string): boolean {
  const host = url.hostname.replace(/\.$/, '');
  const own = ownHost.toLowerCase().replace(/\.$/, '');
  const sameSite = host === own || host === `www.${own}` || `www.${host}` === own;
  return sameSite && url.pathname.startsWith(shortLinkPrefix);
}

/** The long URL as it is stored and compared: parsed and written back in its normal form. */
export function normalLongUrl(text: string): string {
  return new URL(text.trim()).href;
}

/** The alias's refusal message, or undefined when it is free of problems (taken is the server's to say). */
export function aliasProblem(alias: string): string | undefined {
  if (!aliasPattern.test(alias)) return shortenerMessages.aliasFormat;
  if (reservedAliases.has(alias.toLowerCase())) return shortenerMessages.aliasReserved;
  return undefined;
}

/** The page's and the server's checks of one request; an empty object when it may be sent. */
export function shortenFieldErrors(
  form: { longUrl: string; alias?: string | undefined },
  ownHost: string,
): ShortenerFieldErrors {
  const errors: ShortenerFieldErrors = {};
  const url = longUrlProblem(form.longUrl, ownHost);
  if (url) errors.longUrl = url;
  const alias = form.alias?.trim() ?? '';
  if (alias !== '') {
    const problem = aliasProblem(alias);
    if (problem) errors.alias = problem;
  }
  return errors;
}

/** The path of a code's short link and of its preview page. */
export const shortLinkPath = (code: string) => `${shortLinkPrefix}${code}`;
export const previewPath = (code: string) => `${shortLinkPrefix}${code}${previewSuffix}`;

/**
 * The page of every unknown short link (`/s/+`, the preview of no code): what `/s/<code>` shows, with a 404,
 * for a code it does not know. One page for every such code, kept once by the page cache.
 */
export const unknownLinkPath = previewPath('');
