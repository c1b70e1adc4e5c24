import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { errorCodes } from '@hurryup/contracts/errors';
import { uploadUrlPrefix } from '@hurryup/contracts/upload-rules';
import { listUploads, previewMarkdown, uploadImage } from '@hurryup/contracts/uploads';
import { bodyKinds, renderMarkdown } from '@hurryup/markdown/markdown';
import { tablesOf } from '../../db/tables-of.ts';
import {
  type ImageUploadRequest,
  imageUploadEngine,
} from '../../engines/image-upload/image-upload.engine.ts';
import { storeUploadedImage } from '../../engines/image-upload/image-upload.ts';
import { registerAdminCalls } from '../../shared/admin-crud.ts';
import { waitForEngine } from '../../shared/engine-wait.ts';
import { defineFeature } from '../../shared/feature.ts';
import { HttpError } from '../../shared/http-error.ts';
import { registerCall } from '../../shared/register-call.ts';
import { sendError } from '../../shared/send-error.ts';
import { uploadMigrations } from './uploads.migrations.ts';
import { createUploadRepository } from './uploads.repository.ts';
import type { UploadTables } from './uploads.tables.ts';

const storedName = /^[a-f0-9-]{36}\.(jpg|png)$/;
const problems = {
  unreadable: 'This picture could not be read. Save it again as JPEG or PNG and upload that.',
  'too-many-pixels': 'This picture has more than 50 megapixels. Make it smaller and upload it again.',
} as const;

/**
 * The console's editor: `POST /api/admin/uploads` (a picture and its alt text, stored under DATA_DIR/uploads
 * by the image-upload engine, served at /content/images/uploads/, with AVIF/WebP copies like every site
 * picture), `GET /api/admin/uploads`, and `POST /api/admin/markdown/preview` (a body rendered by the same
 * renderer as the pages).
 */
export const uploadsFeature = defineFeature({
  name: 'uploads',
  migrations: uploadMigrations,
  async plugin(app, { database, config, site, engines, clock }) {
    const uploads = createUploadRepository(tablesOf<UploadTables>(database.db));
    const dir = path.join(config.dataDir, 'uploads');

    // Every upload is a site picture: the image-variants feature makes its copies from its file here.
    site.addImageSource({
      list: async () =>
        (await uploads.list()).map(({ url, alt, width, height }) => ({ url, alt, width, height })),
      // Uploads have no page of their own (a gallery or DevBit item made from one has).
      find: async () => undefined,
      folder: { prefix: uploadUrlPrefix, dir },
    });

    app.get(`${uploadUrlPrefix}:name`, { schema: { hide: true } }, async (request, reply) => {
      const { name } = request.params as { name: string };
      const notFound = () =>
        sendError(reply, 404, { error: 'There is no such image.', code: errorCodes.notFound });
      if (!storedName.test(name)) return notFound();
      const file = path.join(dir, name);
      if (!fs.existsSync(file)) return notFound();
      return reply
        .type(name.endsWith('.png') ? 'image/png' : 'image/jpeg')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(file));
    });

    await registerAdminCalls(app, config.adminToken, (admin) => {
      registerCall(admin, uploadImage, async ({ body, files }, request, reply) => {
        const file = files.file;
        await fs.promises.mkdir(dir, { recursive: true });
        const wait = waitForEngine(request, reply, {
          holdMs: imageUploadEngine.limits.timeoutMs + 15_000,
          idleMs: config.idleTimeoutMs,
        });
        const result = await storeUploadedImage(
          engines,
          {
            source: file.path,
            type: file.type as ImageUploadRequest['type'],
            target: path.join(dir, randomUUID()),
          },
          { signal: wait.signal },
        ).finally(() => wait.done());
        if (!result.ok) throw new HttpError(422, 'IMAGE_UNREADABLE', problems[result.problem]);
        const upload = await uploads.insert({
          file_name: path.basename(result.file),
          alt: body.alt,
          width: result.width,
          height: result.height,
          bytes: result.bytes,
          created_at: clock.date().toISOString(),
        });
        await site.contentChanged(['uploads'], { pictures: true });
        await app.adminActivity.record(request, {
          kind: 'uploads',
          itemId: upload.id,
          item: body.alt,
          action: 'upload',
        });
        return upload;
      });
      registerCall(admin, listUploads, () => uploads.list());
      registerCall(admin, previewMarkdown, ({ body }) => ({
        html: renderMarkdown(body.markdown, bodyKinds[body.kind]),
      }));
    });
  },
});
