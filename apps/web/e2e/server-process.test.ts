import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { launchBrowser, waitForHydration, watchPageProblems } from './browser.ts';
import { startServer, stopServer } from './global-setup.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('the server process', () => {
  it('refuses to start on a bad setting and names it', () => {
    const result = spawnSync(process.execPath, ['apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', PORT: 'not-a-port', LOG_LEVEL: 'chatty' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT:');
    expect(result.stderr).toContain('LOG_LEVEL:');
  });

  it('finishes the request in flight and exits 0 on SIGTERM', async () => {
    const server = await startServer({ LOG_LEVEL: 'info' });
    // React and the rest run their production builds unless told otherwise.
    expect(server.output()).toContain('"nodeEnv":"production"');
    // A page render is in flight when the signal arrives.
    const inFlight = fetch(`${server.url}/privacy-policy/full`).then(async (res) => ({
      status: res.status,
      body: await res.text(),
    }));
    await expect.poll(() => server.output().includes('"url":"/privacy-policy/full"')).toBe(true);
    const exitCode = stopServer(server);
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('</html>');
    expect(await exitCode).toBe(0);
    expect(server.output()).toContain('shutting down');
    // Once stopped, nothing answers.
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});

describe('ads and analytics when configured', () => {
  it('adds the tags the policy allows, the hosts they need, and reserves the ad sizes', async () => {
    const server = await startServer({
      ADS_CLIENT_ID: 'ca-pub-1234567890123456',
      ADS_SLOTS: 'banner=1111111111',
      ANALYTICS_ID: 'G-TEST12345',
    });
    try {
      // A cached page (the same for everyone): its inline scripts by hash, the tags' hosts by name.
      await fetch(`${server.url}/userforum`);
      const res = await fetch(`${server.url}/userforum`);
      expect(res.headers.get('x-page-cache')).toBe('hit');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self' [^;]*'sha256-[^;]*https:\/\/\*\.googletagmanager\.com/);
      expect(csp).toMatch(/script-src [^;]*https:\/\/pagead2\.googlesyndication\.com/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
      expect(csp).toMatch(/frame-src [^;]*https:\/\/\*\.doubleclick\.net/);
      expect(csp).not.toMatch(/unsafe-inline'[^;]*;style-src/);
      const html = await res.text();
      expect(html).toContain(
        '<script async="" src="https://www.googletagmanager.com/gtag/js?id=G-TEST12345">',
      );
      expect(html).toContain('data-ad-client="ca-pub-1234567890123456"');
      expect(html).toContain('data-ad-slot="1111111111"');

      // A page rendered for one visitor: the tags carry that response's nonce.
      const personal = await fetch(`${server.url}/userforum`, { headers: { cookie: 'session=1' } });
      const nonce = /'nonce-([0-9a-f]+)'/.exec(personal.headers.get('content-security-policy') ?? '')?.[1];
      expect(nonce).toBeDefined();
      expect(await personal.text()).toContain(
        `<script async="" nonce="${nonce}" src="https://www.googletagmanager.com/gtag/js?id=G-TEST12345">`,
      );

      // The banner reserves its size before any ad arrives: 300 x 300 below 768 px, 160 x 300 above.
      const browser = await launchBrowser();
      try {
        const sizeAt = async (width: number) => {
          const page = await browser.context.newPage();
          // No third party is reached from a test.
          await page.route(/^https:\/\//, (route) => route.abort());
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`${server.url}/userforum`);
          const box = await page.locator('[data-ad-placement="banner"]').boundingBox();
          await page.close();
          return [box?.width, box?.height];
        };
        expect(await sizeAt(375)).toEqual([300, 300]);
        expect(await sizeAt(767)).toEqual([300, 300]);
        expect(await sizeAt(1024)).toEqual([160, 300]);

        // docs/decisions/0018-content-pages-hydrate-on-use.md: a reading page asks for its ads before it
        // hydrates, and an ad that fills its unit first does not upset the hydration.
        const page = await browser.context.newPage();
        const problems = watchPageProblems(page);
        const adScripts: string[] = [];
        await page.route(/^https:\/\//, async (route) => {
          const url = route.request().url();
          if (!url.startsWith('https://pagead2.googlesyndication.com/')) return route.abort();
          adScripts.push(url);
          await route.fulfill({
            contentType: 'text/javascript',
            body: `document.querySelectorAll('ins.adsbygoogle').forEach(function (unit) {
              if (!unit.firstChild) unit.innerHTML = '<iframe title="Advertisement content"></iframe>';
            });`,
          });
        });
        await page.goto(`${server.url}/userforum`);
        await expect.poll(() => page.locator('ins.adsbygoogle iframe').count()).toBe(1);
        expect(adScripts).toEqual([
          'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234567890123456',
        ]);
        expect(await page.evaluate(() => (window.adsbygoogle ?? []).length)).toBe(1);
        expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
        await waitForHydration(page);
        expect(await page.locator('ins.adsbygoogle iframe').count()).toBe(1);
        // A unit that a client-side navigation adds is asked for too, and the script is not added again.
        await page.getByRole('button', { name: 'Open Menu' }).click();
        await page
          .getByRole('navigation', { name: 'Site menu' })
          .getByRole('link', { name: 'Blog', exact: true })
          .click();
        await page.waitForURL(/\/blog$/);
        await expect.poll(() => page.evaluate(() => (window.adsbygoogle ?? []).length)).toBe(2);
        expect(await page.locator('script[src*="googlesyndication"]').count()).toBe(1);
        expect(problems.filter((p) => !p.includes('ERR_FAILED'))).toEqual([]);
        await page.close();
      } finally {
        await browser.close();
      }
    } finally {
      await stopServer(server);
    }
  });

  it('loads neither without configuration', async () => {
    const html = await (await fetch(`${inject('baseUrl')}/userforum`)).text();
    expect(html).not.toContain('googletagmanager');
    expect(html).not.toContain('adsbygoogle');
    expect(html).not.toContain('data-ad-placement');
  });
});
