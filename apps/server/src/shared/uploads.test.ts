import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { defineCall, errorStatuses } from '@hurryup/contracts/api-call';
import { generateHindiAudio } from '@hurryup/contracts/speech';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { encodeBody, filesFor, filesWithinRules, formFields } from '../../test/encoded-body.ts';
import { sampleFiles, sampleOfSize } from '../../test/sample-files.ts';
import { requestValue } from '../../test/schema-arbitrary.ts';
import { createTestApp } from '../../test/test-app.ts';
import {
  createUploadTestApp,
  formEcho,
  uploadPages,
  uploadPicture,
  uploadTestCalls,
} from '../../test/upload-calls.ts';
import { registerCall } from './register-call.ts';
import { parseFormBody, sweepUploads, unrecognisableFileTypes, uploadsFolder } from './uploads.ts';

const jsonEcho = defineCall({
  method: 'POST',
  path: '/api/test-uploads/json',
  operationId: 'testJsonEcho',
  summary: 'Test only: a JSON call',
  tag: 'test',
  access: 'public',
  body: z.object({ name: z.string() }),
  status: 200,
  response: z.object({ name: z.string() }),
  errors: [400],
});

let t: Awaited<ReturnType<typeof createUploadTestApp>>;
let folder: string;
let handled = 0;

beforeAll(async () => {
  t = await createUploadTestApp((app) => {
    registerCall(app, jsonEcho, ({ body }) => body);
    // The speech feature is not built; its contract must register and parse a real form body.
    registerCall(app, generateHindiAudio, ({ body }, _request, reply) => {
      handled += 1;
      return reply.type('text/plain').send(`${body.device_id}|${body.text}`);
    });
  });
  folder = uploadsFolder(t.app.config.dataDir);
});

afterAll(() => t?.close());

type Part = [name: string, value: string | Buffer, filename?: string, type?: string];

/** A real multipart body, as a browser's FormData makes it. */
async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const [name, value, filename, type] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value], type ? { type } : {}), filename ?? 'file');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

async function post(url: string, parts: Part[]) {
  return t.app.inject({ method: 'POST', url, ...(await multipart(parts)) });
}

const filesLeft = () => (fs.existsSync(folder) ? fs.readdirSync(folder) : []);
/** Removal after a success runs once the answer is sent, so it is awaited; a refusal removes before answering. */
const expectNoFilesLeft = () => vi.waitFor(() => expect(filesLeft()).toEqual([]), { timeout: 2000 });

describe('the file types calls accept', () => {
  it("can all be recognised from a file's bytes, in every call of the site", async () => {
    const site = await createTestApp();
    try {
      expect(await unrecognisableFileTypes()).toEqual([]);
    } finally {
      await site.close();
    }
  });

  it('names a type no check can recognise (a typo would refuse every file)', async () => {
    const typo = defineCall({
      method: 'POST',
      path: '/api/test-uploads/typo',
      operationId: 'testUploadTypo',
      summary: 'Test only: a file type with a typo',
      tag: 'test',
      access: 'public',
      bodyEncoding: 'multipart',
      files: { scan: { types: ['image/pgn'], maxBytes: 1024 } },
      status: 200,
      response: z.object({}),
      errors: [400, 413, 415],
    });
    const site = await createUploadTestApp((app) => registerCall(app, typo, () => ({})));
    try {
      expect(await unrecognisableFileTypes()).toContain(
        "testUploadTypo: scan accepts image/pgn, which cannot be recognised from a file's bytes",
      );
    } finally {
      await site.close();
    }
  });
});

