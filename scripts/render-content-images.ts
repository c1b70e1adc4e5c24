/**
 * `npm run content:images`: renders every content/images/*.svg to a PNG of the same name with Chromium
 * (link previews such as WhatsApp's do not show SVG). Run it after adding or editing an SVG and commit both.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const dir = path.resolve(import.meta.dirname, '../content/images');
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
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.svg'))) {
    const svg = fs.readFileSync(path.join(dir, name), 'utf8');
    const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
    if (!viewBox) throw new Error(`${name}: needs viewBox="0 0 W H"`);
    const [width, height] = [Number(viewBox[1]), Number(viewBox[2])];
    await page.setViewportSize({ width, height });
    await page.setContent(
      `<style>html,body{margin:0}svg{display:block;width:${width}px;height:${height}px}</style>${svg}`,
    );
    const out = path.join(dir, name.replace(/\.svg$/, '.png'));
    await page.locator('svg').screenshot({ path: out });
    console.log(`${path.relative(process.cwd(), out)} ${width}×${height}`);
  }
} finally {
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
