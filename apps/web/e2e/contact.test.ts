import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';

const baseUrl = inject('baseUrl');
const adminToken = inject('adminToken');
const session = openBrowserSession();

const email = () => session.page.getByLabel('Email Address*');
const message = () => session.page.getByLabel('Message*');
const submit = () => session.page.getByRole('button', { name: 'Submit' });
const errors = () => session.page.locator('.contact-form__error').allTextContents();
const status = () => session.page.getByRole('status');

async function openContact() {
  await session.page.goto(`${baseUrl}/contact`);
  await waitForHydration(session.page);
}

describe('Contact (/contact)', () => {
  it('shows the specified texts, title, description and canonical link', async () => {
    await openContact();
    expect(await session.page.getByRole('heading', { level: 1 }).textContent()).toBe('Contact Us');
    await session.page.getByText('Have a question?').waitFor();
    expect(await session.page.title()).toBe('Contact Us | Hurry Up');
    expect(await session.page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${baseUrl}/contact`,
    );
    expect(await session.page.locator('meta[name="description"]').getAttribute('content')).toMatch(/message/);
    expect(await message().getAttribute('maxlength')).toBe('500');
    expect(await submit().isVisible()).toBe(true);
    // The contact email link, with the default settings too (CONTACT_TO unset: the From address).
    const mail = session.page.getByRole('main').locator('a[href^="mailto:"]');
    expect(await mail.count()).toBe(1);
    const address = await mail.textContent();
    expect(address).toMatch(/^[^@\s]+@[^@\s]+$/);
    expect(await mail.getAttribute('href')).toBe(`mailto:${address}`);
    await expectNoSeriousAxeViolations(session.page);
  });

  it('shows every validation message and sends nothing until they pass', async () => {
    await openContact();
    let posts = 0;
    session.page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) posts += 1;
    });
    await submit().click();
    expect(await errors()).toEqual(['Email is required.', 'Notes cannot be empty.']);
    await email().fill('asha@example');
    await message().fill('   ');
    await submit().click();
    expect(await errors()).toEqual(['Invalid email format.', 'Notes cannot be empty.']);
    await email().fill('asha@example.in');
    // The input stops at 500; a longer value set by a script is still refused.
    await message().fill('x'.repeat(600));
    expect((await message().inputValue()).length).toBe(500);
    await message().evaluate((el: HTMLTextAreaElement) => {
      el.removeAttribute('maxlength');
    });
    await message().fill('x'.repeat(501));
    await submit().click();
    expect(await errors()).toEqual(['Notes cannot exceed 500 characters.']);
    expect(posts).toBe(0);
    await expectNoSeriousAxeViolations(session.page);
  });

  it("says 'Email sent successfully!', clears the form, and the operator can read the message", async () => {
    await openContact();
    const text = `Hello from the browser test ${Date.now()}`;
    await email().fill('visitor@example.in');
    await message().fill(text);
    await submit().click();
    await session.page.getByText('Email sent successfully!').waitFor();
    expect(await email().inputValue()).toBe('');
    expect(await message().inputValue()).toBe('');
    expect(await errors()).toEqual([]);
    const outbox = (await (
      await fetch(`${baseUrl}/api/admin/mail-outbox`, { headers: { authorization: `Bearer ${adminToken}` } })
    ).json()) as { id: number; replyTo: string }[];
    const stored = outbox.find((m) => m.replyTo === 'visitor@example.in');
    expect(stored).toBeDefined();
    const full = (await (
      await fetch(`${baseUrl}/api/admin/mail-outbox/${stored!.id}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json()) as { text: string };
    expect(full.text).toContain(text);
    expect(session.problems).toEqual([]);
  });

  it("says 'Failed to send email. Please try again.' when the message could not be stored", async () => {
    await openContact();
    await session.page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"Internal error","code":"INTERNAL"}',
      }),
    );
    await email().fill('visitor@example.in');
    await message().fill('Will this arrive?');
    await submit().click();
    await session.page.getByText('Failed to send email. Please try again.').waitFor();
    // The visitor's text is kept to try again.
    expect(await message().inputValue()).toBe('Will this arrive?');
    await session.page.unrouteAll();
  });

  it("shows the server's field messages by their fields", async () => {
    await openContact();
    await session.page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'Invalid email format.',
          code: 'VALIDATION_ERROR',
          fields: { email: 'Invalid email format.' },
        }),
      }),
    );
    await email().fill('visitor@example.in');
    await message().fill('Hello');
    await submit().click();
    await session.page.locator('#contact-email-error').waitFor();
    expect(await errors()).toEqual(['Invalid email format.']);
    expect(await status().textContent()).toBe('');
    await session.page.unrouteAll();
  });
});
