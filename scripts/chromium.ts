// The browser tests drive Debian's Chromium (apps/web/e2e/browser.ts). `npm test` makes sure it is there
// before running anything: it installs it when it can (root with apt-get), and otherwise stops with one
// message that names the command to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const defaultChromiumPath = '/usr/bin/chromium';
export const installCommand = 'sudo apt-get install -y chromium';

export interface ChromiumFacts {
  /** CHROMIUM_PATH, when set. */
  chromiumPath?: string | undefined;
  /** Whether Chromium is at CHROMIUM_PATH (or /usr/bin/chromium). */
  exists: boolean;
  isRoot: boolean;
  hasAptGet: boolean;
}

export type ChromiumPlan = { action: 'ready' } | { action: 'install' } | { action: 'stop'; message: string };

/** What to do about Chromium, decided from the facts alone. */
export function chromiumPlan({ chromiumPath, exists, isRoot, hasAptGet }: ChromiumFacts): ChromiumPlan {
  if (exists) return { action: 'ready' };
  if (chromiumPath && chromiumPath !== defaultChromiumPath) {
    return {
      action: 'stop',
      message:
        `The browser tests need Chromium, but CHROMIUM_PATH=${chromiumPath} does not exist: point CHROMIUM_PATH ` +
        `at a Chromium binary, or unset it and run \`${installCommand}\`, then run the tests again.`,
    };
  }
  if (isRoot && hasAptGet) return { action: 'install' };
  return {
    action: 'stop',
    message:
      `The browser tests need Chromium at ${defaultChromiumPath}, and it is missing: run \`${installCommand}\` ` +
      '(or set CHROMIUM_PATH to a Chromium binary), then run the tests again.',
  };
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => {
      try {
        fs.accessSync(path.join(dir, command), fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

/** Makes sure Chromium is present, installing Debian's when it can; exits the process when it cannot. */
export function ensureChromium(): void {
  const chromiumPath = process.env.CHROMIUM_PATH || undefined;
  const target = chromiumPath ?? defaultChromiumPath;
  const plan = chromiumPlan({
    chromiumPath,
    exists: fs.existsSync(target),
    isRoot: process.getuid?.() === 0,
    hasAptGet: onPath('apt-get'),
  });
  if (plan.action === 'ready') return;
  if (plan.action === 'stop') {
    console.error(plan.message);
    process.exit(1);
  }
  console.log("Installing Debian's Chromium for the browser tests (apt-get install chromium)");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', 'chromium'],
  ]) {
    const run = spawnSync('apt-get', args, { env, encoding: 'utf8' });
    if (run.status !== 0) {
      process.stderr.write(
        `${run.stdout ?? ''}${run.stderr ?? ''}${run.error ? `${run.error.message}\n` : ''}`,
      );
      console.error(
        `Installing Chromium failed (apt-get ${args.join(' ')}): run \`${installCommand}\` yourself, then run the tests again.`,
      );
      process.exit(1);
    }
  }
  if (!fs.existsSync(target)) {
    console.error(
      `apt-get installed chromium, but ${target} is still missing: set CHROMIUM_PATH to its binary.`,
    );
    process.exit(1);
  }
}
