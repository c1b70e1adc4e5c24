import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { uniqueTag } from './api.ts';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';

const baseUrl = inject('baseUrl');
const adminToken = inject('adminToken');
const session = openBrowserSession();

const longUrl = () => session.page.getByLabel('Long URL');
const alias = () => session.page.getByLabel('Alias (optional)');
const shortenButton = () => session.page.getByRole('button', { name: 'Shorten' });
/** The inline detail beside the form (the server's reason, an alias's format); hidden while empty. */
const inlineText = () => session.page.locator('.shortener-form__alert[role="alert"]').textContent();
/** The messages of the browser alerts (`window.alert`) the page showed, each accepted. */
const dialogs: string[] = [];

async function openShortener() {
  await session.page.goto(`${baseUrl}/portUrl`);
  await waitForHydration(session.page);
}

/** Makes a link through the API, as another visitor would. */
async function makeLink(body: { longUrl: string; alias?: string }) {
  const res = await fetch(`${baseUrl}/api/shorten`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.77.0.1' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { shortUrl: string; code: string };
}

describe('URL shortener (/portUrl)', () => {
  beforeAll(() => {
    session.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
  });
  beforeEach(() => {
    dialogs.length = 0;
  });

  it('shows the form with its labels, title and canonical link, with no serious axe violations', async () => {
    await openShortener();
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe('Portable URL');
    expect(await session.page.title()).toBe('Portable URL: URL shortener | Hurry Up');
    expect(await session.page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${baseUrl}/portUrl`,
    );
    expect(await shortenButton().isVisible()).toBe(true);
    expect(await session.page.getByRole('button', { name: 'Clear' }).isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(session.page);
  });

  it("refuses bad input with the alert 'Please enter a valid URL.', the reason by the field, and sends nothing", async () => {
    await openShortener();
    let posts = 0;
    const count = (request: { url(): string }) => {
      if (request.url().endsWith('/api/shorten')) posts += 1;
    };
    session.page.on('request', count);
    const cases: [string, string, string][] = [
      ['', '', 'Please enter a valid URL.'],
      ['javascript:alert(1)', '', 'Only http:// and https:// addresses can be shortened.'],
      ['data:text/html,hi', '', 'Only http:// and https:// addresses can be shortened.'],
      ['file:///etc/passwd', '', 'Only http:// and https:// addresses can be shortened.'],
      ['example.com/page', '', 'Please enter the full address, starting with http:// or https://.'],
      ['https://example.com/a b', '', 'A URL cannot contain spaces.'],
      [`https://example.com/${'a'.repeat(2100)}`, '', 'The URL is too long: at most 2,048 characters.'],
      [`${baseUrl}/s/abcdefg`, '', 'This is already one of our short links: it cannot be shortened again.'],
    ];
    for (const [url, , message] of cases) {
      dialogs.length = 0;
      await longUrl().fill(url);
      await shortenButton().click();
      await expect.poll(() => dialogs).toEqual(['Please enter a valid URL.']);
      expect(await session.page.locator('#shortener-long-url-error').textContent()).toBe(message);
      expect(await inlineText()).toBe('');
    }
    await longUrl().fill('https://example.com/ok');
    // A badly formed alias is not one of the specification's alerts: its message stays on the page only.
    dialogs.length = 0;
    for (const bad of ['my link', 'my/link']) {
      await alias().fill(bad);
      await shortenButton().click();
      const message = 'An alias is 3 to 32 letters, digits, _ or -, with no spaces or slashes.';
      // Once, by its field (issue 27: not again below the buttons).
      expect(await session.page.locator('#shortener-alias-error').textContent()).toBe(message);
      expect(await inlineText()).toBe('');
    }
    expect(dialogs).toEqual([]);
    expect(posts).toBe(0);
    session.page.off('request', count);
    await expectNoSeriousAxeViolations(session.page);
  });

  it('shortens a URL, shows the short link with Copy and a downloadable QR code, and Clear empties it all', async () => {
    await openShortener();
    const target = `https://example.com/browser/${uniqueTag()}`;
    await longUrl().fill(target);
    await shortenButton().click();
    const link = session.page.locator('.shortener-result__link a');
    await link.waitFor();
    const shortUrl = (await link.textContent())!;
    expect(shortUrl).toMatch(new RegExp(`^${baseUrl}/s/[A-Za-z0-9]{7}$`));
    const qr = session.page.getByRole('img', { name: 'QR code of the short link' });
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const download = session.page.getByRole('link', { name: 'Download QR code' });
    expect(await download.getAttribute('download')).toBe(`qr-${shortUrl.split('/').pop()}.svg`);
    expect(await download.getAttribute('href')).toMatch(/^data:image\/svg\+xml/);
    await session.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseUrl,
    });
    await session.page.getByRole('button', { name: 'Copy' }).click();
    await session.page.getByText('Link copied to the clipboard.').waitFor();
    expect(await session.page.evaluate(() => navigator.clipboard.readText())).toBe(shortUrl);
    await expectNoSeriousAxeViolations(session.page);

    // The short link redirects to the long URL (302), counting the click.
    const redirect = await fetch(shortUrl, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(target);

    expect(dialogs).toEqual([]);

    await session.page.getByRole('button', { name: 'Clear' }).click();
    expect(await longUrl().inputValue()).toBe('');
    expect(await alias().inputValue()).toBe('');
    expect(await session.page.locator('.shortener-result').count()).toBe(0);
  });

  it('alerts the failure for an alias already taken, with the server’s own message on the page', async () => {
    const name = `taken-${uniqueTag()}`;
    await makeLink({ longUrl: 'https://example.com/first', alias: name });
    await openShortener();
    await longUrl().fill('https://example.com/second');
    await alias().fill(name);
    await shortenButton().click();
    await expect.poll(() => dialogs).toEqual(['Error shortening URL. Please try again.']);
    await session.page.locator('#shortener-alias-error').waitFor();
    expect(await session.page.locator('#shortener-alias-error').textContent()).toBe(
      'This alias is already taken.',
    );
    // Once, by its field (issue 27: not again below the buttons).
    expect(await inlineText()).toBe('');
  });

  it('alerts the failure when the hourly limit is reached, with the server’s message on the page', async () => {
    await openShortener();
    const refusal = {
      error: 'You have shortened 30 links in the last hour. Please wait a while and try again.',
      code: 'RATE_LIMITED',
    };
    await session.page.route('**/api/shorten', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'retry-after': '600' },
        body: JSON.stringify(refusal),
      }),
    );
    await longUrl().fill('https://example.com/quota');
    await shortenButton().click();
    await expect.poll(() => dialogs).toEqual(['Error shortening URL. Please try again.']);
    await session.page.getByText(refusal.error).waitFor();
    expect(await inlineText()).toBe(refusal.error);
    await session.page.unroute('**/api/shorten');
  });

  it("alerts 'Error shortening URL. Please try again.' when the server fails", async () => {
    await openShortener();
    await session.page.route('**/api/shorten', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    );
    await longUrl().fill('https://example.com/down');
    await shortenButton().click();
    await expect.poll(() => dialogs).toEqual(['Error shortening URL. Please try again.']);
    await shortenButton().waitFor();
    expect(await inlineText()).toBe('');
    await session.page.unroute('**/api/shorten');
  });
});

