import fs from 'node:fs';
import type { Post } from '@hurryup/contracts/post';
import { postPath } from '@hurryup/contracts/post-slug';
import { describe, expect, inject, it } from 'vitest';
import { uniqueTag } from './api.ts';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();
const bearer = { authorization: `Bearer ${inject('adminToken')}` };

/** A picture uploaded through the operator's API (multipart, with its alt text). */
async function uploadPicture(alt: string): Promise<string> {
  const form = new FormData();
  form.append('alt', alt);
  const bytes = fs.readFileSync(new URL('../../../content/images/nutrition-plate.png', import.meta.url));
  form.append('file', new Blob([new Uint8Array(bytes)]), 'plate.png');
  const res = await fetch(`${baseUrl}/api/admin/uploads`, { method: 'POST', headers: bearer, body: form });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}

async function createPost(body: Record<string, unknown>): Promise<Post> {
  const res = await fetch(`${baseUrl}/api/admin/posts`, {
    method: 'POST',
    headers: { ...bearer, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`creating a post failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Post;
}

describe('a Markdown post (issue 30)', () => {
  it('renders its heading, nested list, table, link and uploaded picture on its page, and passes axe', async () => {
    const url = await uploadPicture('A plate: half vegetables, a quarter grains, a quarter dal');
    const title = `Markdown plate guide ${uniqueTag()}`;
    const content = [
      '## Fill the plate',
      '',
      '- Half with **vegetables**',
      '  - green leafy ones for iron',
      '- A quarter with grains',
      '',
      '| Part | Share |',
      '|---|---:|',
      '| Vegetables | 1/2 |',
      '| Grains | 1/4 |',
      '',
      `![A plate: half vegetables, a quarter grains, a quarter dal](${url})`,
      '',
      'Read the [ICMR-NIN guidelines](https://www.nin.res.in/) and the <script>alert(1)</script> note.',
    ].join('\n');
    await createPost({ title, createdAt: '2026-11-20', author: 'Team', content });

    const page = session.page;
    await page.goto(`${baseUrl}${postPath(title)}`);
    await waitForHydration(page);
    const body = page.locator('.post-body');
    expect(await body.getByRole('heading', { level: 2, name: 'Fill the plate' }).count()).toBe(1);
    expect(await body.locator('ul > li').first().textContent()).toContain('Half with vegetables');
    expect(await body.locator('ul ul > li').textContent()).toBe('green leafy ones for iron');
    expect(await body.locator('strong').first().textContent()).toBe('vegetables');
    expect(await body.locator('table th').allTextContents()).toEqual(['Part', 'Share']);
    expect(await body.locator('table td').allTextContents()).toEqual(['Vegetables', '1/2', 'Grains', '1/4']);
    const picture = body.getByRole('img', {
      name: 'A plate: half vegetables, a quarter grains, a quarter dal',
    });
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const link = body.getByRole('link', { name: 'ICMR-NIN guidelines' });
    expect(await link.getAttribute('rel')).toBe('nofollow ugc noopener');
    // Raw HTML is text, never markup.
    expect(await body.textContent()).toContain('<script>alert(1)</script>');
    expect(await page.locator('.post-body script').count()).toBe(0);
    await expectNoSeriousAxeViolations(page);

    // The forum shows the same body when the post is opened there.
    await page.goto(`${baseUrl}/userforum`);
    await waitForHydration(page);
    const item = page.locator('.content-item', { hasText: title });
    await item.getByRole('button', { name: /Show more/ }).click();
    expect(await item.getByRole('heading', { level: 2, name: 'Fill the plate' }).count()).toBe(1);
    expect(await item.locator('table td').count()).toBe(4);
    await expectNoSeriousAxeViolations(page);
  });

  it('keeps a draft off every public page', async () => {
    const title = `Draft never shown ${uniqueTag()}`;
    await createPost({ title, createdAt: '2026-11-20', content: 'Not yet.', draft: true });
    expect((await fetch(`${baseUrl}${postPath(title)}`)).status).toBe(404);
    expect(await (await fetch(`${baseUrl}/userforum`)).text()).not.toContain(title);
    expect(await (await fetch(`${baseUrl}/rss.xml`)).text()).not.toContain(title);
  });
});
