import { imagePagePath } from '@hurryup/contracts/gallery-pages';
import { describe, expect, inject, it } from 'vitest';
import { galleryImages, uniqueTag } from './api.ts';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';

const baseUrl = inject('baseUrl');
const adminToken = inject('adminToken');
const session = openBrowserSession();
const confirmation = 'Thank you. The site’s team will look at your report.';
let visitor = 0;
const nextIp = () => `10.88.${Math.floor(++visitor / 250)}.${visitor % 250}`;

async function makeLink(longUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/shorten`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
    body: JSON.stringify({ longUrl }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { code: string }).code;
}
const admin = (method: string, path: string, body?: unknown) =>
  fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${adminToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
async function openReports(): Promise<{ kind: string; key: string; reports: number }[]> {
  const res = await admin('GET', '/api/admin/reports?status=all&limit=200');
  expect(res.status).toBe(200);
  return res.json();
}

describe('visitors’ reports', () => {
  it('reports a comment from its Report link and says so in words; the image page stays cacheable', async () => {
    const [image] = await galleryImages();
    const text = `Report me ${uniqueTag()}`;
    const saved = await fetch(`${baseUrl}/api/saveComment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
      body: JSON.stringify({ imageUrl: image!.url, comment: text }),
    });
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: number };
    const page = session.page;
    await page.goto(`${baseUrl}${imagePagePath(image!.url)}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: /Comments?$/ }).click();
    const item = page.locator('.comments__item', { hasText: text });
    await item.getByRole('button', { name: 'Report this comment' }).click();
    await expect.poll(() => item.getByRole('status').textContent()).toBe(confirmation);
    expect(await item.getByRole('button', { name: /Report/ }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    const reports = await openReports();
    expect(reports.find((r) => r.kind === 'comment' && r.key === String(id))).toMatchObject({ reports: 1 });
    // The page's HTML is the same for every visitor: the page cache keeps it.
    const html = await fetch(`${baseUrl}${imagePagePath(image!.url)}`);
    expect(html.headers.get('cache-control')).not.toMatch(/no-store|private/);
  });

  it('reports a short link from its preview page', async () => {
    const code = await makeLink(`https://example.com/moderation/report-${uniqueTag()}`);
    const page = session.page;
    await page.goto(`${baseUrl}/s/${code}+`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Report this short link' }).click();
    await expect.poll(() => page.locator('.report__status').textContent()).toBe(confirmation);
    await expectNoSeriousAxeViolations(page);
    const reports = await openReports();
    expect(reports.find((r) => r.kind === 'short-link' && r.key === code)).toMatchObject({ reports: 1 });
  });
});

describe('a short link the site disabled', () => {
  it('answers 410 with the page saying so, its preview too, and redirects again once enabled', async () => {
    const code = await makeLink(`https://example.com/moderation/disable-${uniqueTag()}`);
    const before = await fetch(`${baseUrl}/s/${code}`, { redirect: 'manual' });
    expect(before.status).toBe(302);
    expect((await admin('PATCH', `/api/admin/short-links/${code}`, { disabled: true })).status).toBe(200);

    const direct = await fetch(`${baseUrl}/s/${code}`, { redirect: 'manual' });
    expect(direct.status).toBe(410);
    expect(direct.headers.get('location')).toBeNull();
    expect(direct.headers.get('content-type')).toMatch(/^text\/html/);

    const page = session.page;
    for (const path of [`/s/${code}`, `/s/${code}+`]) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status(), path).toBe(410);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Short link disabled');
      expect(await page.locator('main').textContent()).toContain('This short link was disabled by the site.');
      expect(await page.title()).toContain('Short link disabled');
      await expectNoSeriousAxeViolations(page);
    }

    expect((await admin('PATCH', `/api/admin/short-links/${code}`, { disabled: false })).status).toBe(200);
    expect((await fetch(`${baseUrl}/s/${code}`, { redirect: 'manual' })).status).toBe(302);
  });

  it('answers 410 after a delete too', async () => {
    const code = await makeLink(`https://example.com/moderation/delete-${uniqueTag()}`);
    expect((await admin('DELETE', `/api/admin/short-links/${code}`)).status).toBe(204);
    const response = await session.page.goto(`${baseUrl}/s/${code}`);
    expect(response?.status()).toBe(410);
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe('Short link disabled');
  });
});

describe('the moderation screens without a session', () => {
  const screens = ['/admin/comments', '/admin/reports', '/admin/short-links', '/admin/inbox'];

  it('are no-store and noindex, and show the sign-in form', async () => {
    for (const path of screens) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('x-robots-tag'), path).toContain('noindex');
      expect(await res.text(), path).toContain('<meta name="robots" content="noindex"/>');
      const page = session.page;
      await page.goto(`${baseUrl}${path}`);
      await waitForHydration(page);
      // The console's frame shows its sign-in form in the screen's place (the screen itself never loads).
      await page.getByRole('heading', { level: 1, name: 'Sign in to the console' }).waitFor();
      await page.getByLabel('Email').waitFor();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await expectNoSeriousAxeViolations(page);
    }
  });

  it('never load their JavaScript on public pages', async () => {
    const [image] = await galleryImages();
    for (const path of ['/', '/portUrl', imagePagePath(image!.url), '/contact']) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      expect(html, path).not.toMatch(/admin-(comments|reports|short-links|inbox)|admin-moderation/);
    }
  });
});
