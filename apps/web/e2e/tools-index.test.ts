import { chromium, type Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();

const cardNames = (page: Page) => page.locator('.tool-card__name').allTextContents();

describe('tools index (/homeTools)', () => {
  it('has a card for every tool, with an icon, a name and what it does, in four groups', async () => {
    const page = session.page;
    const response = await page.goto(`${baseUrl}/homeTools`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe('Home Tools | Hurry Up');
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Documents and images',
      'Language',
      'Everyday',
      'Markets and trading',
    ]);
    const links = await page.locator('.tool-card').evaluateAll((cards) =>
      cards.map((card) => ({
        href: card.getAttribute('href'),
        icon: card.querySelector('svg') !== null,
        does: card.querySelector('.tool-card__does')?.textContent ?? '',
      })),
    );
    expect(links).toHaveLength(25);
    for (const path of [
      '/compress',
      '/imgToText',
      '/liveAlert',
      '/captions',
      '/tradingViewData',
      '/SearchPage',
    ])
      expect(links.map((l) => l.href)).toContain(path);
    expect(links.every((l) => l.icon && l.does.length > 10)).toBe(true);
    await expectNoSeriousAxeViolations(page);
  });

  it('filters by name as the visitor types', async () => {
    const page = session.page;
    await page.goto(`${baseUrl}/homeTools`);
    await waitForHydration(page);
    const box = page.getByRole('searchbox', { name: 'Find a tool by name' });
    await box.pressSequentially('to text');
    expect(await cardNames(page)).toEqual(['Image to Text', 'PDF to Text']);
    expect(new URL(page.url()).search).toBe('');
    await box.fill('zzz');
    expect(await page.locator('.tools-index__count').textContent()).toBe('No tool has "zzz" in its name.');
    expect(await page.locator('.tool-card').count()).toBe(0);
    await box.fill('');
    expect(await page.locator('.tool-card').count()).toBe(25);
    expect(await page.getByRole('link', { name: /Trending Now/ }).getAttribute('href')).toBe('/trendingNow');
  });

  it('filters without script too: the form sends ?q= and the server renders the list', async () => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
      await page.goto(`${baseUrl}/homeTools`);
      await page.getByRole('searchbox', { name: 'Find a tool by name' }).fill('hindi');
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.waitForURL(/\/homeTools\?q=hindi$/);
      expect(await cardNames(page)).toEqual(['English to Hindi']);
      expect(await page.getByRole('searchbox', { name: 'Find a tool by name' }).inputValue()).toBe('hindi');
      expect(await page.locator('.tools-index__count').textContent()).toBe('1 tool matching "hindi"');
    } finally {
      await browser.close();
    }
  });

  it('is one cached page per query', async () => {
    await fetch(`${baseUrl}/homeTools?q=stock`);
    const hit = await fetch(`${baseUrl}/homeTools?q=stock&utm_source=x`);
    expect(hit.headers.get('x-page-cache')).toBe('hit');
    expect(await hit.text()).toContain('Stock News');
  });

  it('caused no CSP violations or script errors', () => {
    expect(session.problems).toEqual([]);
  });
});