describe('multipart calls', () => {
  it('streams a valid file to the uploads folder, gives it to the handler, and removes it after the answer', async () => {
    const res = await post(uploadPicture.path, [
      ['caption', 'A dot'],
      ['picture', sampleFiles['image/png']!, 'dot.png', 'image/png'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      caption: 'A dot',
      picture: {
        type: 'image/png',
        bytes: sampleFiles['image/png']!.length,
        extension: 'png',
        originalName: 'dot.png',
        onDisk: true,
      },
    });
    await expectNoFilesLeft();
  });

  it('decides the type from the bytes: a PNG named .txt and declared text/plain is a PNG', async () => {
    const res = await post(uploadPicture.path, [
      ['caption', 'Renamed'],
      ['picture', sampleFiles['image/png']!, 'notes.txt', 'text/plain'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().picture).toMatchObject({
      type: 'image/png',
      extension: 'png',
      originalName: 'notes.txt',
    });
    await expectNoFilesLeft();
  });

  it('refuses a text file renamed .png with 415 naming the accepted types, and keeps nothing', async () => {
    const res = await post(uploadPicture.path, [
      ['caption', 'Fake'],
      ['picture', Buffer.from('not a picture at all'), 'photo.png', 'image/png'],
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error:
        'The file sent as picture is not of an accepted type (decided from its content, not its name): send image/png or image/jpeg.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
      fields: { picture: expect.any(String) },
    });
    expect(filesLeft()).toEqual([]);
  });

  it('refuses a file over its limit with 413 naming the limit, and keeps nothing', async () => {
    const res = await post(uploadPicture.path, [
      ['caption', 'Big'],
      ['picture', sampleOfSize('image/png', 2049), 'big.png'],
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('The file sent as picture is larger than 2 KB.');
    expect(filesLeft()).toEqual([]);
    // Exactly at the limit is fine.
    const atLimit = await post(uploadPicture.path, [
      ['caption', 'Just fits'],
      ['picture', sampleOfSize('image/png', 2048), 'fits.png'],
    ]);
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    await expectNoFilesLeft();
  });

  it('answers 400 with fields when a required file is missing, before any handler runs', async () => {
    const res = await post(uploadPicture.path, [['caption', 'No picture']]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Some values are not valid.',
      code: 'VALIDATION_ERROR',
      fields: { picture: 'Please choose a file for picture.' },
    });
    // A file input left empty sends a part with no bytes: the same as no file.
    const empty = await post(uploadPicture.path, [
      ['caption', 'Empty'],
      ['picture', Buffer.alloc(0), ''],
    ]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ picture: 'Please choose a file for picture.' });
    // Text fields and files are validated together.
    const neither = await post(uploadPicture.path, [['other', 'x']]);
    expect(Object.keys(neither.json().fields).sort()).toEqual(['body', 'caption', 'picture']);
    await expectNoFilesLeft();
  });

  it('invalid text fields are refused with the files removed', async () => {
    const res = await post(uploadPicture.path, [
      ['caption', ''],
      ['picture', sampleFiles['image/png']!, 'dot.png'],
    ]);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['caption']);
    await expectNoFilesLeft();
  });

  it('accepts text/plain only as valid UTF-8 with no NUL byte', async () => {
    const withNotes = (notes: Buffer) =>
      post(uploadPicture.path, [
        ['caption', 'Notes'],
        ['picture', sampleFiles['image/jpeg']!, 'a.jpg'],
        ['notes', notes, 'notes.txt', 'text/plain'],
      ]);
    const ok = await withNotes(sampleFiles['text/plain']!);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().notes).toMatchObject({ type: 'text/plain', extension: 'txt' });
    expect(ok.json().picture).toMatchObject({ type: 'image/jpeg', extension: 'jpg' });
    expect((await withNotes(Buffer.from('text\0with a NUL'))).statusCode).toBe(415);
    expect((await withNotes(Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x62]))).statusCode).toBe(415);
    // A multi-byte character cut at the end is not valid UTF-8 either.
    expect((await withNotes(Buffer.from('ताज़ा', 'utf8').subarray(0, 4))).statusCode).toBe(415);
    expect((await withNotes(sampleFiles['image/png']!)).statusCode).toBe(415);
    await expectNoFilesLeft();
  });

  it('takes one file per field unless the call says more, and only its own file fields', async () => {
    const two = await post(uploadPicture.path, [
      ['caption', 'Two'],
      ['picture', sampleFiles['image/png']!, 'a.png'],
      ['picture', sampleFiles['image/png']!, 'b.png'],
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().fields).toEqual({ picture: 'Send at most 1 file as picture.' });
    const unknown = await post(uploadPicture.path, [
      ['caption', 'Unknown'],
      ['picture', sampleFiles['image/png']!, 'a.png'],
      ['extra', sampleFiles['image/png']!, 'b.png'],
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ extra: 'extra is not a file field of this call.' });

    const pdf = sampleFiles['application/pdf']!;
    const three = await post(uploadPages.path, [
      ['pages', pdf, '1.pdf'],
      ['pages', pdf, '2.pdf'],
      ['pages', pdf, '3.pdf'],
    ]);
    expect(three.statusCode, three.body).toBe(200);
    expect(three.json().pages.map((p: { originalName: string }) => p.originalName)).toEqual([
      '1.pdf',
      '2.pdf',
      '3.pdf',
    ]);
    const none = await t.app.inject({ method: 'POST', url: uploadPages.path, ...(await multipart([])) });
    expect(none.json()).toEqual({ pages: [] });
    const four = await post(
      uploadPages.path,
      [1, 2, 3, 4].map((n): Part => ['pages', pdf, `${n}.pdf`]),
    );
    expect(four.statusCode).toBe(400);
    expect(four.json().fields).toEqual({ pages: 'Send at most 3 files as pages.' });
    await expectNoFilesLeft();
  });

  it('refuses a text field on a call that takes none, so a misread file part is never answered 200', async () => {
    // A browser does not escape a backslash in a part's name; the parser reads `name="x\"; filename=…` as one
    // text field, so the file the client sent never arrives as a file (found by the fuzz test below).
    const misread = await post(uploadPages.path, [
      ['N$@D\\', Buffer.from([244]), '../../etc/passwd', 'image/png'],
    ]);
    expect(misread.statusCode).toBe(400);
    expect(misread.json().error).toMatch(/is not a field of this call\.$/);
    const text = await post(uploadPages.path, [['note', 'hello']]);
    expect(text.json()).toMatchObject({ fields: { note: 'note is not a field of this call.' } });
    await expectNoFilesLeft();
  });

  it('never takes a text field for a file (a forged {"path": …} cannot reach the handler)', async () => {
    const boundary = 'forged';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="caption"',
      '',
      'Forged',
      `--${boundary}`,
      'Content-Disposition: form-data; name="picture"',
      'Content-Type: application/json',
      '',
      '{"path":"/etc/passwd","bytes":1,"type":"image/png","extension":"png","originalName":"x"}',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'POST',
      url: uploadPicture.path,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ picture: 'picture must be sent as a file.' });
  });

  it('limits the text fields together by bodyLimitBytes (413) and refuses broken framing (400)', async () => {
    const long = await post(uploadPicture.path, [
      ['caption', 'x'.repeat(2001)],
      ['picture', sampleFiles['image/png']!, 'a.png'],
    ]);
    expect(long.statusCode).toBe(413);
    expect(long.json().error).toBe('The text fields of the form are larger than 2 KB in all.');

    const { payload, headers } = await multipart([
      ['caption', 'Cut'],
      ['picture', sampleOfSize('image/png', 1500), 'cut.png'],
    ]);
    const cut = await t.app.inject({
      method: 'POST',
      url: uploadPicture.path,
      headers,
      payload: payload.subarray(0, 900),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().code).toBe('INVALID_FORM');
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: uploadPicture.path,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'abc',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toMatchObject({ code: 'INVALID_FORM' });
    expect(filesLeft()).toEqual([]);
  });

  it('accepts only multipart: JSON and form bodies are 415', async () => {
    for (const [contentType, payload] of [
      ['application/json', '{"caption":"x"}'],
      ['application/x-www-form-urlencoded', 'caption=x'],
      ['text/plain', 'caption'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: uploadPicture.path,
        headers: { 'content-type': contentType! },
        payload,
      });
      expect(res.statusCode, contentType).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('leaves nothing behind when the client goes away in the middle of a file', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { payload, headers } = await multipart([
      ['caption', 'Gone'],
      ['picture', sampleOfSize('image/png', 2000), 'gone.png'],
    ]);
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST ${uploadPicture.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${headers['content-type']}\r\n` +
        `Content-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, payload.length - 600));
    // The file has started arriving on disk.
    await vi.waitFor(() => expect(filesLeft().length).toBe(1), { timeout: 2000 });
    socket.destroy();
    await expectNoFilesLeft();
  });
});

