import { createHash } from 'node:crypto';
import type { DevbitGallery } from '@hurryup/contracts/devbit';
import type { GalleryImage, WebStory } from '@hurryup/contracts/gallery';
import { devbitImagePath, imagePagePath, webStoryPath } from '@hurryup/contracts/gallery-pages';
import type { Post } from '@hurryup/contracts/post';
import { postPath } from '@hurryup/contracts/post-slug';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, waitForHydration, watchPageProblems } from './browser.ts';
import { e2eAdminToken, type RunningServer, startServer, stopServer } from './global-setup.ts';

// Servers of its own: other test files' writes would move the content revision under these tests.
let server: RunningServer;
let small: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, small] = await Promise.all([startServer(), startServer({ PAGE_CACHE_MAX_PAGES: '5' })]);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server && stopServer(server), small && stopServer(small)]);
});

const get = (path: string, headers: Record<string, string> = {}, base = server.url) =>
  fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br, gzip', ...headers } });

async function admin(method: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${e2eAdminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The hash source of every inline script of a page, computed here independently of the server. */
function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(match[1]!) || /application\/ld\+json/.test(match[1]!)) continue;
    sources.add(`'sha256-${createHash('sha256').update(match[2]!).digest('base64')}'`);
  }
  return [...sources].sort();
}

