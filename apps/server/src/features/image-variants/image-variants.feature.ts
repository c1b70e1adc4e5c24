import fs from 'node:fs';
import path from 'node:path';
import { errorCodes } from '@hurryup/contracts/errors';
import { type VariantFormat, variantFormats, variantWidths } from '@hurryup/contracts/image-variants';
import { z } from 'zod';
import { defineFeature } from '../../shared/feature.ts';
import { sendError } from '../../shared/send-error.ts';
import { createVariantStore } from './image-variants.ts';

const contentTypes: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' };
const variantPath = /^([A-Za-z0-9._/-]+\.(?:png|jpe?g))\.(avif|webp)$/i;

/**
 * Smaller AVIF and WebP copies of every picture the features show (site.images()), at
 * `/img/<width>/<path under content/images>.<format>`: made in the background (the
 * `image-variants.make-missing` job) after start-up and after content changes, and on demand for a copy not made yet (503 with Retry-After when the image-copy engine's
 * queue is full). Copies are encoded in the engine pool (engines/image-copy/) and live in DATA_DIR/images.
 */
export const imageVariantsFeature = defineFeature({
  name: 'image-variants',
  async plugin(app, { config, site, engines, jobs, clock }) {
    const store = createVariantStore(
      path.join(config.contentDir, 'images'),
      path.join(config.dataDir, 'images'),
      engines,
      clock,
      () => site.imageFolders(),
    );

    // One pass over every picture, making the copies still missing: once across all processes at start
    // and every half hour (a lease, or a worker with Redis), and again after a write that brings pictures.
    // In the background: pages work before the copies exist (they are made on first request).
    const background = config.env !== 'test';
    const makeMissing = jobs.define({
      name: 'image-variants.make-missing',
      payload: z.object({}),
      ...(background ? { schedule: { everyMs: 30 * 60_000 } } : {}),
      async handler(_payload, { signal, log }) {
        const made = await store.makeMissing(await site.images(), signal);
        if (made > 0) log.info({ made }, 'made image copies');
        return { made };
      },
    });
    if (background)
      site.onContentChanged((change) => {
        if (change.pictures) void makeMissing.enqueue({}).catch(() => undefined);
      });

    app.get('/img/:width/*', { schema: { hide: true } }, async (request, reply) => {
      const { width, '*': rest } = request.params as { width: string; '*': string };
      const match = variantPath.exec(rest);
      const size = Number(width);
      if (!match || !(variantWidths as readonly number[]).includes(size) || rest.includes('..')) {
        return sendError(reply, 404, { error: 'There is no such image.', code: errorCodes.notFound });
      }
      const format = match[2]!.toLowerCase() as VariantFormat;
      if (!variantFormats.includes(format)) {
        return sendError(reply, 404, { error: 'There is no such image.', code: errorCodes.notFound });
      }
      const file = await store.file(match[1]!, size, format);
      if (!file)
        return sendError(reply, 404, { error: 'There is no such image.', code: errorCodes.notFound });
      return reply
        .type(contentTypes[format])
        .header('cache-control', 'public, max-age=86400')
        .send(fs.createReadStream(file));
    });
  },
});
