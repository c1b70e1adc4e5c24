/**
 * `npm run content:images`: renders every .svg under content/images (including sub-folders such as
 * gallery/, videos/, stories/<slug>/ and devbit/<category>/) to a PNG of the same name and size with
 * Chromium (link previews such as WhatsApp's do not show SVG). Run it after adding or editing an SVG
 * and commit both.
 *
 * An SVG whose PNG is already at least as new as the SVG is skipped, so re-runs are fast; pass
 * `--force` to render everything again. A PNG whose new render is byte-identical is not rewritten
 * (only its modification time is updated), so an unchanged image never shows up in `git status`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const dir = path.resolve(import.meta.dirname, '../content/images');
const force = process.argv.includes('--force');

function findSvgs(folder: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...findSvgs(full));
    else if (entry.isFile() && entry.name.endsWith('.svg')) found.push(full);
  }
  return found.sort();
}

function isUpToDate(svgFile: string, pngFile: string): boolean {
  if (force || !fs.existsSync(pngFile)) return false;
  return fs.statSync(pngFile).mtimeMs >= fs.statSync(svgFile).mtimeMs;
}

const pending = findSvgs(dir)
  .map((svgFile) => ({ svgFile, pngFile: svgFile.replace(/\.svg$/, '.png') }))
  .filter(({ svgFile, pngFile }) => !isUpToDate(svgFile, pngFile));

if (pending.length === 0) {
  console.log('content/images: every PNG is up to date (use --force to render again)');
} else {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-render-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-sync',
    ],
  });
  try {
    const page = await context.newPage();
    for (const { svgFile, pngFile } of pending) {
      const name = path.relative(dir, svgFile);
      const svg = fs.readFileSync(svgFile, 'utf8');
      const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
      if (!viewBox) throw new Error(`${name}: needs viewBox="0 0 W H"`);
      const [width, height] = [Number(viewBox[1]), Number(viewBox[2])];
      await page.setViewportSize({ width, height });
      await page.setContent(
        `<style>html,body{margin:0}svg{display:block;width:${width}px;height:${height}px}</style>${svg}`,
      );
      const png = await page.locator('svg').screenshot();
      const out = path.relative(process.cwd(), pngFile);
      if (fs.existsSync(pngFile) && fs.readFileSync(pngFile).equals(png)) {
        const now = new Date();
        fs.utimesSync(pngFile, now, now);
        console.log(`${out} ${width}×${height} (unchanged)`);
      } else {
        fs.writeFileSync(pngFile, png);
        console.log(`${out} ${width}×${height}`);
      }
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
