import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineCall, type UploadedFile } from '@hurryup/contracts/api-call';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../src/app/build-app.ts';
import { loadConfig } from '../src/shared/config.ts';
import { registerCall } from '../src/shared/register-call.ts';
import { offlineTestSettings } from './offline-settings.ts';
import { createTestDatabase } from './test-database.ts';

/*
 * Calls that exist only in tests, to prove the form and multipart paths (shared/uploads.ts) before a served
 * feature uses them: the fuzz test registers them next to the real calls, uploads.test.ts checks each rule.
 */

const fileAnswer = z.object({
  type: z.string(),
  bytes: z.number(),
  extension: z.string(),
  originalName: z.string(),
  onDisk: z.literal(true),
});

export const uploadPicture = defineCall({
  method: 'POST',
  path: '/api/test-uploads/picture',
  operationId: 'testUploadPicture',
  summary: 'Test only: a picture with a caption and optional notes',
  tag: 'test',
  access: 'public',
  bodyEncoding: 'multipart',
  bodyLimitBytes: 2000,
  body: z.strictObject({ caption: z.string().min(1).max(100) }),
  files: {
    picture: { types: ['image/png', 'image/jpeg'], maxBytes: 2048 },
    notes: { types: ['text/plain'], maxBytes: 1024, required: false },
  },
  status: 200,
  response: z.object({ caption: z.string(), picture: fileAnswer, notes: fileAnswer.optional() }),
  errors: [400, 413, 415],
});

export const uploadPages = defineCall({
  method: 'POST',
  path: '/api/test-uploads/pages',
  operationId: 'testUploadPages',
  summary: 'Test only: up to three PDF files, none required',
  tag: 'test',
  access: 'public',
  bodyEncoding: 'multipart',
  files: { pages: { types: ['application/pdf'], maxBytes: 4096, maxFiles: 3, required: false } },
  status: 200,
  response: z.object({ pages: z.array(fileAnswer) }),
  errors: [400, 413, 415],
});

export const formEcho = defineCall({
  method: 'POST',
  path: '/api/test-uploads/form',
  operationId: 'testFormEcho',
  summary: 'Test only: a form post echoed back',
  tag: 'test',
  access: 'public',
  bodyEncoding: 'form',
  bodyLimitBytes: 1024,
  body: z.strictObject({ name: z.string().min(1).max(50), tags: z.array(z.string()).max(3).optional() }),
  status: 200,
  response: z.object({ name: z.string(), tags: z.array(z.string()).optional() }),
  errors: [400, 413, 415],
});

export const uploadTestCalls = [uploadPicture, uploadPages, formEcho];

const describe = (file: UploadedFile) => ({
  type: file.type,
  bytes: file.bytes,
  extension: file.extension,
  originalName: file.originalName,
  // The handler runs while the file is there: it is removed only after the answer.
  onDisk: fs.statSync(file.path).size === file.bytes ? (true as const) : (false as never),
});

/** Registers the test-only calls on a test app (before it is ready). */
export function registerUploadTestCalls(app: FastifyInstance) {
  registerCall(app, uploadPicture, ({ body, files }) => ({
    caption: body.caption,
    picture: describe(files.picture),
    ...(files.notes ? { notes: describe(files.notes) } : {}),
  }));
  registerCall(app, uploadPages, ({ files }) => ({ pages: files.pages.map(describe) }));
  registerCall(app, formEcho, ({ body }) => body);
}

/**
 * An app with the platform and no feature, serving the test calls and whatever `register` adds: upload
 * tests do not depend on the features (or on their state).
 */
export async function createUploadTestApp(register: (app: FastifyInstance) => void = () => {}) {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-uploads-'));
  const config = loadConfig({
    ...offlineTestSettings,
    DATA_DIR: dataDir,
  });
  const app = await buildApp(config, { database, logger: false, features: [] });
  registerUploadTestCalls(app);
  register(app);
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
