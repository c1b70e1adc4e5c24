import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { e2eOperator, signIn } from './admin-session.ts';
import { galleryImages, uniqueTag } from './api.ts';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();
const tag = `console-${uniqueTag()}`;
const title = `${tag} a post written in the console`;
const edited = `${tag} a post edited in the console`;

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
}

describe('the operator console', () => {
  it('is never stored, never indexed, and sets no cookie; public pages set none either', async () => {
    for (const path of ['/admin', '/admin/content/posts', '/admin/activity']) {
      const answer = await fetch(`${baseUrl}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
      expect(answer.headers.get('x-robots-tag'), path).toBe('noindex, nofollow');
      expect(answer.headers.get('set-cookie'), path).toBeNull();
      expect(await answer.text(), path).toContain('<meta name="robots" content="noindex"/>');
    }
    expect(await (await fetch(`${baseUrl}/sitemap.xml`)).text()).not.toContain('/admin');
    for (const path of ['/', '/userforum', '/blog', '/offers']) {
      const answer = await fetch(`${baseUrl}${path}`);
      expect(answer.headers.get('set-cookie'), path).toBeNull();
      // The console's stylesheet and scripts are no public page's.
      expect(await answer.text(), path).not.toMatch(/admin-[\w-]+\.(css|js)|AdminFrame/);
    }
  });

  it('shows a signed-out visitor the sign-in form, and says when the password is wrong', async () => {
    const { page } = session;
    await open(page, '/admin/content/posts');
    await expect(page.getByRole('heading', { name: 'Sign in to the console' }).isVisible()).resolves.toBe(
      true,
    );
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel('Email').fill(e2eOperator.email);
    await page.getByLabel('Password').fill('not the right password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The email or password is wrong.').waitFor();
  });

  it('signs in, then writes, finds, edits and deletes a post, and shows each change in the activity', {
    timeout: 180_000,
  }, async () => {
    const { page } = session;
    await signIn(page, baseUrl);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Content' }).click();
    await page.getByRole('link', { name: /^Posts/ }).click();
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByLabel('Title').waitFor();

    // The contract's rules, checked in the browser, each beside its field.
    await page.getByRole('button', { name: 'Create post' }).click();
    await page.getByText('Title is required.').waitFor();
    await expect(page.getByLabel('Title').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByText('A post needs content (or text) or contentArray.').waitFor();
    await expectNoSeriousAxeViolations(page);

    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Author (optional)').fill('The desk');
    await page
      .getByLabel('Body (English)', { exact: true })
      .fill('The first paragraph.\n\nThe second paragraph.');
    await page.getByLabel('Body (Hindi)', { exact: true }).fill('पहला अनुच्छेद।');
    await page.getByRole('button', { name: 'Create post' }).click();
    await page.getByText(`Created “${title}”.`).waitFor();

    await open(page, '/userforum');
    await page.getByRole('link', { name: title }).first().waitFor();

    await open(page, '/admin/content/posts');
    await page.getByRole('searchbox').fill(tag);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: `Edit “${title}”` }).click();
    await expect(page.getByLabel('Title').inputValue()).resolves.toBe(title);
    await expect(page.getByLabel('Body (Hindi)', { exact: true }).inputValue()).resolves.toBe('पहला अनुच्छेद।');
    await page.getByLabel('Title').fill(edited);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`Saved “${edited}”.`).waitFor();

    await page.getByRole('searchbox').fill(tag);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: `Delete “${edited}”` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
    await dialog.waitFor();
    await expectNoSeriousAxeViolations(page);
    // Cancelling keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `Delete “${edited}”` }).click();
    await dialog.getByRole('button', { name: 'Delete post' }).click();
    await page.getByText(`Deleted “${edited}”.`).waitFor();
    await page.getByText(`Nothing matches “${tag}”.`).waitFor();

    await open(page, '/admin/activity');
    const rows = page.getByRole('row').filter({ hasText: tag });
    await rows.first().waitFor();
    await expect(rows.allInnerTexts()).resolves.toEqual([
      expect.stringMatching(new RegExp(`${e2eOperator.email}\\s+Deleted post\\s+${edited}`)),
      expect.stringMatching(new RegExp(`${e2eOperator.email}\\s+Edited post\\s+${edited}`)),
      expect.stringMatching(new RegExp(`${e2eOperator.email}\\s+Created post\\s+${title}`)),
    ]);
    await expectNoSeriousAxeViolations(page);
  });

  it('refuses a cross-site write made with the session cookie; the admin token still works', async () => {
    const cookies = await session.page.context().cookies(baseUrl);
    const cookie = cookies.find((c) => c.name === 'hu_operator');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: false });
    const post = { title: `${tag} cross-site`, content: 'x', createdAt: '2026-11-27' };
    const crossSite = await fetch(`${baseUrl}/api/admin/posts`, {
      method: 'POST',
      headers: {
        cookie: `hu_operator=${cookie!.value}`,
        origin: 'https://another.example',
        'content-type': 'application/json',
      },
      body: JSON.stringify(post),
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ code: 'FORBIDDEN' });
    const token = await fetch(`${baseUrl}/api/admin/session`, {
      headers: { authorization: `Bearer ${inject('adminToken')}` },
    });
    expect(await token.json()).toEqual({ email: 'token' });
  });

  it('has every content screen pass axe: each kind’s list and its empty form', async () => {
    const { page } = session;
    await open(page, '/admin/content');
    await expectNoSeriousAxeViolations(page);
    const kinds = await page
      .locator('.admin-cards a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    expect(kinds).toHaveLength(16);
    for (const path of kinds) {
      await open(page, path);
      await page.locator('.admin-list, .admin-empty').first().waitFor();
      await expectNoSeriousAxeViolations(page);
      await open(page, `${path}/new`);
      await page.locator('.admin-form').waitFor();
      await expectNoSeriousAxeViolations(page);
    }
    // 33 screens, each loaded and checked: a bound for a busy machine, not a measure.
  }, 600_000);

  it('shows the moderation, inbox and status screens to a signed-in operator, each passing axe', async () => {
    const { page } = session;
    for (const [path, heading] of [
      ['/admin/comments', 'Comments'],
      ['/admin/reports', 'Reports'],
      ['/admin/short-links', 'Short links'],
      ['/admin/inbox', 'Inbox'],
      ['/admin/status', 'Status'],
    ] as const) {
      await open(page, path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // Its data read with the session cookie: no sign-in message, no loading line left.
      await page.getByText(/^Loading/).waitFor({ state: 'detached' });
      expect(await page.getByText(/not signed in|Sign in to see/).count(), path).toBe(0);
      await expectNoSeriousAxeViolations(page);
    }
    await page.getByRole('heading', { level: 2, name: 'Readiness checks' }).waitFor();
  });

  it('hides a reported comment from the reports screen: it leaves the image page', async () => {
    const { page } = session;
    const [image] = await galleryImages();
    const text = `Hide me ${uniqueTag()}`;
    const saved = await fetch(`${baseUrl}/api/saveComment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ imageUrl: image!.url, comment: text }),
    });
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: number };
    const reported = await fetch(`${baseUrl}/api/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'comment', id }),
    });
    expect(reported.status).toBe(202);
    const listed = async () =>
      (await (await fetch(`${baseUrl}/api/comments?imageUrl=${encodeURIComponent(image!.url)}`)).json()) as {
        comment: string;
      }[];
    expect((await listed()).some((c) => c.comment === text)).toBe(true);
    await open(page, '/admin/reports');
    await page.getByRole('button', { name: `Hide comment ${id}` }).click();
    await page.getByText(`Comment ${id} hidden; its reports are closed.`).waitFor();
    expect((await listed()).some((c) => c.comment === text)).toBe(false);
  });

  it('disables an abusive short link from its screen: it answers 410 at once', async () => {
    const { page } = session;
    const made = await fetch(`${baseUrl}/api/shorten`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ longUrl: `https://example.com/console/${uniqueTag()}` }),
    });
    expect(made.status).toBe(200);
    const { code } = (await made.json()) as { code: string };
    expect((await fetch(`${baseUrl}/s/${code}`, { redirect: 'manual' })).status).toBe(302);
    await open(page, '/admin/short-links');
    await page.getByRole('button', { name: `Disable /s/${code}` }).click();
    await page.getByRole('button', { name: `Enable /s/${code}` }).waitFor();
    const gone = await fetch(`${baseUrl}/s/${code}`, { redirect: 'manual' });
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('This short link was disabled by the site.');
  });

  it("signs out with 'Sign out', and the session is gone", async () => {
    const { page } = session;
    await open(page, '/admin');
    const cookie = (await page.context().cookies(baseUrl)).find((c) => c.name === 'hu_operator')!;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const after = await fetch(`${baseUrl}/api/admin/session`, {
      headers: { cookie: `hu_operator=${cookie.value}` },
    });
    expect(after.status).toBe(401);
    // The one 401 the browser reports is the wrong password tried above.
    expect(session.problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
  });
});
