import { shortenerMessages } from '@hurryup/contracts/shortener-rules';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, type MockInstance, vi } from 'vitest';
import { ApiError } from '../../shared/api-error.ts';
import { refusal, ShortenerForm } from './ShortenerForm.tsx';

vi.mock('../../shared/use-site.ts', () => ({
  useSite: () => ({ name: 'Hurry Up', baseUrl: 'https://hurryup.example', ads: { slots: {} } }),
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let alert: Mock<(message?: string) => void>;
let fetchSpy: MockInstance<typeof fetch>;

beforeEach(() => {
  alert = vi.fn<(message?: string) => void>();
  vi.spyOn(window, 'alert').mockImplementation(alert);
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => vi.restoreAllMocks());

function fill(longUrl: string, alias = '') {
  render(<ShortenerForm />);
  fireEvent.change(screen.getByLabelText('Long URL'), { target: { value: longUrl } });
  fireEvent.change(screen.getByLabelText('Alias (optional)'), { target: { value: alias } });
  fireEvent.click(screen.getByRole('button', { name: 'Shorten' }));
}

const inline = () => screen.getByRole('alert').textContent;

describe('the shortener form’s alerts (tools-and-trading.md sections 5 and 8)', () => {
  it("alerts 'Please enter a valid URL.' for a blank long URL and sends nothing", () => {
    fill('   ');
    expect(alert.mock.calls).toEqual([[shortenerMessages.invalidUrl]]);
    expect(document.getElementById('shortener-long-url-error')?.textContent).toBe(
      shortenerMessages.invalidUrl,
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("alerts 'Please enter a valid URL.' for a refused URL and keeps the exact reason by the field", () => {
    fill('javascript:alert(1)');
    expect(alert.mock.calls).toEqual([[shortenerMessages.invalidUrl]]);
    expect(document.getElementById('shortener-long-url-error')?.textContent).toBe(
      shortenerMessages.badScheme,
    );
    expect(inline()).toBe('');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows a badly formed alias on the page without a browser alert (not one of the spec’s alerts)', () => {
    fill('https://example.com/page', 'my link');
    expect(alert).not.toHaveBeenCalled();
    // Once, by its field (issue 27: not again below the buttons).
    expect(inline()).toBe('');
    expect(document.getElementById('shortener-alias-error')?.textContent).toBe(shortenerMessages.aliasFormat);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("alerts 'Error shortening URL. Please try again.' for an alias taken, the server's reason inline", async () => {
    fetchSpy.mockResolvedValue(
      json(409, {
        error: shortenerMessages.aliasTaken,
        code: 'CONFLICT',
        fields: { alias: shortenerMessages.aliasTaken },
      }),
    );
    fill('https://example.com/page', 'taken');
    await waitFor(() => expect(alert).toHaveBeenCalledOnce());
    expect(alert).toHaveBeenCalledWith(shortenerMessages.failed);
    await waitFor(() =>
      expect(document.getElementById('shortener-alias-error')?.textContent).toBe(
        shortenerMessages.aliasTaken,
      ),
    );
    // Once, by its field (issue 27: not again below the buttons).
    expect(inline()).toBe('');
  });

  it("alerts 'Error shortening URL. Please try again.' at the hourly limit, the quota message inline", async () => {
    fetchSpy.mockResolvedValue(json(429, { error: shortenerMessages.tooMany, code: 'RATE_LIMITED' }));
    fill('https://example.com/quota');
    await waitFor(() => expect(alert).toHaveBeenCalledOnce());
    expect(alert).toHaveBeenCalledWith(shortenerMessages.failed);
    await waitFor(() => expect(inline()).toBe(shortenerMessages.tooMany));
  });

  it("alerts 'Error shortening URL. Please try again.' when the server fails, with nothing more inline", async () => {
    fetchSpy.mockResolvedValue(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    fill('https://example.com/down');
    await waitFor(() => expect(alert).toHaveBeenCalledOnce());
    expect(alert).toHaveBeenCalledWith(shortenerMessages.failed);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Shorten' })).toBeTruthy());
    expect(inline()).toBe('');
  });

  it.each([
    [
      'a URL the server refused',
      new ApiError('Bad', 400, 'VALIDATION', { longUrl: shortenerMessages.badHost }),
      { alert: shortenerMessages.invalidUrl, detail: '', fields: { longUrl: shortenerMessages.badHost } },
    ],
    [
      'an alias the server refused',
      new ApiError(shortenerMessages.aliasReserved, 400, 'VALIDATION', {
        alias: shortenerMessages.aliasReserved,
      }),
      {
        alert: shortenerMessages.failed,
        detail: '',
        fields: { alias: shortenerMessages.aliasReserved },
      },
    ],
    [
      'a timeout',
      new ApiError('The server took too long to answer.', 0, 'TIMEOUT'),
      { alert: shortenerMessages.failed, detail: '', fields: {} },
    ],
    [
      'no connection',
      new ApiError('Could not reach the server.', 0, 'NETWORK'),
      { alert: shortenerMessages.failed, detail: '', fields: {} },
    ],
    ['anything else thrown', new Error('boom'), { alert: shortenerMessages.failed, detail: '', fields: {} }],
  ])('refusal: %s', (_, error, shown) => {
    expect(refusal(error)).toEqual(shown);
  });
});
