import fs from 'node:fs';
import path from 'node:path';
import { errorCodes } from '@hurryup/contracts/errors';
import { type VariantFormat, variantFormats, variantWidths } from '@hurryup/contracts/image-variants';
import { defineFeature } from '../../shared/feature.ts';
import { sendError } from '../../shared/send-error.ts';
import { createVariantStore } from './image-variants.ts';

const contentTypes: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' };
const variantPath = /^([A-Za-z0-9._/-]+\.(?:png|jpe?g))\.(avif|webp)$/i;

/**
 * Smaller AVIF and WebP copies of every picture the features show (site.images()), at
 * `/img/<width>/<path under content/images>.<format>`: made in the background after start-up and after
 * content changes, and on demand for a copy not made yet. Copies live in DATA_DIR/images.
 */
export const imageVariantsFeature = defineFeature({
  name: 'image-variants',
  async plugin(app, { config, site }) {
    const store = createVariantStore(
      path.join(config.contentDir, 'images'),
      path.join(config.dataDir, 'images'),
    );

    let running: Promise<void> | undefined;
    let again = false;
    // A shutdown must not wait for every copy: the loop stops after the one being encoded.
    const closing = new AbortController();
    const makeAll = () => {
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          const made = await store.makeMissing(await site.images(), closing.signal);
          if (made > 0) app.log.info({ made }, 'made image copies');
        } while (again && !closing.signal.aborted);
      })()
        .catch((error) => app.log.error({ err: error }, 'making image copies failed'))
        .finally(() => {
          running = undefined;
        });
    };
    // In the background: pages work before the copies exist (they are made on first request).
    if (config.env !== 'test') {
      app.addHook('onReady', async () => makeAll());
      site.onContentChanged((change) => {
        if (change.pictures) makeAll();
      });
    }
    app.addHook('onClose', async () => {
      closing.abort();
      await running;
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
