import { describe, expect, inject, it } from 'vitest';
import { signIn } from './admin-session.ts';
import { uniqueTag } from './api.ts';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();
const tag = uniqueTag();
const circular = `NSE/FAOP/${tag} (1 December 2026): a lot of 70 from 2090`;
// A date no study reaches: the row changes no answer another test reads, and is deleted at the end.
const from = '2090-01-01';

describe('the NIFTY contract rules in the console', () => {
  it('adds a lot-size row with its circular, lists it, refuses a second on its date, and deletes it', {
    timeout: 120_000,
  }, async () => {
    const { page } = session;
    await signIn(page, baseUrl);
    await page.goto(`${baseUrl}/admin/content/nifty-lot-sizes`);
    await waitForHydration(page);
    await page.locator('.admin-list, .admin-empty').first().waitFor();
    await page.getByRole('link', { name: 'New lot-size row' }).click();
    await page.getByLabel('From date').waitFor();

    // The contract's rules, beside their fields: the circular is required.
    await page.getByRole('button', { name: 'Create lot-size row' }).click();
    await page.getByText('Circular is required: name the NSE circular the row comes from.').waitFor();
    await expect(page.getByLabel('Circular').getAttribute('aria-invalid')).resolves.toBe('true');

    await page.getByLabel('From date').fill(from);
    // The basis is chosen in words.
    await page.getByLabel('Applies to').selectOption({ label: 'Every contract traded from the date' });
    await page.getByLabel('Lot size').fill('70');
    await page.getByLabel('Circular').fill(circular);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Create lot-size row' }).click();
    await page.getByText(`Created “${from}”.`).waitFor();

    await page.getByRole('searchbox').fill(tag);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByText(`Lot 70 · Every contract traded from the date · until a later row · ${circular}`)
      .waitFor();
    await expectNoSeriousAxeViolations(page);
    const stored = await fetch(`${baseUrl}/api/admin/nifty-lot-sizes?q=${tag}`, {
      headers: { authorization: `Bearer ${inject('adminToken')}` },
    });
    expect((await stored.json()).items).toEqual([
      expect.objectContaining({ from, basis: 'traded', lotSize: 70, circular, until: null }),
    ]);

    // A second row on the same date: the server's refusal, beside the date.
    await page.getByRole('link', { name: 'New lot-size row' }).click();
    await page.getByLabel('From date').fill(from);
    await page.getByLabel('Lot size').fill('60');
    await page.getByLabel('Circular').fill(`${circular} again`);
    await page.getByRole('button', { name: 'Create lot-size row' }).click();
    await page.getByText(`The lot-size table already has a row from ${from}.`).first().waitFor();

    await page.goto(`${baseUrl}/admin/content/nifty-lot-sizes?q=${tag}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: `Delete “${from}”` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this lot-size row?' });
    await dialog.getByRole('button', { name: 'Delete lot-size row' }).click();
    await page.getByText(`Deleted “${from}”.`).waitFor();
    const after = await fetch(`${baseUrl}/api/admin/nifty-lot-sizes?q=${tag}`, {
      headers: { authorization: `Bearer ${inject('adminToken')}` },
    });
    expect((await after.json()).total).toBe(0);
  });
});