describe('form calls', () => {
  it('registers generateHindiAudio and gives its handler the parsed fields of a real form body', async () => {
    const deviceId = '0b0c1b7e-8a51-4c5e-9a0c-3f0d3c9a1b2c';
    const res = await t.app.inject({
      method: 'POST',
      url: generateHindiAudio.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ device_id: deviceId, text: 'नमस्ते दुनिया & more' }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(`${deviceId}|नमस्ते दुनिया & more`);
    const before = handled;
    const invalid = await t.app.inject({
      method: 'POST',
      url: generateHindiAudio.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'device_id=nope&text=',
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().fields).sort()).toEqual(['device_id', 'text']);
    expect(handled).toBe(before);
  });

  it('accepts only form bodies: JSON and multipart are 415', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: formEcho.path,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"x"}',
    });
    expect(json.statusCode).toBe(415);
    const files = await t.app.inject({
      method: 'POST',
      url: formEcho.path,
      ...(await multipart([['name', 'x']])),
    });
    expect(files.statusCode).toBe(415);
    expect(files.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('parses repeated names as lists, refuses broken escapes and bodies over the call limit', async () => {
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: formEcho.path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    expect((await send('name=A+b&tags=x&tags=y')).json()).toEqual({ name: 'A b', tags: ['x', 'y'] });
    const broken = await send('name=%ED%A0%80');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('INVALID_FORM');
    const big = await send(`name=${'x'.repeat(1100)}`);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'The request body is larger than 1 KB.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('parseFormBody keeps __proto__ an ordinary field and refuses invalid UTF-8', () => {
    const parsed = parseFormBody(Buffer.from('__proto__=x&a=1&a=2&b'));
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.entries(parsed)).toEqual([
      ['__proto__', 'x'],
      ['a', ['1', '2']],
      ['b', ''],
    ]);
    expect(() => parseFormBody(Buffer.from([0x61, 0x3d, 0xff]))).toThrow('not valid UTF-8');
  });
});

