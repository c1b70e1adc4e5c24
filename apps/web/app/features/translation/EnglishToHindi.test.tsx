import { translationMessages } from '@hurryup/contracts/translation-rules';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EnglishToHindi } from './EnglishToHindi.tsx';

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const input = () => screen.getByLabelText('English text') as HTMLTextAreaElement;
const output = () => screen.getByLabelText('Hindi translation') as HTMLTextAreaElement;
const message = () => screen.getByRole('status').textContent;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let spoken: { text: string; lang: string }[];
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  spoken = [];
  class Utterance {
    text: string;
    lang = '';
    voice: unknown = null;
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(text: string) {
      this.text = text;
    }
  }
  let current: Utterance | undefined;
  vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
  Object.defineProperty(window, 'speechSynthesis', {
    configurable: true,
    value: {
      getVoices: () => [],
      speak: (u: Utterance) => {
        current = u;
        spoken.push({ text: u.text, lang: u.lang });
      },
      cancel: () => {
        current = undefined;
      },
      finish: () => current?.onend?.(),
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function translate(text: string) {
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.click(button('Translate'));
}

describe('the English to Hindi translator', () => {
  it("asks for text first: 'Please enter text to translate.' for empty or blank input, nothing sent", async () => {
    render(<EnglishToHindi />);
    fireEvent.click(button('Translate'));
    expect(message()).toBe(translationMessages.empty);
    await translate('   \n ');
    expect(message()).toBe(translationMessages.empty);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'Translating...' (disabled) while busy, then the Hindi text", async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    render(<EnglishToHindi />);
    await translate('Good morning');
    await waitFor(() => expect(button('Translating...').disabled).toBe(true));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/translateText');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ text: 'Good morning' });
    await act(async () => answer(json(200, { translatedText: 'सुप्रभात' })));
    await waitFor(() => expect(output().value).toBe('सुप्रभात'));
    expect(button('Translate').disabled).toBe(false);
    expect(message()).toBe('');
  });

  it.each([
    [
      'the server’s message',
      () => json(503, { error: translationMessages.unavailable, code: 'TRANSLATION_UNAVAILABLE' }),
      translationMessages.unavailable,
    ],
    [
      'Translation API error occurred.',
      () => new Response('Bad gateway', { status: 502 }),
      translationMessages.apiError,
    ],
    [
      'An unexpected error occurred.',
      () => Promise.reject(new TypeError('Failed to fetch')),
      translationMessages.unexpected,
    ],
    [
      "'Translation unavailable' for an empty result",
      () => json(200, { translatedText: '  ' }),
      translationMessages.emptyResult,
    ],
  ])('shows %s', async (_, respond, expected) => {
    fetchMock.mockImplementation(respond);
    render(<EnglishToHindi />);
    await translate('Hello');
    await waitFor(() => expect(message()).toBe(expected));
    expect(output().value).toBe('');
    expect(button('Play Hindi Audio').disabled).toBe(true);
  });

  it('plays each text in its language; pressing play while speech is active cancels it', async () => {
    fetchMock.mockResolvedValue(json(200, { translatedText: 'नमस्ते' }));
    render(<EnglishToHindi />);
    expect(button('Play English Audio').disabled).toBe(true);
    expect(button('Play Hindi Audio').disabled).toBe(true);
    await translate('Hello');
    await waitFor(() => expect(button('Play Hindi Audio').disabled).toBe(false));

    fireEvent.click(button('Play English Audio'));
    expect(spoken).toEqual([{ text: 'Hello', lang: 'en-US' }]);
    expect(button('Play English Audio').getAttribute('aria-pressed')).toBe('true');
    // Play while speaking: cancels, starts nothing.
    fireEvent.click(button('Play Hindi Audio'));
    expect(spoken).toHaveLength(1);
    expect(button('Play English Audio').getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(button('Play Hindi Audio'));
    expect(spoken[1]).toEqual({ text: 'नमस्ते', lang: 'hi-IN' });
    act(() => (window.speechSynthesis as unknown as { finish(): void }).finish());
    expect(button('Play Hindi Audio').getAttribute('aria-pressed')).toBe('false');
  });
});
