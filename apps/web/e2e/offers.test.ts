import { discountLabel, indiaDate, rupeePrice } from '@hurryup/contracts/offer-rules';
import type { Mover, Offer, Referral } from '@hurryup/contracts/offers';
import { describe, expect, inject, it } from 'vitest';
import { getJson } from './api.ts';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();

interface CardLinks {
  href: string | null;
  target: string | null;
  rel: string | null;
}
const linksOf = (selector: string) =>
  session.page.locator(`${selector} a`).evaluateAll((els) =>
    els.map((el) => ({
      href: el.getAttribute('href'),
      target: el.getAttribute('target'),
      rel: el.getAttribute('rel'),
    })),
  ) as Promise<CardLinks[]>;

describe('Offers (/offers)', () => {
  it("shows 'Available Offers' and a card per current offer, exactly as specified", async () => {
    const offers = await getJson<Offer[]>('/api/offers');
    expect(offers.length).toBeGreaterThanOrEqual(20);
    const today = indiaDate(Date.now());
    expect(offers.every((offer) => !offer.validity || offer.validity >= today)).toBe(true);
    expect(offers.some((offer) => offer.validity === null)).toBe(true);

    await session.page.goto(`${baseUrl}/offers`);
    await waitForHydration(session.page);
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe('Available Offers');
    const cards = session.page.locator('.deal-grid > li');
    expect(await cards.count()).toBe(offers.length);
    for (const [i, offer] of offers.entries()) {
      const card = cards.nth(i);
      expect(await card.locator('h2').textContent()).toBe(offer.title);
      const texts = await card.locator('p').allTextContents();
      const price = rupeePrice(offer.price);
      if (price) expect(texts).toContain(`Price: ${price}`);
      const label = discountLabel(offer);
      if (label) expect(texts).toContain(label);
      expect(texts).toContain(`Site: ${offer.site}`);
      expect(texts).toContain(offer.desr);
      const links = await linksOf(`.deal-grid > li:nth-child(${i + 1})`);
      // The picture, the title and the row's 'Get deal' button (issue 27: rows as deal sites show them).
      expect(links).toEqual([
        { href: offer.link, target: '_blank', rel: 'sponsored noopener noreferrer' },
        { href: offer.link, target: '_blank', rel: 'sponsored noopener noreferrer' },
        { href: offer.link, target: '_blank', rel: 'sponsored noopener noreferrer' },
      ]);
      expect(await card.getByRole('link', { name: 'Get deal' }).count()).toBe(1);
      // The saving carries its unit; no '0% OFF', no '₹From'.
      expect(texts.some((text) => /^(\d+ OFF|0% OFF)$/.test(text) || text.includes('₹From'))).toBe(false);
      const img = card.locator('img');
      expect(await img.getAttribute('width')).toBe(String(offer.width));
      expect(await img.getAttribute('height')).toBe(String(offer.height));
    }
    expect(await session.page.getByRole('heading', { name: 'Sponsored Ad' }).isVisible()).toBe(true);
    expect(await session.page.getByRole('heading', { name: 'More Promotions' }).isVisible()).toBe(true);
    expect(await session.page.title()).toBe('Available Offers | Hurry Up');
    await expectNoSeriousAxeViolations(session.page);
    expect(session.problems).toEqual([]);
  });

  it('serves the card pictures and their smaller copies', async () => {
    const [offer] = await getJson<Offer[]>('/api/offers');
    const res = await fetch(`${baseUrl}${offer!.imageUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it("says 'Loading offers...' while a navigation to it waits, then shows the cards", async () => {
    await session.page.goto(`${baseUrl}/moversShakers`);
    await waitForHydration(session.page);
    await session.page.route(/\/offers\.data/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await session.page.locator('.deals-aside a[href="/offers"]').click();
    await session.page.getByText('Loading offers...').waitFor();
    await session.page.getByRole('heading', { name: 'Available Offers' }).waitFor();
    await session.page.unrouteAll();
    expect(await session.page.locator('.deal-grid > li').count()).toBeGreaterThan(0);
  });

  it('comes from the page cache until midnight India time', async () => {
    await fetch(`${baseUrl}/offers`);
    const res = await fetch(`${baseUrl}/offers`);
    expect(res.headers.get('x-page-cache')).toBe('hit');
  });
});

describe('Movers & Shakers (/moversShakers) and Refer & Earn (/refer)', () => {
  it('lists trending products, biggest climb first, with price, rank change, site and a sponsored link', async () => {
    const movers = await getJson<Mover[]>('/api/movers');
    expect(movers.length).toBeGreaterThanOrEqual(6);
    await session.page.goto(`${baseUrl}/moversShakers`);
    await waitForHydration(session.page);
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe('Movers & Shakers');
    expect(await session.page.locator('.deal-grid > li h2').allTextContents()).toEqual(
      movers.map((m) => m.title),
    );
    const first = await session.page.locator('.deal-grid > li').first().locator('p').allTextContents();
    expect(first).toEqual([
      `▲ ${movers[0]!.rankChange} places up today`,
      `Site: ${movers[0]!.site}`,
      `Price: ${rupeePrice(movers[0]!.price)}`,
    ]);
    const links = await linksOf('.deal-grid');
    expect(links.every((l) => l.target === '_blank' && l.rel === 'sponsored noopener noreferrer')).toBe(true);
    await expectNoSeriousAxeViolations(session.page);
  });

  it('lists referral programmes with bonus, code or link, and terms', async () => {
    const referrals = await getJson<Referral[]>('/api/referrals');
    expect(referrals.length).toBeGreaterThanOrEqual(5);
    await session.page.goto(`${baseUrl}/refer`);
    await waitForHydration(session.page);
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe('Refer & Earn');
    const first = session.page.locator('.deal-grid > li').first();
    expect(await first.locator('h2').textContent()).toBe(referrals[0]!.app);
    expect(await first.locator('p').allTextContents()).toEqual([
      referrals[0]!.bonus,
      referrals[0]!.terms,
      `Code: ${referrals[0]!.code}`,
    ]);
    // 'Copy code' puts the code on the clipboard and says so (issue 27).
    await session.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseUrl,
    });
    await first.getByRole('button', { name: 'Copy code' }).click();
    await first.getByRole('status').filter({ hasText: 'Code copied' }).waitFor();
    expect(await session.page.evaluate(() => navigator.clipboard.readText())).toBe(referrals[0]!.code);
    const links = await linksOf('.deal-grid');
    expect(links.every((l) => l.target === '_blank' && l.rel === 'sponsored noopener noreferrer')).toBe(true);
    await expectNoSeriousAxeViolations(session.page);
    expect(session.problems).toEqual([]);
  });

  it('is reached from the side menu, and the affiliate disclosure links work', async () => {
    for (const path of ['/offers', '/moversShakers', '/refer', '/contact', '/donate']) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status, path).toBe(200);
    }
    await session.page.goto(`${baseUrl}/affiliate-disclosure`);
    const hrefs = await session.page
      .locator('main a')
      .evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    for (const href of hrefs.filter((h): h is string => !!h && h.startsWith('/'))) {
      expect((await fetch(`${baseUrl}${href}`)).status, href).toBe(200);
    }
  });
});
