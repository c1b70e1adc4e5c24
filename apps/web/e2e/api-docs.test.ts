import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Browser, launchBrowser, watchPageProblems } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('API documentation', () => {
  it('renders the OpenAPI document in Swagger UI without CSP violations', async () => {
    const page = await browser.context.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${baseUrl}/api/docs`);
    await page.getByText('/api/health').first().waitFor();
    expect(await page.getByRole('heading', { name: /Hurry Up API/ }).count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