describe('Short links (/s/<code>)', () => {
  it('shows the preview page with destination, creation date, clicks and QR code', async () => {
    const { shortUrl, code } = await makeLink({ longUrl: `https://example.com/preview/${uniqueTag()}` });
    for (let i = 0; i < 3; i++) expect((await fetch(shortUrl, { redirect: 'manual' })).status).toBe(302);
    const res = await session.page.goto(`${shortUrl}+`);
    expect(res?.status()).toBe(200);
    await waitForHydration(session.page);
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe('Short link preview');
    const text = await session.page.locator('.short-link-preview dl').textContent();
    expect(text).toContain(shortUrl);
    expect(text).toContain('https://example.com/preview/');
    expect(await session.page.locator('dt:text("Clicks") + dd').textContent()).toBe('3');
    expect(await session.page.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await session.page.getByRole('link', { name: 'Download QR code' }).getAttribute('download')).toBe(
      `qr-${code}.svg`,
    );
    expect(await session.page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    await expectNoSeriousAxeViolations(session.page);
  });

  it("keeps a link's preview for every visitor, and answers 410 as soon as the link is disabled", async () => {
    const { shortUrl, code } = await makeLink({ longUrl: `https://example.com/kept/${uniqueTag()}` });
    const first = await fetch(`${shortUrl}+`);
    expect(first.status).toBe(200);
    const second = await fetch(`${shortUrl}+`);
    expect(second.headers.get('x-page-cache')).toBe('hit');
    // A minute at most: the click count of a kept preview is never older than that.
    expect(second.headers.get('cache-control')).toMatch(/s-maxage=([1-5]?\d|60)\b/);
    const disabled = await fetch(`${baseUrl}/api/admin/short-links/${code}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ disabled: true }),
    });
    expect(disabled.status).toBe(200);
    const after = await fetch(`${shortUrl}+`);
    expect(after.status).toBe(410);
    expect(after.headers.get('x-page-cache')).not.toBe('hit');
  });

  it('gives an unknown code a real 404 page, with or without +', async () => {
    for (const path of ['/s/noSuchLink', '/s/noSuchLink+', '/s/not%20a%20code']) {
      const res = await session.page.goto(`${baseUrl}${path}`);
      expect(res?.status(), path).toBe(404);
      expect(await res?.headerValue('content-type'), path).toMatch(/^text\/html/);
      await session.page.getByRole('heading', { level: 1, name: /not found/ }).waitFor();
    }
    // Every unknown code gets the one kept page, sent from memory by the redirect itself.
    await fetch(`${baseUrl}/s/noSuchCodeA`);
    const again = await fetch(`${baseUrl}/s/noSuchCodeB`, { headers: { 'accept-encoding': 'br' } });
    expect(again.status).toBe(404);
    expect(again.headers.get('x-page-cache')).toBe('hit');
    expect(again.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await again.text()).toContain('Short link not found');
    // The 404s (and the earlier tests' refused calls) are logged as failed loads; nothing else may be.
    expect(session.problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
    await expectNoSeriousAxeViolations(session.page);
  });
});
