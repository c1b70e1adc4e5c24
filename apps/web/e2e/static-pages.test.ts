import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations, openBrowserSession } from './browser.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();

const staticPages = [
  { path: '/disclaimer', title: 'Disclaimer' },
  { path: '/privacy-policy', title: 'Privacy Policy' },
  { path: '/privacy-policy/full', title: 'Full Privacy Policy' },
  { path: '/terms-of-service', title: 'Terms of Service' },
  { path: '/terms-of-service/full', title: 'Full Terms of Service' },
  { path: '/affiliate-disclosure', title: 'Affiliate Disclosure' },
  { path: '/aboutus', title: 'About Us' },
];

async function mainText(p: Page) {
  // innerText, not textContent: it keeps the spaces between blocks, as a reader sees them.
  // biome-ignore lint/performance/useDomNodeTextContent: see above
  return (await p.locator('main').innerText()).replace(/\s+/g, ' ');
}

describe.each(staticPages)('$path', ({ path, title }) => {
  it('is server-rendered with its own title, description, canonical and preview tags', async () => {
    // Plain HTTP, no JavaScript: what a search engine or WhatsApp's link preview sees.
    const response = await fetch(`${baseUrl}${path}`, { headers: { 'user-agent': 'WhatsApp/2.23.20.0' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${title} | Hurry Up</title>`);
    expect(html).toContain(`<link rel="canonical" href="${baseUrl}${path}"/>`);
    expect(html).toContain(`<meta property="og:url" content="${baseUrl}${path}"/>`);
    expect(html).toContain(`<meta property="og:title" content="${title} | Hurry Up"/>`);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/share\/default-1200x630\.png"\/>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{60,}"\/>/);
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"\/>/);
    expect(html).toContain(`<h1>${title}</h1>`);
  });

  it('shows its heading and date and passes the accessibility check', async () => {
    await session.page.goto(`${baseUrl}${path}`);
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await mainText(session.page)).toContain('Jan 8, 2025');
    expect(await mainText(session.page)).toContain('Hurry Up');
    await expectNoSeriousAxeViolations(session.page);
  });
});

describe('what the legal pages must say', () => {
  it('links the short and full versions both ways', async () => {
    await session.page.goto(`${baseUrl}/privacy-policy`);
    await session.page.getByRole('link', { name: 'Read the full Privacy Policy' }).click();
    await session.page.waitForURL(`${baseUrl}/privacy-policy/full`);
    // Client-side navigation: the URL changes before the new session.page has rendered.
    await session.page.locator('main a[href="/privacy-policy"]').first().waitFor();
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe('Full Privacy Policy');

    await session.page.goto(`${baseUrl}/terms-of-service`);
    await session.page.getByRole('link', { name: 'Read the full Terms of Service' }).click();
    await session.page.waitForURL(`${baseUrl}/terms-of-service/full`);
    await session.page.locator('main a[href="/terms-of-service"]').first().waitFor();
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe('Full Terms of Service');
  });

  it('excludes children under 13 from data collection', async () => {
    await session.page.goto(`${baseUrl}/privacy-policy/full`);
    expect(await mainText(session.page)).toMatch(/under (the age of )?13/i);
  });

  it('names Indian law and the Delhi courts, and lists the services', async () => {
    for (const path of ['/terms-of-service', '/terms-of-service/full']) {
      await session.page.goto(`${baseUrl}${path}`);
      const text = await mainText(session.page);
      expect(text).toMatch(/laws of India/i);
      expect(text).toMatch(/Delhi/);
      for (const service of [
        /tips/i,
        /infographics/i,
        /forums/i,
        /FAQs/,
        /text-to-audio/i,
        /English-to-Hindi/i,
        /PDF-to-text/i,
        /image-to-text/i,
        /Portable URL/,
      ]) {
        expect(text, `${path} lists ${service}`).toMatch(service);
      }
    }
  });

  it('mentions the Movers & Shakers, Offers and Refer & Earn tabs in the affiliate disclosure', async () => {
    await session.page.goto(`${baseUrl}/affiliate-disclosure`);
    const text = await mainText(session.page);
    expect(text).toContain('Movers & Shakers');
    expect(text).toContain('Offers');
    expect(text).toContain('Refer & Earn');
  });

  it('uses /aboutus as the About Us canonical URL', async () => {
    await session.page.goto(`${baseUrl}/aboutus`);
    expect(await session.page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${baseUrl}/aboutus`,
    );
  });

  it('caused no CSP violations or script errors', () => {
    expect(session.problems).toEqual([]);
  });
});