describe('JSON calls', () => {
  it('still answer 415 to form and multipart bodies', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: jsonEcho.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=x',
    });
    expect(form.statusCode).toBe(415);
    const files = await t.app.inject({
      method: 'POST',
      url: jsonEcho.path,
      ...(await multipart([['name', 'x']])),
    });
    expect(files.statusCode).toBe(415);
    expect(files.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const json = await t.app.inject({ method: 'POST', url: jsonEcho.path, payload: { name: 'x' } });
    expect(json.json()).toEqual({ name: 'x' });
  });
});

describe('the OpenAPI document', () => {
  it('describes form bodies as form-urlencoded and multipart bodies with binary file fields', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const picture = doc.paths[uploadPicture.path].post.requestBody.content;
    expect(Object.keys(picture)).toEqual(['multipart/form-data']);
    const schema = picture['multipart/form-data'].schema;
    expect(schema.properties.picture).toEqual({
      type: 'string',
      format: 'binary',
      description: 'image/png or image/jpeg, at most 2 KB.',
    });
    expect(schema.properties.caption.type).toBe('string');
    expect(schema.required.sort()).toEqual(['caption', 'picture']);
    const pages = doc.paths[uploadPages.path].post.requestBody.content['multipart/form-data'].schema;
    expect(pages.properties.pages).toMatchObject({ type: 'array', items: { format: 'binary' }, maxItems: 3 });
    const form = doc.paths[generateHindiAudio.path].post.requestBody.content;
    expect(Object.keys(form)).toEqual(['application/x-www-form-urlencoded']);
    expect(Object.keys(doc.paths[uploadPicture.path].post.responses)).toEqual(
      expect.arrayContaining(['400', '413', '415']),
    );
  });
});

