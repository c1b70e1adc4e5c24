import path from 'node:path';
import { commentsPageSize } from '@hurryup/contracts/comment-rules';
import type { GalleryImage } from '@hurryup/contracts/gallery';
import { imagePagePath } from '@hurryup/contracts/gallery-pages';
import SqliteDatabase from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';
import { type RunningServer, startServer, stopServer } from './global-setup.ts';

// A server of its own: its database gets thousands of comments written straight into it (through the API
// the per-visitor limits would take days).
let server: RunningServer;
let busy: GalleryImage;
let quiet: GalleryImage;
let others: GalleryImage[];
const busyCount = 10_000;
const quietCount = commentsPageSize + 10;
const text = (label: string, n: number) => `${label} comment ${n}, written to fill the page`;

beforeAll(async () => {
  server = await startServer();
  const images = (await (await fetch(`${server.url}/api/images`)).json()) as GalleryImage[];
  [busy, quiet, ...others] = images as [GalleryImage, GalleryImage, ...GalleryImage[]];
  const sqlite = new SqliteDatabase(path.join(server.dataDir, 'site.sqlite'));
  try {
    const insert = sqlite.prepare(
      'insert into comments (image_url, comment, created_at, hidden, dedupe_key) values (?, ?, ?, 0, ?)',
    );
    const start = Date.UTC(2026, 0, 1);
    sqlite.transaction(() => {
      for (const [image, label, count] of [
        [busy, 'Busy', busyCount],
        [quiet, 'Quiet', quietCount],
      ] as const)
        for (let n = 1; n <= count; n += 1)
          insert.run(image.url, text(label, n), new Date(start + n * 60_000).toISOString(), `${label}-${n}`);
    })();
  } finally {
    sqlite.close();
  }
});
afterAll(() => server && stopServer(server));

const session = openBrowserSession();

describe('an image page with more comments than one page', () => {
  let p: Page;
  beforeAll(() => {
    p = session.page;
  });
  const items = () => p.locator('.comments__item .comments__text');
  const older = () => p.getByRole('button', { name: 'Show older comments' });
  const open = async (image: GalleryImage) => {
    await p.goto(`${server.url}${imagePagePath(image.url)}`);
    await waitForHydration(p);
  };

  it(`arrives with the newest ${commentsPageSize} of ${busyCount} comments only: a small page, quickly`, async () => {
    const url = `${server.url}${imagePagePath(busy.url)}`;
    // First renders of image pages without comments before and after it, for comparison.
    const firstRender = async (pageUrl: string) => {
      const began = performance.now();
      const res = await fetch(pageUrl, { headers: { 'accept-encoding': 'identity' } });
      const body = await res.text();
      return { status: res.status, body, ms: performance.now() - began };
    };
    const plain = async (image: GalleryImage) =>
      (await firstRender(`${server.url}${imagePagePath(image.url)}`)).ms;
    await plain(others[0]!);
    const before = await plain(others[1]!);
    const { status, body: html, ms: missMs } = await firstRender(url);
    const after = await plain(others[2]!);
    const bytes = Buffer.byteLength(html);
    console.info(
      `/image page with ${busyCount} comments: ${bytes} bytes (identity), first render ${missMs.toFixed(0)} ms ` +
        `(pages without comments just before and after: ${before.toFixed(0)} and ${after.toFixed(0)} ms)`,
    );
    expect(status).toBe(200);
    expect(bytes).toBeLessThan(100_000);
    // Loose: this machine's speed is unknown and shared (before the pages of comments: 5.6 s). Most of the
    // difference to the plain pages is the page cache compressing 15 KB more (Brotli, quality 11).
    expect(missMs).toBeLessThan(3_000);
    expect(html).toContain(`${busyCount} Comments`);
    expect(html).toContain(text('Busy', busyCount));
    expect(html).toContain(text('Busy', busyCount - commentsPageSize + 1));
    expect(html).not.toContain(text('Busy', busyCount - commentsPageSize));
  });

  it('shows the first page, and loads older pages through the API on the button', async () => {
    await open(busy);
    const header = p.getByRole('button', { name: `${busyCount} Comments` });
    await header.click();
    expect(await items().count()).toBe(commentsPageSize);
    expect(await items().first().textContent()).toBe(text('Busy', busyCount - commentsPageSize + 1));
    expect(await items().last().textContent()).toBe(text('Busy', busyCount));

    const request = p.waitForRequest(
      (r) => r.url().includes('/api/comments?') && r.url().includes('before='),
    );
    await older().click();
    await request;
    await expect.poll(() => items().count()).toBe(2 * commentsPageSize);
    expect(await items().first().textContent()).toBe(text('Busy', busyCount - 2 * commentsPageSize + 1));
    expect(await items().last().textContent()).toBe(text('Busy', busyCount));
    expect(await older().isVisible()).toBe(true);
    await expectNoSeriousAxeViolations(p);
  });

  it('hides the button once the oldest comment is shown', async () => {
    await open(quiet);
    await p.getByRole('button', { name: `${quietCount} Comments` }).click();
    expect(await items().count()).toBe(commentsPageSize);
    await older().click();
    await expect.poll(() => items().count()).toBe(quietCount);
    expect(await items().first().textContent()).toBe(text('Quiet', 1));
    await expect.poll(() => older().count()).toBe(0);
  });

  it('keeps the older comments shown after a save, and counts the new one', async () => {
    const dialogs: string[] = [];
    const accept = (dialog: { message(): string; accept(): Promise<void> }) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    };
    p.on('dialog', accept);
    try {
      await p.getByPlaceholder('Add a comment...').fill('A new comment below the older ones');
      await p.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => dialogs).toEqual(['Comment saved!']);
      await p.getByRole('button', { name: `${quietCount + 1} Comments` }).waitFor();
      await expect.poll(() => items().count()).toBe(quietCount + 1);
      expect(await items().first().textContent()).toBe(text('Quiet', 1));
      expect(await items().last().textContent()).toBe('A new comment below the older ones');
      await expectNoSeriousAxeViolations(p);
    } finally {
      p.off('dialog', accept);
    }
  });
});
