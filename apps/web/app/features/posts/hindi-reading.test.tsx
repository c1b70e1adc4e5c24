import { hindiSourceNotes, translationMessages } from '@hurryup/contracts/translation-rules';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readInHindi } from './hindi-reading.tsx';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const shown = (view: React.ReactNode) => render(<div>{view}</div>).container.firstElementChild!;

describe("a post's Hindi reading", () => {
  it("is the operator's Hindi version when the post has one, saying so, without asking the server", async () => {
    const reading = await readInHindi('English', 'हिन्दी संस्करण', new AbortController().signal);
    expect(reading.hindiText).toBe('हिन्दी संस्करण');
    const view = shown(reading.view);
    expect(view.querySelector('[lang="hi"]')?.textContent).toBe('हिन्दी संस्करण');
    expect(view.querySelector('.post-reader__note')?.textContent).toBe(hindiSourceNotes.operator);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is a machine translation otherwise, and says so', async () => {
    fetchMock.mockResolvedValue(json(200, { translatedText: ' अनुवाद ' }));
    const reading = await readInHindi('Translation', undefined, new AbortController().signal);
    expect(reading.hindiText).toBe('अनुवाद');
    expect(shown(reading.view).querySelector('.post-reader__note')?.textContent).toBe(
      hindiSourceNotes.machine,
    );
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({ text: 'Translation' });
  });

  it("is 'Translation unavailable.' (not marked Hindi) on a 503, a network failure or an empty answer", async () => {
    for (const respond of [
      () => json(503, { error: translationMessages.unavailable, code: 'TRANSLATION_UNAVAILABLE' }),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(200, { translatedText: '' }),
    ]) {
      fetchMock.mockImplementation(respond);
      const reading = await readInHindi('Text', '  ', new AbortController().signal);
      expect(reading.hindiText).toBeUndefined();
      const view = shown(reading.view);
      expect(view.textContent).toBe(translationMessages.postUnavailable);
      expect(view.querySelector('[lang="hi"]')).toBeNull();
    }
  });
});
