import { defineCall } from '@hurryup/contracts/api-call';
import { translateText } from '@hurryup/contracts/language';
import { generateHindiAudio } from '@hurryup/contracts/speech';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { callApi, callApiForFile } from './api-client.ts';

const uploadPicture = defineCall({
  method: 'POST',
  path: '/api/pictures/:album',
  operationId: 'uploadPicture',
  summary: 'A multipart call for this test',
  tag: 'test',
  access: 'public',
  bodyEncoding: 'multipart',
  params: z.object({ album: z.string() }),
  body: z.object({ caption: z.string(), tags: z.array(z.string()).optional() }),
  files: {
    picture: { types: ['image/png'], maxBytes: 1024 },
    pages: { types: ['application/pdf'], maxBytes: 1024, maxFiles: 2, required: false },
  },
  status: 200,
  response: z.object({ ok: z.boolean() }),
  errors: [400],
});

/** Records what callApi asks fetch for, and answers `answer`. */
function recordFetch(answer: Response) {
  const seen: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return answer;
    }),
  );
  return seen;
}

afterEach(() => vi.unstubAllGlobals());

describe('callApi builds the request in the call’s body encoding', () => {
  it('sends JSON calls as JSON, as before', async () => {
    const seen = recordFetch(Response.json({ translatedText: 'नमस्ते' }));
    expect(await callApi(translateText, { body: { text: 'Hello' } })).toEqual({ translatedText: 'नमस्ते' });
    expect(seen[0]!.url).toBe('/api/translateText');
    expect(seen[0]!.init.method).toBe('POST');
    expect(seen[0]!.init.headers).toEqual({ 'content-type': 'application/json' });
    expect(seen[0]!.init.body).toBe('{"text":"Hello"}');
  });

  it('sends form calls as URLSearchParams, leaving the content type to the browser', async () => {
    const seen = recordFetch(new Response(new Blob(['mp3'])));
    const deviceId = '0b0c1b7e-8a51-4c5e-9a0c-3f0d3c9a1b2c';
    await callApiForFile(generateHindiAudio, { body: { device_id: deviceId, text: 'नमस्ते & more' } });
    const { body, headers } = seen[0]!.init;
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(headers).toBeUndefined();
    expect(String(body)).toBe(new URLSearchParams({ device_id: deviceId, text: 'नमस्ते & more' }).toString());
  });

  it('sends multipart calls as FormData: text fields, lists as repeated names, files as they are', async () => {
    const seen = recordFetch(Response.json({ ok: true }));
    const picture = new File([new Uint8Array([0x89, 0x50])], 'dot.png', { type: 'image/png' });
    const pages = [new File(['%PDF-1'], 'a.pdf'), new Blob(['%PDF-2'])];
    await callApi(uploadPicture, {
      params: { album: 'trips' },
      body: { caption: 'A dot', tags: ['x', 'y'] },
      files: { picture, pages },
    });
    expect(seen[0]!.url).toBe('/api/pictures/trips');
    const { body, headers } = seen[0]!.init;
    expect(headers).toBeUndefined();
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('caption')).toBe('A dot');
    expect(form.getAll('tags')).toEqual(['x', 'y']);
    const sentPicture = form.get('picture') as File;
    expect(sentPicture.name).toBe('dot.png');
    expect(sentPicture.size).toBe(2);
    expect((form.getAll('pages') as File[]).map((file) => file.name)).toEqual(['a.pdf', 'blob']);
  });
});