/** The same for the page's inline style elements (the site's stylesheet). */
function inlineStyleSources(html: string): string[] {
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)]
    .map((match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`)
    .sort();
}

function directiveSources(policy: string, name: string): string[] {
  const directive = policy.split(';').find((d) => d.trim().startsWith(`${name} `))!;
  return directive.trim().split(/\s+/).slice(1);
}

const scriptSources = (policy: string) => directiveSources(policy, 'script-src');

describe('the page cache', () => {
  const word = `zephyrine${Date.now().toString(36)}`;
  let post: Post;
  const input = (description: string, content: string) => ({
    title: `Cache check ${word}`,
    // A date the contracts accept (1990-01-01 to tomorrow).
    createdAt: new Date().toISOString(),
    author: 'Cache Tester',
    description,
    content,
  });

  beforeAll(async () => {
    const created = await admin('POST', '/api/admin/posts', input('First description.', 'First body text.'));
    expect(created.status).toBe(201);
    post = (await created.json()) as Post;
  });

  it('answers the second visitor from memory, compressed, with validators and a CDN lifetime', async () => {
    const first = await get(postPath(post.title));
    expect(first.status).toBe(200);
    const second = await get(postPath(post.title));
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(second.headers.get('content-encoding')).toBe('br');
    expect(second.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(second.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    expect(await second.text()).toBe(await first.text());

    const etag = second.headers.get('etag')!;
    const unchanged = await get(postPath(post.title), { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    const gzip = await get(postPath(post.title), { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('etag')).toBe(etag);
  });

  it('answers a hit with the headers of the render that filled it', async () => {
    // Hits skip helmet's and the site's header hooks (web/cached-page-answers.ts): nothing may go missing.
    const path = `/SearchPage?q=headers${Date.now().toString(36)}`;
    const perRequest = ['x-page-cache', 'x-request-id', 'date', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
    const headersOf = (res: Response) =>
      Object.fromEntries([...res.headers].filter(([name]) => !perRequest.includes(name)));
    const miss = await get(path);
    const hit = await get(path);
    expect([miss.headers.get('x-page-cache'), hit.headers.get('x-page-cache')]).toEqual(['miss', 'hit']);
    expect(headersOf(hit)).toEqual(headersOf(miss));
    expect(hit.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(hit.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
    expect(hit.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
    expect(hit.headers.get('x-request-id')).not.toBe(miss.headers.get('x-request-id'));
    expect(await hit.text()).toBe(await miss.text());
    const unchanged = await get(path, { 'if-none-match': hit.headers.get('etag')! });
    expect([unchanged.status, unchanged.headers.get('x-page-cache')]).toEqual([304, 'hit']);
  });

  it('shows an edited post on its page, the forum and search at the next request', async () => {
    const pages = [postPath(post.title), '/userforum', `/SearchPage?q=${word}`];
    for (const path of pages) {
      await get(path);
      const cached = await get(path);
      expect(cached.headers.get('x-page-cache'), path).toBe('hit');
      expect(await cached.text(), path).toContain('First description.');
    }
    const edited = await admin(
      'PUT',
      `/api/admin/posts/${post.id}`,
      input('Second description.', 'Second body text.'),
    );
    expect(edited.status).toBe(200);
    for (const path of pages) {
      const fresh = await get(path);
      expect(fresh.headers.get('x-page-cache'), path).toBe('miss');
      const html = await fresh.text();
      expect(html, path).toContain('Second description.');
      expect(html, path).not.toContain('First description.');
    }
    expect(await (await get(postPath(post.title))).text()).toContain('Second body text.');
  });

  it('gives every cached page a policy that allows exactly its own inline scripts and styles', async () => {
    const paths = [
      '/blog',
      '/userforum',
      postPath(post.title),
      `/SearchPage?q=${word}`,
      '/aboutus',
      '/disclaimer',
      '/privacy-policy',
      '/privacy-policy/full',
      '/terms-of-service',
      '/terms-of-service/full',
      '/affiliate-disclosure',
    ];
    for (const path of paths) {
      await get(path);
      const res = await get(path);
      expect(res.headers.get('x-page-cache'), path).toBe('hit');
      const sources = scriptSources(res.headers.get('content-security-policy')!);
      const hashes = sources.filter((s) => s.startsWith("'sha256-")).sort();
      expect(hashes.length, path).toBeGreaterThan(0);
      const html = await res.text();
      expect(hashes, path).toEqual(inlineScriptSources(html));
      expect(
        sources.filter((s) => !s.startsWith("'sha256-")),
        path,
      ).toEqual(["'self'"]);
      const styleSources = directiveSources(res.headers.get('content-security-policy')!, 'style-src');
      expect(styleSources, path).toEqual(["'self'", ...inlineStyleSources(html)]);
      expect(styleSources, path).toHaveLength(2);
    }

    // In the browser the cached page hydrates with no violation...
    const page = await browser.context.newPage();
    const problems = watchPageProblems(page);
    for (const path of ['/blog', postPath(post.title), '/aboutus']) {
      await page.goto(`${server.url}${path}`);
      await waitForHydration(page);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  /** Opens the cached /aboutus with one change made to its HTML on the way, its policy left as sent. */
  async function openAltered(alter: (html: string) => string) {
    const page = await browser.context.newPage();
    const problems = watchPageProblems(page);
    await page.route(`${server.url}/aboutus`, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      expect(headers['x-page-cache']).toBeDefined();
      await route.fulfill({ status: response.status(), headers, body: alter(await response.text()) });
    });
    await page.goto(`${server.url}/aboutus`);
    return { page, problems };
  }

  it('has the browser block a cached page whose inline script was altered', async () => {
    const { page, problems } = await openAltered((html) =>
      html.replace('window.__reactRouterContext = ', 'window.injected = true;window.__reactRouterContext = '),
    );
    // A key press is a first use: the page would hydrate now if its scripts were allowed.
    await page.keyboard.press('Shift');
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
    expect(problems.some((p) => p.startsWith('CSP:'))).toBe(true);
    // Without its (altered, so refused) context script the page does not hydrate either.
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await page.close();
  });

  it('has the browser refuse a cached page whose inline stylesheet was altered', async () => {
    const { page, problems } = await openAltered((html) =>
      html.replace('<style id="site-styles">', '<style id="site-styles">body{color:red}'),
    );
    expect(await page.evaluate(() => getComputedStyle(document.body).color)).not.toBe('rgb(255, 0, 0)');
    expect(
      await page.evaluate(() => getComputedStyle(document.querySelector('.site-header')!).position),
    ).not.toBe('sticky');
    expect(problems.some((p) => p.startsWith('CSP:'))).toBe(true);
    await page.close();
  });

  it('never answers personal requests or other methods from the cache', async () => {
    await get('/blog');
    expect((await get('/blog')).headers.get('x-page-cache')).toBe('hit');
    for (const headers of [{ cookie: 'session=abc' }, { authorization: 'Bearer someone' }] as Record<
      string,
      string
    >[]) {
      const res = await get('/blog', headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-page-cache')).toBeNull();
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      // Rendered for this request: the per-request nonce, not the cached page's hashes.
      expect(scriptSources(res.headers.get('content-security-policy')!).join(' ')).toMatch(/'nonce-/);
    }
    // Analytics cookies are read by the browser only, so they do not make a request personal.
    expect((await get('/blog', { cookie: '_ga=GA1.1.123; _gid=GA1.1.9' })).headers.get('x-page-cache')).toBe(
      'hit',
    );
    const head = await fetch(`${server.url}/blog`, { method: 'HEAD' });
    expect(head.headers.get('x-page-cache')).toBeNull();
    const post = await fetch(`${server.url}/blog`, { method: 'POST', body: 'x=1' });
    expect(post.headers.get('x-page-cache')).toBeNull();
    expect(post.status).toBeGreaterThanOrEqual(400);
  });

  it('counts answers from the cache against the rate limit like any other', async () => {
    const limited = await startServer({ RATE_LIMIT_MAX: '3' });
    try {
      const statuses: (string | null)[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await get('/aboutus', {}, limited.url);
        statuses.push(res.status === 200 ? res.headers.get('x-page-cache') : String(res.status));
      }
      expect(statuses).toEqual(['miss', 'hit', 'hit', '429', '429']);
      const refused = await get('/aboutus', {}, limited.url);
      expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      await stopServer(limited);
    }
  });

  it('keeps no more pages than its bound when many distinct pages are asked for', async () => {
    const paths = Array.from({ length: 30 }, (_, i) => `/SearchPage?q=bound${i}`);
    for (const path of paths) expect((await get(path, {}, small.url)).status).toBe(200);
    // The five most recent pages are kept; the oldest were dropped to stay within PAGE_CACHE_MAX_PAGES=5.
    for (const path of paths.slice(-5))
      expect((await get(path, {}, small.url)).headers.get('x-page-cache'), path).toBe('hit');
    for (const path of paths.slice(0, 5))
      expect((await get(path, {}, small.url)).headers.get('x-page-cache'), path).toBe('miss');
  });

  it('serves hashed build files as immutable for a year', async () => {
    const html = await (await get('/blog')).text();
    const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g))];
    expect(assets.length).toBeGreaterThan(1);
    // Every one of them, the few hundred bytes of the runtime and the client entry included, as Brotli.
    for (const asset of assets) {
      const res = await get(asset);
      expect(res.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-encoding'), asset).toBe('br');
    }
  });
});

describe('the gallery, image and story pages in the page cache', () => {
  const json = async <T>(path: string) => (await (await get(path)).json()) as T;
  let image: GalleryImage;
  let story: WebStory;
  let devbitImage: string;

  beforeAll(async () => {
    image = (await json<GalleryImage[]>('/api/images'))[0]!;
    story = (await json<WebStory[]>('/api/webstories'))[0]!;
    devbitImage = Object.values(await json<DevbitGallery>('/api/imgsDev')).flat()[0]!.url;
  });

  it('answers them from memory, each with a policy allowing exactly its own inline scripts', async () => {
    const paths = [
      '/infopic',
      '/webstories',
      webStoryPath(story.id),
      imagePagePath(image.url),
      '/devbit',
      devbitImagePath(devbitImage),
      imagePagePath(devbitImage),
    ];
    for (const path of paths) {
      await get(path);
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-page-cache'), path).toBe('hit');
      const sources = scriptSources(res.headers.get('content-security-policy')!);
      expect(sources.filter((s) => s.startsWith("'sha256-")).sort(), path).toEqual(
        inlineScriptSources(await res.text()),
      );
    }
    // An image the site does not show is a 404, kept apart and a minute at most (decision 0047).
    const unknown = imagePagePath('/content/images/gallery/no-such-image.png');
    await get(unknown);
    const missing = await get(unknown);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-page-cache')).toBe('hit');
    expect(missing.headers.get('etag')).toBeNull();
  });

  it('shows a saved comment on the next request of the image page', async () => {
    const path = imagePagePath(image.url);
    await get(path);
    expect((await get(path)).headers.get('x-page-cache')).toBe('hit');

    const text = `Cached page check ${Date.now().toString(36)}`;
    const saved = await fetch(`${server.url}/api/saveComment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ imageUrl: image.url, comment: text, elapsedMs: 4000 }),
    });
    expect(saved.status).toBe(201);

    const next = await get(path);
    expect(next.headers.get('x-page-cache')).toBe('miss');
    expect(await next.text()).toContain(text);
    const again = await get(path);
    expect(again.headers.get('x-page-cache')).toBe('hit');
    expect(await again.text()).toContain(text);
  });

  it('lets the emoji picker and the comment box work on a cached image page', async () => {
    const path = imagePagePath(image.url);
    await get(path);
    expect((await get(path)).headers.get('x-page-cache')).toBe('hit');

    const page = await browser.context.newPage();
    const problems = watchPageProblems(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    const answer = page.waitForResponse((r) => r.url() === `${server.url}${path}`);
    await page.goto(`${server.url}${path}`);
    expect((await answer).headers()['x-page-cache']).toBe('hit');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

    const box = page.getByPlaceholder('Add a comment...');
    await box.fill('From the cached page ');
    await page.getByRole('button', { name: 'Emoji' }).click();
    await page.locator('em-emoji-picker button[aria-label="😀"]').first().click();
    await expect.poll(() => box.inputValue()).toBe('From the cached page 😀');

    const text = `Cached box ${Date.now().toString(36)} 😀`;
    await box.fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => dialogs).toEqual(['Comment saved!']);
    await page.getByRole('button', { name: /Comments?$/ }).click();
    await expect.poll(() => page.locator('.comments__text').last().textContent()).toBe(text);
    expect(problems).toEqual([]);
    await page.close();
    expect(await (await get(path)).text()).toContain(text);
  });
});
