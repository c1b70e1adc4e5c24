import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../app/config.ts';

/** Images that content refers to as /content/images/<name>, served from the content folder. */
export async function registerContentFiles(app: FastifyInstance, config: Config) {
  const root = path.join(config.contentDir, 'images');
  if (!fs.existsSync(root)) return;
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
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
  });
}
