import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { defineFeature } from '../../shared/feature.ts';
import { seedContentOnFirstStart } from './import-content.ts';

/**
 * Content from files: the images content refers to as /content/images/<name>, and the seed content that an
 * empty database gets on its first start (every feature's content kinds, read from the registry).
 */
export const contentImportFeature = defineFeature({
  name: 'content-import',
  async plugin(app, { database, config, site }) {
    if (config.seedContent) {
      app.addHook('onReady', async () => {
        const seeded = await seedContentOnFirstStart(
          database.db,
          site.contentKinds,
          config.contentDir,
          site.contentRevision,
        );
        if (seeded) app.log.info({ seeded }, 'loaded the seed content into the empty database');
      });
    }

    const root = path.join(config.contentDir, 'images');
    if (!fs.existsSync(root)) return;
    await app.register(fastifyStatic, {
      root,
      prefix: '/content/images/',
      decorateReply: false,
      wildcard: true,
      dotfiles: 'deny',
      index: false,
      cacheControl: true,
      maxAge: '1d',
      // SVG can carry script: served with a policy that forbids it.
      setHeaders(res, filePath) {
        if (filePath.endsWith('.svg'))
          res.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      },
    });
  },
});
