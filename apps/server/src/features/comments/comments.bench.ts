/**
 * Section `comments` of `npm run bench`: saving comments and contact messages (each from its own visitor),
 * reading comments, /blog staying cached while visitors comment (issue 17), and the bytes of pictures a
 * 390 px phone loads on /infopic (the gallery's responsive copies).
 */
import fs from 'node:fs';
import type autocannon from 'autocannon';
import {
  autocannonLoad,
  type BenchOptions,
  defineBenchSection,
  figuresText,
  getRequests,
  line,
  repeatEvery,
  scratchFolder,
  startServer,
  stopServer,
  waitForBackgroundWork,
} from '../../../../../scripts/bench/kit.ts';

async function benchComments(options: BenchOptions) {
  const dataDir = scratchFolder('gallery');
  const connections = options.connections;
  const load = async (title: string, paths: string[], requests = getRequests(paths)) =>
    line(
      title,
      figuresText(await autocannonLoad(url, requests, { connections, seconds: options.seconds })),
      44,
    );
  // Behind a (pretend) proxy, so each benchmark request can come from its own visitor address and the
  // per-visitor comment limits (5 a minute) measure the save path rather than refusals.
  const { url, child } = await startServer(dataDir, { TRUST_PROXY: '127.0.0.1' });
  await waitForBackgroundWork(dataDir);
  const images = (await (await fetch(`${url}/api/images`)).json()) as { url: string }[];
  console.log(`\nGalleries and comments: ${images.length} gallery images`);
  const commentPaths = images.map((image) => `/api/comments?imageUrl=${encodeURIComponent(image.url)}`);
  let sent = 0;
  const post = (): autocannon.Request => ({
    method: 'POST',
    path: '/api/saveComment',
    headers: { 'content-type': 'application/json' },
    setupRequest(request) {
      sent += 1;
      return {
        ...request,
        headers: {
          ...request.headers,
          'x-forwarded-for': `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
        },
        body: JSON.stringify({
          imageUrl: images[sent % images.length]!.url,
          comment: `Benchmark comment number ${sent}`,
          elapsedMs: 5000,
        }),
      };
    },
  });
  await load('POST /api/saveComment (new visitor each)', [], [post()]);
  await load('GET /api/comments (after the saves)', commentPaths);

  // Contact messages stored in the mail outbox (no SMTP here: they stay pending), each from its own visitor
  // so the per-visitor limit (5 in 10 minutes) measures the store path rather than refusals.
  let contacts = 0;
  const contactPost: autocannon.Request = {
    method: 'POST',
    path: '/api/contact',
    headers: { 'content-type': 'application/json' },
    setupRequest(request) {
      contacts += 1;
      return {
        ...request,
        headers: {
          ...request.headers,
          'x-forwarded-for': `10.${(contacts >> 16) & 255}.${(contacts >> 8) & 255}.${contacts & 255}`,
        },
        body: JSON.stringify({
          email: `visitor${contacts}@example.in`,
          message: `Benchmark message ${contacts}`,
        }),
      };
    },
  };
  await load('POST /api/contact (new visitor each)', [], [contactPost]);

  // Pages that show no comments stay cached while visitors comment (issue 17: one comment used to empty
  // the whole page cache, and /blog fell from 12,723 to 153 requests a second at 20 comments a second).
  await load('GET /blog (quiet)', ['/blog']);
  let writer = 0;
  const stopCommenting = repeatEvery(50, () => {
    writer += 1;
    void fetch(`${url}/api/saveComment`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `172.16.${(writer >> 8) & 255}.${writer & 255}`,
      },
      body: JSON.stringify({
        imageUrl: images[writer % images.length]!.url,
        comment: `While reading ${writer}`,
      }),
    }).catch(() => undefined);
  });
  await load('GET /blog (20 comments a second meanwhile)', ['/blog']);
  stopCommenting();
  const stillCached = (await fetch(`${url}/blog`)).headers.get('x-page-cache');
  console.log(
    `${'/blog after the comments'.padEnd(44)} x-page-cache: ${stillCached} (${writer} comments sent)`,
  );

  // Bytes of pictures a 390 px phone loads on /infopic before scrolling (lazy ones below do not load).
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  for (const round of ['first visit (copies made on demand)', 'copies ready']) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const loaded: { path: string; bytes: number }[] = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'image') return;
      const sizes = await request.sizes();
      loaded.push({ path: new URL(request.url()).pathname, bytes: sizes.responseBodySize });
    });
    await page.goto(`${url}/infopic`, { waitUntil: 'networkidle' });
    // The pictures a visitor sees before scrolling (Chromium also fetches lazy ones a little further down).
    const visible = await page.evaluate<string[]>(
      '[...document.images].filter((img) => img.getBoundingClientRect().top < innerHeight).map((img) => new URL(img.currentSrc).pathname)',
    );

    const bytesOf = (paths: string[]) =>
      loaded.filter((image) => paths.includes(image.path)).reduce((sum, image) => sum + image.bytes, 0);
    const originalOf = (variant: string) =>
      `/content/images/${variant.replace(/^\/img\/\d+\//, '').replace(/\.(avif|webp)$/, '')}`;
    const originals = await Promise.all(
      visible.map(async (variant) =>
        variant.startsWith('/img/')
          ? (await (await fetch(`${url}${originalOf(variant)}`)).arrayBuffer()).byteLength
          : 0,
      ),
    );
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(
      `${`/infopic 390 px 2x, above the fold [${round}]`.padEnd(44)} ${kb(bytesOf(visible))} in ${visible.length} images (as PNGs ${kb(originals.reduce((a, b) => a + b, 0))}); whole first load ${kb(bytesOf(loaded.map((l) => l.path)))} in ${loaded.length}`,
    );
    await page.close();
  }
  await browser.close();
  await stopServer(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

export default defineBenchSection({
  name: 'comments',
  title: 'comments and contact messages saved, /blog while visitors comment, /infopic picture bytes',
  run: benchComments,
});
