import type { McqAnswer } from '@hurryup/contracts/quiz';
import { describe, expect, inject, it } from 'vitest';
import { getJson } from './api.ts';
import { expectNoSeriousAxeViolations, openBrowserSession, waitForHydration } from './browser.ts';

const baseUrl = inject('baseUrl');
const session = openBrowserSession();

describe('Java 17 quiz (/testbank)', () => {
  it('checks a right answer, explains a wrong one, stops at the last question and resumes after a reload', async () => {
    const { questions } = await getJson<McqAnswer>('/api/mcq?topic=records');
    expect(questions.length).toBeGreaterThanOrEqual(8);
    const { page } = session;
    await page.goto(`${baseUrl}/testbank?topic=records`);
    await waitForHydration(page);
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await waitForHydration(page);

    const [first, second] = questions;
    const legend = page.locator('.quiz__text');
    expect(await legend.textContent()).toBe(first!.text);
    // Code keeps its line breaks and indentation.
    expect(await page.locator('.quiz__code').textContent()).toBe(first!.code);
    expect(await page.locator('.quiz__code').evaluate((el) => getComputedStyle(el).whiteSpace)).toBe(
      'pre-wrap',
    );
    expect(await page.locator('.quiz__code .quiz__keyword').count()).toBeGreaterThan(0);
    // Options are shuffled and lettered again for each visitor: an option is found by its text, not its letter.
    const option = (stored: string) => {
      const text = stored.replace(/^[A-Z]\.\s*/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return page.getByRole('checkbox', { name: new RegExp(`^[A-Z]\\.\\s*${text}$`) });
    };
    for (const letter of first!.correctAnswer) {
      await option(first!.options.find((o) => o.startsWith(letter))!).check();
    }
    await page.getByRole('button', { name: 'Check Answer' }).click();
    await page.getByText('✔ Correct!').waitFor();
    expect(await page.getByRole('button', { name: 'Check Answer' }).isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox').first().isDisabled()).toBe(true);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Next Question' }).click();
    await page.getByText(second!.text, { exact: true }).waitFor();
    const wrong = second!.options.find((o) => !second!.correctAnswer.includes(o.charAt(0)))!;
    await option(wrong).check();
    await page.getByRole('button', { name: 'Check Answer' }).click();
    await page.getByText('✖ Incorrect').waitFor();
    expect(await page.locator('.quiz__description').textContent()).toBe(second!.description);
    expect(await page.locator('.quiz__score').textContent()).toBe('Score: 1 / 2');
    await expectNoSeriousAxeViolations(page);

    // A reload resumes on the same question with the same score.
    await page.reload();
    await waitForHydration(page);
    await page.getByText(`Question 2 of ${questions.length}`).waitFor();
    expect(await legend.textContent()).toBe(second!.text);
    expect(await page.locator('.quiz__score').textContent()).toBe('Score: 1 / 2');

    for (let i = 2; i < questions.length; i++)
      await page.getByRole('button', { name: 'Next Question' }).click();
    await page.getByText(`Question ${questions.length} of ${questions.length}`).waitFor();
    expect(await legend.textContent()).toBe(questions.at(-1)!.text);
    expect(await page.getByRole('button', { name: 'Next Question' }).isDisabled()).toBe(true);
    expect(session.problems).toEqual([]);
  });

  it('chooses an exam objective with the form', async () => {
    const { page } = session;
    await page.goto(`${baseUrl}/testbank`);
    await waitForHydration(page);
    await page.getByLabel('Exam objective').selectOption('jdbc');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/topic=jdbc/);
    const { questions } = await getJson<McqAnswer>('/api/mcq?topic=jdbc');
    await page.getByText(questions[0]!.text, { exact: true }).waitFor();
    expect(await page.locator('.quiz__progress').textContent()).toContain(`of ${questions.length}`);
    await expectNoSeriousAxeViolations(page);
    expect(session.problems).toEqual([]);
  });

  it('sends only the first questions with the page and fetches the next ones as the visitor goes on', async () => {
    const { questions, total } = await getJson<McqAnswer>('/api/mcq');
    expect(total).toBeGreaterThan(12);
    // Explanations are unique; their plain beginnings appear in the page's data as they are.
    const plain = (text: string) => text.slice(0, 40);
    const later = questions.slice(10).find((q) => /^[A-Za-z0-9 ,.]{40}/.test(q.description))!;
    const html = await (await fetch(`${baseUrl}/testbank`)).text();
    expect(html).toContain(plain(questions[0]!.description));
    expect(html).not.toContain(plain(later.description));
    const { page } = session;
    await page.goto(`${baseUrl}/testbank`);
    await waitForHydration(page);
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await waitForHydration(page);
    await page.getByText(`Question 1 of ${total}`).waitFor();
    for (let i = 1; i < 12; i++) await page.getByRole('button', { name: 'Next Question' }).click();
    await page.getByText(`Question 12 of ${total}`).waitFor();
    expect(await page.locator('.quiz__text').textContent()).toBe(questions[11]!.text);
    // A reload resumes there, past the questions the page carries.
    await page.reload();
    await waitForHydration(page);
    await page.getByText(`Question 12 of ${total}`).waitFor();
    expect(await page.locator('.quiz__text').textContent()).toBe(questions[11]!.text);
    await expectNoSeriousAxeViolations(page);
    expect(session.problems).toEqual([]);
  });
});
