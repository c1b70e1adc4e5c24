import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { waitForHydration } from './browser.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The operator every browser test may sign in as: global-setup.ts adds them to the shared server. */
export const e2eOperator = { email: 'operator@e2e.example', password: 'e2e operator passphrase' };

/**
 * Adds an operator to the site whose data is in `dataDir`, as the operator would: `npm run operator:add`
 * (the script itself), waiting for it to exit.
 */
export async function addOperator(
  dataDir: string,
  operator: { email: string; password: string } = e2eOperator,
): Promise<void> {
  const child = spawn(process.execPath, ['apps/server/src/scripts/operator.ts', 'add', operator.email], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, OPERATOR_PASSWORD: operator.password },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`operator:add ${operator.email} failed (${code}):\n${output}`);
}

/**
 * Signs `page` in to the console of `server` (its URL, or `{ url }`) through the sign-in form, as the operator
 * would, and waits until the console shows who is signed in. The session cookie then stays with the page's
 * browser context.
 */
export async function signIn(
  page: Page,
  server: string | { url: string },
  operator: { email: string; password: string } = e2eOperator,
): Promise<void> {
  const url = typeof server === 'string' ? server : server.url;
  await page.goto(`${url}/admin`);
  await waitForHydration(page);
  await page.getByLabel('Email').fill(operator.email);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(`Signed in as ${operator.email}`).waitFor();
}