describe('sweepUploads', () => {
  it('removes leftovers older than the given age and keeps newer ones', async () => {
    const dir = path.join(t.app.config.dataDir, 'sweep-test');
    fs.mkdirSync(dir, { recursive: true });
    const now = Date.now();
    fs.writeFileSync(path.join(dir, 'old.upload'), 'old');
    fs.utimesSync(path.join(dir, 'old.upload'), new Date(now - 7_200_000), new Date(now - 7_200_000));
    fs.writeFileSync(path.join(dir, 'new.upload'), 'new');
    expect(await sweepUploads(dir, 3_600_000, now)).toBe(1);
    expect(fs.readdirSync(dir)).toEqual(['new.upload']);
    expect(await sweepUploads(path.join(dir, 'missing'), 0, now)).toBe(0);
  });
});

describe('form and multipart calls under random bodies and files', () => {
  // The same generators the fuzz test of every call uses (app/fuzz.test.ts), here on the test calls alone.
  it('never answer 5xx, answer errors uniformly, accept only what the rules allow, and keep no file', async () => {
    const answers = new Map<number, number>();
    const request = fc.oneof(
      ...uploadTestCalls.map((call) =>
        fc.record({
          call: fc.constant(call),
          body: call.body ? requestValue(call.body) : fc.constant(undefined),
          files: filesFor(call),
          truncated: fc.oneof(
            { weight: 12, arbitrary: fc.constant(false) },
            { weight: 1, arbitrary: fc.constant(true) },
          ),
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ call, body, files, truncated }) => {
        const encoded = await encodeBody(call, body, files);
        const payload = truncated
          ? encoded.payload.subarray(0, encoded.payload.length >> 1)
          : encoded.payload;
        const res = await t.app.inject({
          method: 'POST',
          url: call.path,
          headers: { 'content-type': encoded.contentType },
          payload,
        });
        answers.set(res.statusCode, (answers.get(res.statusCode) ?? 0) + 1);
        const what = `${call.operationId} ${JSON.stringify(encoded.fields).slice(0, 200)} ${files.map((f) => `${f.field}:${f.bytes.length}`).join(',')}`;
        expect([call.status, ...errorStatuses(call)], what).toContain(res.statusCode);
        const answer = res.json();
        if (res.statusCode >= 400) {
          expect(
            Object.keys(answer).every((key) => ['error', 'code', 'fields'].includes(key)),
            what,
          ).toBe(true);
          expect(typeof answer.error, what).toBe('string');
          return;
        }
        // A cut multipart body has no closing boundary; a cut form is a form of other values.
        const fields = call.bodyEncoding === 'form' ? formFields(payload) : encoded.fields;
        if (call.bodyEncoding === 'multipart') expect(truncated, what).toBe(false);
        expect(filesWithinRules(call, files), what).toBe(true);
        if (call.body) expect(call.body.safeParse(fields).success, what).toBe(true);
        expect(call.response.safeParse(answer).success, what).toBe(true);
      }),
      { numRuns: 400 },
    );
    console.log(`upload fuzz: answers by status ${JSON.stringify(Object.fromEntries(answers))}`);
    // Each status the rules produce was reached, so the generators do reach every rule.
    expect([...answers.keys()]).toEqual(expect.arrayContaining([200, 400, 413, 415]));
    await expectNoFilesLeft();
  }, 60_000);
});
